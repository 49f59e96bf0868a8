import { existsSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.js';
import { productImages, users } from '../db/schema.js';
import {
  createLocalImageStore,
  newImageId,
  newImageKey,
  type ImageStore,
} from '../services/storage/index.js';
import { freshDatabase } from '../test/app.js';
import { insertListing } from '../modules/product/product.repository.js';
import { sweepOrphanUploads } from './orphan-uploads.js';

const HOUR = 60 * 60 * 1000;
const GRACE = HOUR;

let database: { handle: DatabaseHandle; drop(): Promise<void> };
let dir: string;
let store: ImageStore;
let sellerId: number;

beforeAll(async () => {
  database = await freshDatabase();
  await database.handle.migrate();
  const [user] = await database.handle.db
    .insert(users)
    .values({ username: 'sweeper', email: 'sweeper@example.test', passwordHash: 'x' })
    .returning({ id: users.id });
  sellerId = user!.id;
});
afterAll(async () => {
  await database?.handle.close();
  await database?.drop();
});
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rummage-sweep-'));
  store = createLocalImageStore(dir);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Stores an image and dates its file `ageMs` back, as if written that long ago. */
async function stored(key: string, ageMs: number): Promise<string> {
  await store.put(key, Buffer.from(`image ${key}`), 'image/webp');
  const at = new Date(Date.now() - ageMs);
  utimesSync(join(dir, key), at, at);
  return key;
}

const onDisk = (key: string) => existsSync(join(dir, key));

async function listingWith(images: Array<{ largeKey: string; thumbKey: string }>): Promise<number> {
  const productId = await insertListing(database.handle.db, {
    sellerId,
    title: 'Desk lamp',
    price: 5,
    latitude: 40,
    longitude: -75,
  });
  await database.handle.db
    .insert(productImages)
    .values(images.map((keys, position) => ({ productId, position, ...keys, width: 10, height: 10 })));
  return productId;
}

describe('orphan upload sweep', () => {
  it('deletes old images nothing uses and keeps every image a listing, avatar or cover shows', async () => {
    const old = 2 * GRACE;
    const id = newImageId();
    const listed = {
      largeKey: await stored(newImageKey('products', 'large', id), old),
      thumbKey: await stored(newImageKey('products', 'thumb', id), old),
    };
    // A thumbnail whose name does not pair with its large rendition is still found.
    const unpaired = {
      largeKey: await stored(newImageKey('products', 'large'), old),
      thumbKey: await stored(newImageKey('products', 'thumb'), old),
    };
    await listingWith([listed, unpaired]);
    const avatar = await stored(newImageKey('profiles', 'thumb'), old);
    const cover = await stored(newImageKey('covers', 'large'), old);
    // The cover URL was saved under another public address (S3_PUBLIC_URL changed since): still in use.
    await database.handle.db
      .update(users)
      .set({ imageUrl: store.url(avatar), coverPhotoUrl: `https://old-cdn.example.com/img/${cover}` })
      .where(eq(users.id, sellerId));

    const orphanId = newImageId();
    const orphans = [
      await stored(newImageKey('products', 'large', orphanId), old),
      await stored(newImageKey('products', 'thumb', orphanId), old),
      await stored(newImageKey('profiles', 'thumb'), old),
      await stored(newImageKey('covers', 'large'), old),
    ];
    // An upload in progress: its files are written, its row not committed yet.
    const inFlight = await stored(newImageKey('products', 'large'), GRACE / 2);
    // Not a name the app makes: someone else's file, left alone.
    const foreign = 'products/2026/01/backup-of-my-photo.webp';
    await stored(foreign, old);

    const result = await sweepOrphanUploads({ db: database.handle.db, store, graceMs: GRACE });

    expect(result.deleted.sort()).toEqual([...orphans].sort());
    for (const key of orphans) expect(onDisk(key)).toBe(false);
    for (const key of [
      listed.largeKey,
      listed.thumbKey,
      unpaired.largeKey,
      unpaired.thumbKey,
      avatar,
      cover,
    ]) {
      expect({ key, kept: onDisk(key) }).toEqual({ key, kept: true });
    }
    expect(onDisk(inFlight)).toBe(true);
    expect(onDisk(foreign)).toBe(true);
    expect(result.checked).toBe(10);

    // Once the in-flight upload is old and still unused, the next sweep takes it.
    const later = await sweepOrphanUploads({
      db: database.handle.db,
      store,
      graceMs: GRACE,
      now: new Date(Date.now() + GRACE),
    });
    expect(later.deleted).toEqual([inFlight]);
  });

  it('checks large batches a slice at a time and sweeps across slices', async () => {
    const keep = await stored(newImageKey('products', 'large'), 2 * GRACE);
    await listingWith([{ largeKey: keep, thumbKey: keep }]);
    const orphans: string[] = [];
    for (let i = 0; i < 7; i++) orphans.push(await stored(newImageKey('products', 'thumb'), 2 * GRACE));

    const result = await sweepOrphanUploads({ db: database.handle.db, store, graceMs: GRACE, batchSize: 3 });

    expect(result.deleted.sort()).toEqual(orphans.sort());
    expect(onDisk(keep)).toBe(true);
  });

  it('removes temporary files of writes a crash interrupted, but not those of a write in progress', async () => {
    const key = newImageKey('products', 'large');
    const folder = dirname(join(dir, key));
    await store.put(key, Buffer.from('x'), 'image/webp');
    const abandoned = join(folder, `.${key.split('/').pop()}.0123456789ab.tmp`);
    const writing = join(folder, `.${key.split('/').pop()}.ba9876543210.tmp`);
    writeFileSync(abandoned, 'half an image');
    writeFileSync(writing, 'half an image');
    const old = new Date(Date.now() - 2 * GRACE);
    utimesSync(abandoned, old, old);

    const result = await sweepOrphanUploads({ db: database.handle.db, store, graceMs: GRACE });

    expect(result.abandonedWrites).toBe(1);
    expect(existsSync(abandoned)).toBe(false);
    expect(existsSync(writing)).toBe(true);
  });

  it('does nothing on a store that cannot list, and on an empty uploads folder', async () => {
    const key = await stored(newImageKey('products', 'large'), 2 * GRACE);
    const blind: ImageStore = { kind: 'local', put: store.put, delete: store.delete, url: store.url };
    expect(await sweepOrphanUploads({ db: database.handle.db, store: blind, graceMs: GRACE })).toEqual({
      checked: 0,
      deleted: [],
      abandonedWrites: 0,
    });
    expect(onDisk(key)).toBe(true);

    const empty = createLocalImageStore(join(dir, 'not-created-yet'));
    const result = await sweepOrphanUploads({ db: database.handle.db, store: empty, graceMs: GRACE });
    expect(result.checked).toBe(0);
  });
});
