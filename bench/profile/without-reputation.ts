/**
 * The review repository with `reputationOf` answering a reputation of nobody without a statement: the floor of
 * bench/profile (see without-reputation.mjs). Local exports take precedence over `export *`, so every other
 * function is the real one.
 */
import type { Reputation } from '@rummage/contract';

export * from '../../apps/server/src/modules/deal/review.repository.js';

export function reputationOf(): Promise<Reputation> {
  return Promise.resolve({
    average: null,
    count: 0,
    asSeller: { average: null, count: 0 },
    asBuyer: { average: null, count: 0 },
    deals: 0,
    medianReplyMinutes: null,
  });
}
