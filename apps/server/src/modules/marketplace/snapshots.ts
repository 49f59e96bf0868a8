import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * Where a feed's snapshot time is kept between its page requests for clients that do not echo `before` (the
 * SPEC's client sends only page numbers). Losing an entry is harmless: the page is then read against "now", which
 * can repeat an item (the client de-duplicates by id) but never skip one. See docs/decisions/0004-feed-paging.md.
 */
export interface SnapshotMemo {
  remember(key: string, at: Date): Promise<void>;
  recall(key: string): Promise<Date | undefined>;
}

/** A reader's scroll session rarely lasts longer; after that a fresh page 1 is expected anyway. */
export const SNAPSHOT_TTL_MS = 30 * 60 * 1000;

/** Key of one reader's feed: who reads it (readerIdentity: an IP and user agent) and what they asked for, hashed. */
export function snapshotKey(viewer: string, parts: ReadonlyArray<string | number | undefined>): string {
  return createHash('sha256')
    .update([viewer, ...parts.map((part) => (part === undefined ? '' : String(part)))].join('\u0000'))
    .digest('base64url');
}

/** In-process memo, capped so a crawler cycling through queries cannot grow it without bound. */
export function memorySnapshotMemo(
  options: { maxEntries?: number; ttlMs?: number; clock?: () => number } = {},
): SnapshotMemo {
  const maxEntries = options.maxEntries ?? 20_000;
  const ttlMs = options.ttlMs ?? SNAPSHOT_TTL_MS;
  const clock = options.clock ?? Date.now;
  const entries = new Map<string, { at: number; expires: number }>();
  return {
    async remember(key, at) {
      entries.delete(key); // re-inserting moves it to the back: Map order is the eviction order
      entries.set(key, { at: at.getTime(), expires: clock() + ttlMs });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
    async recall(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expires <= clock()) {
        entries.delete(key);
        return undefined;
      }
      return new Date(entry.at);
    },
  };
}

/** Shared by every process when REDIS_URL is set; a Redis outage degrades to "no memo", never to an error. */
export function redisSnapshotMemo(redis: Redis, prefix: string, ttlMs = SNAPSHOT_TTL_MS): SnapshotMemo {
  const name = (key: string) => `${prefix}feed-snapshot:${key}`;
  return {
    async remember(key, at) {
      await redis.set(name(key), String(at.getTime()), 'PX', ttlMs).catch(() => undefined);
    },
    async recall(key) {
      const value = await redis.get(name(key)).catch(() => null);
      const ms = value === null ? NaN : Number(value);
      return Number.isFinite(ms) ? new Date(ms) : undefined;
    },
  };
}
