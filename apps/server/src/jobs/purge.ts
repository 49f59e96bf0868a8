import { and, isNotNull, lt, or } from 'drizzle-orm';
import { PHOTO_MATCH_WINDOW_MS, VIEW_DEDUP_WINDOW_MS } from '@rummage/contract';
import type { Database } from '../db/client.js';
import {
  captchaSolutions,
  emailVerificationSends,
  emailVerificationTokens,
  passwordResetTokens,
  photoHashes,
  productViews,
  profileViews,
  sessions,
} from '../db/schema.js';
import { sweepSearchCounts } from '../modules/marketplace/search/search-report.js';
import { unmarkUnsavedWords } from '../modules/saved-search/saved-search.repository.js';
import type { JobKind } from './queue/queue.js';

/** Revoked sessions are kept a while so a support person can still see recent sign-outs. */
const DAY_MS = 24 * 60 * 60 * 1000;
const KEEP_REVOKED_MS = 7 * DAY_MS;

export async function purgeExpired(db: Database, now = new Date()): Promise<void> {
  const revokedBefore = new Date(now.getTime() - KEEP_REVOKED_MS);
  await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, now),
        and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, revokedBefore)),
      ),
    );
  await db
    .delete(passwordResetTokens)
    .where(or(lt(passwordResetTokens.expiresAt, now), isNotNull(passwordResetTokens.usedAt)));
  await db
    .delete(emailVerificationTokens)
    .where(or(lt(emailVerificationTokens.expiresAt, now), isNotNull(emailVerificationTokens.usedAt)));
  // The daily cap on verification e-mails only looks back a day (modules/account/email-verification.ts).
  await db
    .delete(emailVerificationSends)
    .where(lt(emailVerificationSends.sentAt, new Date(now.getTime() - DAY_MS)));
  await db.delete(captchaSolutions).where(lt(captchaSolutions.expiresAt, now));
  // A view row only stops the same viewer from counting twice within the window; the counts live on the
  // listing and the profile, so an older row is dead weight (one per viewer per item, forever, otherwise).
  const countedBefore = new Date(now.getTime() - VIEW_DEDUP_WINDOW_MS);
  await db.delete(productViews).where(lt(productViews.viewedAt, countedBefore));
  await db.delete(profileViews).where(lt(profileViews.viewedAt, countedBefore));
  // A photo is compared with other sellers' photos of the last 180 days only (docs/product.md §17).
  await db
    .delete(photoHashes)
    .where(lt(photoHashes.createdAt, new Date(now.getTime() - PHOTO_MATCH_WINDOW_MS)));
  // The zero-result report keeps a month of searched words (docs/product.md, "Search").
  await sweepSearchCounts(db, now);
  // New listings' words are measured against the words saved searches type: those no search types any more go.
  await unmarkUnsavedWords(db);
}

export function purgeJob(db: Database, everyMs = 15 * 60 * 1000): JobKind {
  return { name: 'purge-expired', everyMs, timeoutMs: 10 * 60 * 1000, handler: () => purgeExpired(db) };
}
