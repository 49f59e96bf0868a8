import { inArray, isNotNull, or } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { productImages, users } from '../db/schema.js';
import type { ImageStore } from '../services/storage/index.js';
import type { JobKind } from './queue/queue.js';

interface Log {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface OrphanSweepOptions {
  db: Database;
  store: ImageStore;
  /**
   * Only files at least this old are judged: an upload writes its files before the row that uses them commits,
   * so a younger unused file may belong to a request still in progress.
   */
  graceMs: number;
  log?: Log;
  now?: Date;
  /** Keys checked against the database per query. */
  batchSize?: number;
}

export interface OrphanSweepResult {
  /** Stored images old enough to be judged. */
  checked: number;
  /** Keys of the images deleted because nothing uses them. */
  deleted: string[];
  /** Temporary files of interrupted writes removed (local store). */
  abandonedWrites: number;
}

/**
 * Names the app gives images (storage/keys.ts). Anything else in the folder or bucket was put there by someone
 * else and is left alone.
 */
const APP_KEY = /^(products|profiles|covers)\/\d{4}\/\d{2}\/[A-Za-z0-9-]{16,64}-(large|thumb)\.webp$/;
/** The key at the end of a stored photo URL (`/uploads/<key>` or `<S3 public URL>/<key>`). */
const KEY_AT_END = /((?:products|profiles|covers)\/\d{4}\/\d{2}\/[A-Za-z0-9-]{16,64}-(?:large|thumb)\.webp)$/;

/**
 * Keys that profile and cover photo URLs point at. Matched on the key at the end of the URL rather than on the
 * whole URL, so a changed S3_PUBLIC_URL can never make a picture someone shows look unused.
 */
async function photoKeysInUse(db: Database): Promise<Set<string>> {
  const rows = await db
    .select({ imageUrl: users.imageUrl, coverPhotoUrl: users.coverPhotoUrl })
    .from(users)
    .where(or(isNotNull(users.imageUrl), isNotNull(users.coverPhotoUrl)));
  const keys = new Set<string>();
  for (const row of rows) {
    for (const url of [row.imageUrl, row.coverPhotoUrl]) {
      const key = url ? KEY_AT_END.exec(url)?.[1] : undefined;
      if (key) keys.add(key);
    }
  }
  return keys;
}

/**
 * Which of `keys` some listing photo row uses. A listing's two renditions share their id (`<id>-large.webp`,
 * `<id>-thumb.webp`), so a thumbnail is found through its large twin on the indexed large_key column; only keys
 * still unmatched after that (the likely orphans, rare) cost a look at thumb_key, which has no index.
 */
async function productKeysInUse(db: Database, keys: string[]): Promise<Set<string>> {
  const inUse = new Set<string>();
  if (keys.length === 0) return inUse;
  const twins = keys.map((key) => key.replace(/-thumb\.webp$/, '-large.webp'));
  const rows = await db
    .select({ largeKey: productImages.largeKey, thumbKey: productImages.thumbKey })
    .from(productImages)
    .where(inArray(productImages.largeKey, [...new Set([...keys, ...twins])]));
  for (const row of rows) inUse.add(row.largeKey).add(row.thumbKey);
  const unmatched = keys.filter((key) => !inUse.has(key));
  if (unmatched.length > 0) {
    const thumbs = await db
      .select({ thumbKey: productImages.thumbKey })
      .from(productImages)
      .where(inArray(productImages.thumbKey, unmatched));
    for (const row of thumbs) inUse.add(row.thumbKey);
  }
  return inUse;
}

/**
 * Deletes stored images that no listing, profile or cover photo uses and that are older than the grace period:
 * the files of an upload whose process died (crash, OOM kill, deploy) between writing them and committing the
 * listing. Safe to run from several processes at once: deleting a missing image is not an error.
 */
export async function sweepOrphanUploads(options: OrphanSweepOptions): Promise<OrphanSweepResult> {
  const { db, store, log } = options;
  const cutoff = new Date((options.now ?? new Date()).getTime() - options.graceMs);
  const batchSize = options.batchSize ?? 500;
  const result: OrphanSweepResult = { checked: 0, deleted: [], abandonedWrites: 0 };
  // A store that cannot list (a test double) has nothing to sweep.
  if (!store.list) return result;

  result.abandonedWrites = (await store.removeAbandonedWrites?.(cutoff)) ?? 0;
  const photoKeys = await photoKeysInUse(db);

  const sweep = async (batch: string[]) => {
    const productKeys = await productKeysInUse(
      db,
      batch.filter((key) => key.startsWith('products/')),
    );
    for (const key of batch) {
      if (productKeys.has(key) || photoKeys.has(key)) continue;
      try {
        await store.delete(key);
        result.deleted.push(key);
      } catch (error) {
        log?.warn({ err: error, key }, 'unused image not deleted; the next sweep tries again');
      }
    }
  };

  let batch: string[] = [];
  for await (const object of store.list()) {
    if (object.modifiedAt >= cutoff || !APP_KEY.test(object.key)) continue;
    result.checked += 1;
    batch.push(object.key);
    if (batch.length >= batchSize) {
      await sweep(batch);
      batch = [];
    }
  }
  if (batch.length > 0) await sweep(batch);

  if (result.deleted.length > 0 || result.abandonedWrites > 0) {
    log?.info(
      { deleted: result.deleted.length, abandonedWrites: result.abandonedWrites, checked: result.checked },
      'removed stored images nothing uses (left by interrupted uploads)',
    );
  }
  return result;
}

export function orphanUploadsJob(
  db: Database,
  store: ImageStore,
  options: { everyMs: number; graceMs: number; log?: Log },
): JobKind {
  // A recurring kind: one sweep at a time across all processes, where each process used to sweep on its own timer.
  return {
    name: 'orphan-uploads',
    everyMs: options.everyMs,
    timeoutMs: 30 * 60 * 1000,
    handler: async () => {
      await sweepOrphanUploads({ db, store, graceMs: options.graceMs, log: options.log });
    },
  };
}
