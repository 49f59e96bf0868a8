import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { assertValidImageKey } from './keys.js';
import type { ImageStore } from './types.js';

/** URL path under which the app serves the local store's files (see plugins/uploads.ts). */
export const LOCAL_UPLOADS_URL_PREFIX = '/uploads/';

export function createLocalImageStore(root: string): ImageStore {
  const base = resolve(root);

  function pathOf(key: string): string {
    const path = resolve(base, assertValidImageKey(key));
    // The key check already rules out `..`; this is the belt to those braces.
    if (!path.startsWith(base + sep)) throw new TypeError('image key escapes the uploads folder');
    return path;
  }

  return {
    kind: 'local',
    async put(key, body) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      // Written beside the target under a hidden name, then renamed: rename is atomic within one file system, so
      // readers (and a restart after a crash) see either no file or the whole file under the final name.
      const temp = join(dirname(target), `.${basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
      try {
        const handle = await open(temp, 'wx', 0o644);
        try {
          await handle.writeFile(body);
          // Without this, a power cut after the rename can leave an empty file under the final name.
          await handle.datasync();
        } finally {
          await handle.close();
        }
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true }).catch(() => undefined);
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    url(key) {
      return `${LOCAL_UPLOADS_URL_PREFIX}${assertValidImageKey(key)}`;
    },
  };
}
