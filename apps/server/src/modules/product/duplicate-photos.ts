/**
 * Stolen and duplicate photos (docs/product.md §17). Every listing photo's perceptual hash is kept for 180 days,
 * whatever becomes of the listing. A new or edited listing whose new photo lies within PHOTO_MATCH_THRESHOLD bits
 * of another seller's photo from that window gets an automatic report in the staff queue (reason
 * "duplicatePhoto", naming the other listing and its seller). Nothing is hidden: staff judge, as with any report.
 * A seller reusing their own photos is never reported.
 *
 * The hashes are written in the listing's own transaction, with the job that compares them: the listing and its
 * check exist together or not at all, and the comparison (a scan of the window) runs outside the request.
 */
import { PHOTO_MATCH_WINDOW_MS } from '@rummage/contract';
import type { Database } from '../../db/client.js';
import type { JobKind, JobQueue } from '../../jobs/queue/queue.js';
import type { Executor } from '../../jobs/queue/queue.repository.js';
import { PHOTO_MATCH_THRESHOLD, type PhotoHash } from '../../services/images/photo-hash.js';
import * as repo from './duplicate-photos.repository.js';

export const PHOTO_CHECK_JOB = 'listing.photoCheck';

interface PhotoCheck {
  productId: number;
  /** The photo_hashes rows of the photos this write added. */
  hashIds: number[];
}

interface Log {
  info(object: object, message: string): void;
}

/**
 * Inside a listing's create or edit: keeps the hashes of its new photos and enqueues their check. Photos with
 * too little detail to compare (hash null: a flat colour) are left out.
 */
export async function recordListingPhotos(
  tx: Executor,
  queue: Pick<JobQueue, 'enqueue'>,
  listing: { productId: number; sellerId: number; hashes: ReadonlyArray<PhotoHash | null> },
): Promise<void> {
  const hashes = listing.hashes.flatMap((hash) => (hash ? [hash.views] : []));
  const hashIds = await repo.insertPhotoHashes(tx, listing.productId, listing.sellerId, hashes);
  if (hashIds.length === 0) return;
  await queue.enqueue(PHOTO_CHECK_JOB, { productId: listing.productId, hashIds } satisfies PhotoCheck, {
    tx,
  });
}

/** The check: one automatic report per other listing whose photo matches, the nearest first. */
export function photoCheckJob(db: Database, options: { log: Log; clock?: () => Date }): JobKind<PhotoCheck> {
  const clock = options.clock ?? (() => new Date());
  return {
    name: PHOTO_CHECK_JOB,
    maxAttempts: 5,
    async handler({ productId, hashIds }) {
      const since = new Date(clock().getTime() - PHOTO_MATCH_WINDOW_MS);
      const matches = await repo.matchingListings(db, hashIds, { since, threshold: PHOTO_MATCH_THRESHOLD });
      for (const match of matches) {
        // Idempotent per pair: a retry after a crash between two inserts files only what is missing.
        const added = await repo.addDuplicatePhotoReport(db, { productId, ...match });
        if (added) options.log.info({ productId, ...match }, "listing photo matches another seller's photo");
      }
    },
  };
}
