/**
 * Reputations as last read (docs/product.md §20). Reading one runs the reputation statement, which for a busy
 * seller goes over thousands of chats and hundreds of deals and ratings: several times the rest of a profile. A
 * reputation read before is answered again while the person's `reputation_version` is the one it was read at
 * (the database bumps it with every change the reputation reads, whichever path makes it: migration 0029), so
 * every process answers a change at once, with no message between processes.
 */
import type { Reputation } from '@rummage/contract';
import type { Database } from '../../db/client.js';
import { reputationOf } from './review.repository.js';

/**
 * How long a reputation is answered again without a change. What moves with time alone: chats leave the reply
 * time's 90 days, and a rating waiting for the other side becomes public when the deal's window ends (the job that
 * publishes it bumps the version moments later).
 */
export const REPUTATION_FRESH_MS = 5 * 60_000;
/** People kept per process: the busiest profiles stay, a reputation is a few hundred bytes. */
const CAPACITY = 10_000;

interface Kept {
  version: number;
  readAt: number;
  reputation: Reputation;
}

const kept = new WeakMap<Database, Map<number, Kept>>();

/**
 * The person's reputation at `at`, given their `reputation_version` as read with the rest of the answer. Read
 * before the statement runs, a version can only be older than what the statement saw: a change in between makes
 * the next answer read again, never keep an older reputation.
 */
export async function reputationAt(
  db: Database,
  userId: number,
  version: number,
  at: Date,
): Promise<Reputation> {
  let memo = kept.get(db);
  if (!memo) kept.set(db, (memo = new Map()));
  const known = memo.get(userId);
  const age = at.getTime() - (known?.readAt ?? 0);
  if (known && known.version === version && age >= 0 && age < REPUTATION_FRESH_MS) return known.reputation;
  const reputation = await reputationOf(db, userId, at);
  // Delete first, so the Map's order is the order of reading and the oldest goes first when it is full.
  memo.delete(userId);
  memo.set(userId, { version, readAt: at.getTime(), reputation });
  if (memo.size > CAPACITY) memo.delete(memo.keys().next().value!);
  return reputation;
}
