import { describe, expect, it } from 'vitest';
import { recovery, reconnects } from '../../apps/server/faults/harness/failover-figures.js';
import type { ClientRecord, ShardReport } from '../../apps/server/faults/harness/failover-wire.js';

const KILL = 100_000;

function report(
  deliveries: Array<[sentAt: number, latency: number]>,
  clients: ClientRecord[] = [],
): ShardReport {
  return {
    sent: 0,
    acked: [],
    unanswered: 0,
    refused: {},
    failures: {},
    deliveries: {
      sentAt: deliveries.map(([sentAt]) => sentAt),
      latency: deliveries.map(([, latency]) => latency),
      messageId: deliveries.map((_, index) => index),
    },
    clients,
  };
}

/** `perSecond` deliveries in each second from `from` (ms after the kill), each taking `latency`. */
const steady = (from: number, seconds: number, latency: number, perSecond = 10) =>
  Array.from({ length: seconds * perSecond }, (_, i): [number, number] => [
    KILL + from + (i * 1000) / perSecond,
    latency,
  ]);

describe('the failover figures', () => {
  it('finds the first five seconds after the kill whose pooled p99 is within twice the pre-kill p99', () => {
    const reports = [report([...steady(-5_000, 5, 20), ...steady(0, 3, 900), ...steady(3_000, 10, 30)])];
    const result = recovery(reports, { from: KILL - 5_000, killAt: KILL, until: KILL + 13_000 });
    expect(result.preKillP99Ms).toBe(20);
    expect(result.boundMs).toBe(40);
    expect(result.recoveredAfterMs).toBe(3_000);
    // 30 ms is over the pre-kill p99 itself: never back at 1×.
    expect(result.recoveredAfterMsAt1x).toBeNull();
    expect(result.seconds.map((second) => second.p99Ms)).toEqual([900, 900, 900, ...Array(10).fill(30)]);
  });

  it('does not count a second without deliveries as back', () => {
    const reports = [report([...steady(-5_000, 5, 20), ...steady(0, 4, 20), ...steady(5_000, 4, 20)])];
    expect(
      recovery(reports, { from: KILL - 5_000, killAt: KILL, until: KILL + 9_000 }).recoveredAfterMs,
    ).toBeNull();
  });

  it('times each moved client from the kill to its rejoin, and counts those on the survivor', () => {
    const client = (first: string, last: string, reconnectedAt: number | null, drops = 1): ClientRecord => ({
      firstUpstream: first,
      upstream: last,
      joined: reconnectedAt !== null,
      drops,
      droppedAt: reconnectedAt === null ? null : KILL + 5,
      reconnectedAt,
      attempts: 2,
      steps: [1, 2, 3, 4],
    });
    const moved = reconnects(
      [
        report(
          [],
          [
            client('a', 'b', KILL + 1_000),
            client('a', 'b', KILL + 6_000),
            client('a', 'a', null),
            client('b', 'b', null, 0),
          ],
        ),
      ],
      'a',
      'b',
      KILL,
    );
    expect(moved).toMatchObject({
      moved: 3,
      reconnected: 2,
      maxMs: 6_000,
      withinGoal: 1,
      onSurvivor: 2,
      survivorDrops: 0,
      stepsP50Ms: [1, 2, 3, 4],
    });
  });
});
