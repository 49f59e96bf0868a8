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

/**
 * Key of one reader's feed: who reads it (readerIdentity: a user id, or an IP and user agent) and what they asked
 * for, as plain text. The in-process memo keeps it as it is unless it is long (a profile of anonymous first pages
 * put ~2% of the app's samples in hashing it); what leaves the process (Redis) is hashed, as before, so
 * no IP is stored there and keys written by an older process still match.
 */
export function snapshotKey(viewer: string, parts: ReadonlyArray<string | number | undefined>): string {
  return [viewer, ...parts.map((part) => (part === undefined ? '' : String(part)))].join('\u0000');
}

const hashed = (key: string) => createHash('sha256').update(key).digest('base64url');

/** A user agent can be kilobytes long; past this many characters a key is kept as its hash, so entries stay small. */
const LONGEST_PLAIN_KEY = 256;

/** In-process memo, capped so a crawler cycling through queries cannot grow it without bound. */
export function memorySnapshotMemo(
  options: { maxEntries?: number; ttlMs?: number; clock?: () => number } = {},
): SnapshotMemo {
  const maxEntries = options.maxEntries ?? 20_000;
  const ttlMs = options.ttlMs ?? SNAPSHOT_TTL_MS;
  const clock = options.clock ?? Date.now;
  const entries = new Map<string, { at: number; expires: number }>();
  const bounded = (key: string) => (key.length > LONGEST_PLAIN_KEY ? hashed(key) : key);
  return {
    async remember(plain, at) {
      const key = bounded(plain);
      entries.delete(key); // re-inserting moves it to the back: Map order is the eviction order
      entries.set(key, { at: at.getTime(), expires: clock() + ttlMs });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
    async recall(plain) {
      const key = bounded(plain);
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
  const name = (key: string) => `${prefix}feed-snapshot:${hashed(key)}`;
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
