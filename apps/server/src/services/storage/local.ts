import { randomBytes } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { open, opendir, readFile, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { assertValidImageKey, isValidImageKey } from './keys.js';
import type { ImageStore, StoredObject } from './types.js';
import { makeFolder } from '../../lib/folders.js';

/** URL path under which the app serves the local store's files (see plugins/uploads.ts). */
export const LOCAL_UPLOADS_URL_PREFIX = '/uploads/';

/** A temporary file of `put` below: `.<name>.<12 hex>.tmp`. */
const TEMPORARY_FILE = /^\..+\.[0-9a-f]{12}\.tmp$/;

interface FoundFile {
  path: string;
  entry: Dirent;
}

/** Every file under `dir`, one directory open at a time, so millions of files never sit in memory together. */
async function* walk(dir: string): AsyncGenerator<FoundFile> {
  let handle;
  try {
    handle = await opendir(dir);
  } catch (error) {
    // No uploads yet (or the folder went away under us): nothing to list.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for await (const entry of handle) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield { path, entry };
  }
}

/** mtime of a file, or undefined when it vanished since it was listed (deleted by a request meanwhile). */
async function modifiedAt(path: string): Promise<Date | undefined> {
  try {
    return (await stat(path)).mtime;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

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
      await makeFolder(dirname(target));
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
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    url(key) {
      return `${LOCAL_UPLOADS_URL_PREFIX}${assertValidImageKey(key)}`;
    },
    async *list(): AsyncGenerator<StoredObject> {
      for await (const { path } of walk(base)) {
        const key = relative(base, path).split(sep).join('/');
        if (!isValidImageKey(key)) continue;
        const at = await modifiedAt(path);
        if (at) yield { key, modifiedAt: at };
      }
    },
    async removeAbandonedWrites(before) {
      let removed = 0;
      for await (const { path, entry } of walk(base)) {
        if (!TEMPORARY_FILE.test(entry.name)) continue;
        const at = await modifiedAt(path);
        if (!at || at >= before) continue;
        await rm(path, { force: true });
        removed += 1;
      }
      return removed;
    },
  };
}
