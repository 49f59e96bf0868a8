import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type * as FsPromises from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** Test switches for the fs wrapper below: fail the write half-way, or fail the rename. */
const faults = vi.hoisted(() => ({ write: false, rename: false }));

vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof FsPromises>();
  return {
    ...fs,
    async open(...args: Parameters<typeof fs.open>): Promise<FileHandle> {
      const handle = await fs.open(...args);
      if (!faults.write) return handle;
      // Like a full disk: half the bytes land, then the write fails.
      return Object.assign(Object.create(handle) as FileHandle, {
        writeFile: async (data: Buffer) => {
          await handle.writeFile(data.subarray(0, data.length >> 1));
          throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
        },
        close: () => handle.close(),
      });
    },
    async rename(...args: Parameters<typeof fs.rename>) {
      if (faults.rename) throw Object.assign(new Error('EIO: i/o error'), { code: 'EIO' });
      return fs.rename(...args);
    },
  };
});

// The server suite runs its files in one process each worker (isolate: false, vitest.config.ts): the store may
// already be loaded, with the real fs, by an earlier file. Loaded afresh here it takes the fs above; afterAll
// drops both, so later files get the real fs again.
vi.resetModules();
const { createLocalImageStore, newImageKey } = await import('./index.js');
afterAll(() => {
  vi.doUnmock('node:fs/promises');
  vi.resetModules();
});

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rummage-atomic-'));
  faults.write = false;
  faults.rename = false;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('local image store writes atomically', () => {
  it.each(['write', 'rename'] as const)(
    'a failed %s leaves no partial file under the key and no temporary file behind',
    async (fault) => {
      const store = createLocalImageStore(dir);
      const fresh = newImageKey('products', 'large');
      const existing = newImageKey('products', 'thumb');
      await store.put(existing, Buffer.from('the complete old image'), 'image/webp');

      faults[fault] = true;
      const body = Buffer.alloc(64 * 1024, 7);
      await expect(store.put(fresh, body, 'image/webp')).rejects.toThrow(
        fault === 'write' ? 'ENOSPC' : 'EIO',
      );
      await expect(store.put(existing, body, 'image/webp')).rejects.toThrow();

      expect(existsSync(join(dir, fresh))).toBe(false);
      expect(readFileSync(join(dir, existing), 'utf8')).toBe('the complete old image');
      expect(readdirSync(dirname(join(dir, fresh))).sort()).toEqual([existing.split('/').pop()]);
    },
  );
});
