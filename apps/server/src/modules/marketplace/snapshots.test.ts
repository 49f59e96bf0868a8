import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { redisAvailable, redisConnections } from '../../test/redis.js';
import { memorySnapshotMemo, redisSnapshotMemo, snapshotKey } from './snapshots.js';

// A process that has served a million feed requests must cost what a fresh one does, so the one
// per-reader structure of the feed (one entry per visitor and query) stays bounded however many readers pass.
describe('memorySnapshotMemo', () => {
  const readerKey = (n: number) => snapshotKey(`v:visitor-${n}`, [12, undefined, 41.8781, -87.6298, 40.2335]);

  it('keeps only the newest readers once full: the first ones are forgotten, the latest still recalled', async () => {
    const memo = memorySnapshotMemo({ maxEntries: 1_000 });
    const at = new Date('2026-11-26T12:00:00Z');
    for (let n = 0; n < 5_000; n++) await memo.remember(readerKey(n), at);

    for (let n = 0; n < 4_000; n += 97) expect(await memo.recall(readerKey(n))).toBeUndefined();
    for (let n = 4_000; n < 5_000; n += 97) expect(await memo.recall(readerKey(n))).toEqual(at);
  });

  it('a reader who comes back moves to the end of the line and outlives newer one-off readers', async () => {
    const memo = memorySnapshotMemo({ maxEntries: 3 });
    const at = new Date('2026-11-26T12:00:00Z');
    for (const n of [1, 2, 3]) await memo.remember(readerKey(n), at);
    await memo.remember(readerKey(1), at);
    await memo.remember(readerKey(4), at);

    expect(await memo.recall(readerKey(1))).toEqual(at);
    expect(await memo.recall(readerKey(2))).toBeUndefined();
  });

  it('forgets a snapshot once its time is up', async () => {
    let now = 0;
    const memo = memorySnapshotMemo({ ttlMs: 1_000, clock: () => now });
    const at = new Date('2026-11-26T12:00:00Z');
    await memo.remember(readerKey(1), at);
    now = 999;
    expect(await memo.recall(readerKey(1))).toEqual(at);
    now = 1_000;
    expect(await memo.recall(readerKey(1))).toBeUndefined();
  });

  it('tells apart readers whose very long user agents differ only at the end', async () => {
    const memo = memorySnapshotMemo();
    const agent = 'Mozilla/5.0 '.repeat(400);
    const first = snapshotKey(`rummage-viewer\n203.0.113.7\n${agent}a`, [12]);
    const second = snapshotKey(`rummage-viewer\n203.0.113.7\n${agent}b`, [12]);
    await memo.remember(first, new Date('2026-11-26T12:00:00Z'));
    await memo.remember(second, new Date('2026-11-26T12:05:00Z'));

    expect(await memo.recall(first)).toEqual(new Date('2026-11-26T12:00:00Z'));
    expect(await memo.recall(second)).toEqual(new Date('2026-11-26T12:05:00Z'));
  });
});

const available = await redisAvailable('snapshots.test.ts');

describe.skipIf(!available)('redisSnapshotMemo', () => {
  const connect = redisConnections();

  it("is shared by two processes and keeps no reader's address in Redis", async () => {
    const prefix = `snapshot-test-${randomBytes(4).toString('hex')}:`;
    const [one, two] = [redisSnapshotMemo(connect(), prefix), redisSnapshotMemo(connect(), prefix)];
    const key = snapshotKey('rummage-viewer\n203.0.113.7\nFirefox', [12, 'lamp']);
    const at = new Date('2026-11-26T12:00:00Z');
    await one.remember(key, at);

    expect(await two.recall(key)).toEqual(at);
    const names = await connect().keys(`${prefix}*`);
    expect(names).toHaveLength(1);
    expect(names[0]).not.toContain('203.0.113.7');
    expect(names[0]).not.toContain('lamp');
  });
});
