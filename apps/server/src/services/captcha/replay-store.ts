import type { ReplayStore } from './types.js';

/** How often expired ids are swept; sweeping on every call would make each verify O(n). */
const SWEEP_INTERVAL_MS = 60_000;

/**
 * In-process replay store for tests and single-process installs. Several processes must share a
 * store backed by the database instead, or a payload could be spent once per process.
 *
 * Memory stays bounded without a size cap: an id is only recorded after its proof of work verified,
 * and it is dropped once its challenge has expired (an expired challenge fails verification anyway,
 * so forgetting it cannot re-enable a replay).
 */
export function createMemoryReplayStore(): ReplayStore {
  const used = new Map<string, number>();
  let nextSweep = 0;

  return {
    // Nothing here awaits, so check-and-set runs without interleaving: concurrent submissions of
    // the same payload cannot both see the id as unused.
    async markUsed(id: string, expiresAt: Date): Promise<boolean> {
      const now = Date.now();
      if (now >= nextSweep) {
        nextSweep = now + SWEEP_INTERVAL_MS;
        for (const [key, until] of used) {
          if (until < now) used.delete(key);
        }
      }
      if (used.has(id)) return false;
      used.set(id, expiresAt.getTime());
      return true;
    },
  };
}
