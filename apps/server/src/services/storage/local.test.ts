import { mkdtempSync, readdirSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import {
  createImageStore,
  createLocalImageStore,
  isValidImageKey,
  newImageId,
  newImageKey,
} from './index.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rummage-store-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Every file under `root`, hidden ones included, as paths relative to it. */
const allFiles = (root: string) =>
  readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1))
    .sort();

describe('image keys', () => {
  it('are random, dated and shaped kind/yyyy/mm/<uuid>-variant.webp', () => {
    const key = newImageKey('products', 'large');
    expect(key).toMatch(/^products\/\d{4}\/\d{2}\/[0-9a-f-]{36}-large\.webp$/);
    expect(newImageKey('products', 'large')).not.toBe(key);
    const id = newImageId();
    expect(newImageKey('covers', 'thumb', id)).toMatch(
      new RegExp(`^covers/\\d{4}/\\d{2}/${id}-thumb\\.webp$`),
    );
    expect(isValidImageKey(key)).toBe(true);
  });

  it('refuse ids, kinds and keys that could escape the folder or address hidden files', () => {
    expect(() => newImageKey('products', 'large', '../../etc')).toThrow(TypeError);
    expect(() => newImageKey('products', 'large', 'short')).toThrow(TypeError);
    expect(() => newImageKey('../x' as 'products', 'large')).toThrow(TypeError);
    for (const key of [
      '',
      '../a.webp',
      'a/../../b.webp',
      '/abs.webp',
      'a//b.webp',
      '.hidden',
      'a/.x.tmp',
      'a\\b',
      'a/',
      'a/b/',
      `${'a'.repeat(129)}.webp`,
    ]) {
      expect({ key, valid: isValidImageKey(key) }).toEqual({ key, valid: false });
    }
  });
});

describe('local image store', () => {
  it('puts, serves by relative URL and deletes; deleting a missing key is fine', async () => {
    const store = createLocalImageStore(dir);
    expect(store.kind).toBe('local');
    const key = newImageKey('profiles', 'large');
    await store.put(key, Buffer.from('first'), 'image/webp');
    await store.put(key, Buffer.from('second'), 'image/webp');
    expect(readFileSync(join(dir, key), 'utf8')).toBe('second');
    expect(store.url(key)).toBe(`/uploads/${key}`);
    expect(allFiles(dir)).toEqual([key]); // no temporary files left behind

    await store.delete(key);
    expect(existsSync(join(dir, key))).toBe(false);
    await expect(store.delete(key)).resolves.toBeUndefined();
    await expect(store.delete(newImageKey('covers', 'thumb'))).resolves.toBeUndefined();
  });

  it('refuses unsafe keys before touching the disk', async () => {
    const store = createLocalImageStore(join(dir, 'uploads'));
    await expect(store.put('../outside.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(TypeError);
    await expect(store.delete('../../etc/passwd')).rejects.toThrow(TypeError);
    expect(() => store.url('a/../../b')).toThrow(TypeError);
    expect(allFiles(dir)).toEqual([]);
  });

  it('is the default store, under DATA_DIR/uploads', async () => {
    const store = createImageStore(loadConfig({ DATA_DIR: dir }));
    expect(store.kind).toBe('local');
    const key = newImageKey('products', 'thumb');
    await store.put(key, Buffer.from('x'), 'image/webp');
    expect(existsSync(join(dir, 'uploads', key))).toBe(true);
  });
});
