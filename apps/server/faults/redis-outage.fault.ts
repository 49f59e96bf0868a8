/**
 * Redis stopped under two server processes that share one PostgreSQL database and one Redis: REST throughput
 * holds (≥ 0.9× of the same request mix with Redis up), chats between two people on the same process stay live,
 * cross-process delivery resumes once Redis is back, a message sent across meanwhile reaches the receiver's open
 * page once Redis is back (decision 0021), and is in their history after they reconnect.
 */
import { readFileSync } from 'node:fs';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, apiPath } from '@rummage/contract';
import {
  connectChat,
  createListing,
  historyTexts,
  noisePhoto,
  NO_CAPTCHA,
  sendMessage,
  signUp,
  type ChatClient,
  type Person,
} from './harness/api.js';
import { createPostgres, type PostgresCluster } from './harness/postgres.js';
import { createRedis, type RedisServer } from './harness/redis.js';
import { startServer, type ServerProcess } from './harness/server.js';

/** Requests per throughput round, spread over LOOPS concurrent fetch loops. */
const ROUND_REQUESTS = 300;
const LOOPS = 4;
/** Pairs of rounds (Redis up, Redis down) compared. */
const PAIRS = 5;
const RESUME_WITHIN_MS = 5_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

let postgres: PostgresCluster;
let redis: RedisServer;
let a: ServerProcess;
let b: ServerProcess;
/** Seller alice and buyer bob on process A; seller dave and buyer carol on process B; carol also asks alice. */
let alice: Person, bob: Person, carol: Person, dave: Person;
let aliceItem: number, daveItem: number;
const clients: ChatClient[] = [];

/** Waits until both processes hold their Redis connections again (shared + backplane subscriber each). */
async function redisUsedByBoth(): Promise<void> {
  const probe = new Redis(redis.url(), { lazyConnect: true, maxRetriesPerRequest: 0 });
  await probe.connect();
  try {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const list = await probe.client('LIST');
      const others = String(list).trim().split('\n').length - 1;
      if (others >= 4) return;
      if (Date.now() > deadline) throw new Error(`only ${others} server connections to Redis:\n${list}`);
      await sleep(50);
    }
  } finally {
    probe.disconnect();
  }
}

/** CPU time the process has used so far, in clock ticks (utime + stime from /proc; only ratios are used). */
function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

interface Round {
  /** Requests per second, wall clock. */
  rate: number;
  /** Server CPU ticks per request: what the process pays for one, whatever else the machine is doing. */
  cpu: number;
  failed: number;
}

/** One round of the REST mix (feed and product pages) against `server`. */
async function throughput(server: ServerProcess, productIds: number[]): Promise<Round> {
  const origin = server.origin;
  let next = 0;
  let failed = 0;
  const cpuBefore = cpuTicks(server.pid);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: LOOPS }, async () => {
      // A few failures settle the round (and the test): no need to wait out every hanging request.
      while (next < ROUND_REQUESTS && failed < 5) {
        const index = next++;
        const path =
          index % 2 === 0
            ? API.marketplace.products
            : apiPath(API.product.item, { id: productIds[index % productIds.length]! });
        try {
          const response = await fetch(`${origin}${path}`, { signal: AbortSignal.timeout(5_000) });
          await response.arrayBuffer();
          if (response.status !== 200) failed += 1;
        } catch {
          failed += 1; // no answer within 5 s
        }
      }
    }),
  );
  return {
    rate: ROUND_REQUESTS / ((performance.now() - started) / 1000),
    cpu: (cpuTicks(server.pid) - cpuBefore) / ROUND_REQUESTS,
    failed,
  };
}

beforeAll(async () => {
  [postgres, redis] = await Promise.all([createPostgres(), createRedis()]);
  const env = {
    DATABASE_URL: await postgres.createDatabase('rummage'),
    REDIS_URL: redis.url(),
    ...NO_CAPTCHA,
  };
  // Started together: migrations run once, under the advisory lock.
  [a, b] = await Promise.all([startServer({ env }), startServer({ env })]);
  [alice, bob, carol, dave] = (await Promise.all(
    ['alice', 'bob', 'carol', 'dave'].map((name) => signUp(a.origin, name)),
  )) as [Person, Person, Person, Person];
  const photo = await noisePhoto(64, 48);
  [aliceItem, daveItem] = await Promise.all([
    createListing(a.origin, alice, [photo]),
    createListing(b.origin, dave, [photo]),
  ]);
  // One answered exchange per chat, so CHAT_LIMITS (unanswered messages per minute) never refuse the test's.
  for (const [buyer, seller, item] of [
    [bob, alice, aliceItem],
    [carol, alice, aliceItem],
    [carol, dave, daveItem],
  ] as const) {
    for (const sent of [
      await sendMessage(a.origin, buyer, seller, item, 'Hello, is it available?'),
      await sendMessage(b.origin, seller, buyer, item, 'It is.'),
    ])
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  }
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.stop().catch(() => undefined)));
  await Promise.all([a?.stop(), b?.stop()]);
  await redis?.stop();
  await postgres?.destroy();
});

describe('Redis stopped under two server processes', () => {
  it('keeps REST throughput and same-process chats, then resumes cross-process delivery and re-syncs', async () => {
    const [aliceOnA, bobOnA, carolOnB, daveOnB] = await Promise.all([
      connectChat(a.origin, alice),
      connectChat(a.origin, bob),
      connectChat(b.origin, carol),
      connectChat(b.origin, dave),
    ]);
    clients.push(aliceOnA, bobOnA, carolOnB, daveOnB);
    // The sellers' pages open the chats (ReceiveMessage goes only to the connections in a chat's group).
    await Promise.all([
      aliceOnA.join(carol, aliceItem),
      aliceOnA.join(bob, aliceItem),
      daveOnB.join(carol, daveItem),
    ]);

    // With Redis up, a message crosses from process B to process A.
    await carolOnB.send(alice, aliceItem, 'before the outage');
    await aliceOnA.waitFor('before the outage');

    // REST throughput with Redis up and down, in adjacent pairs (up-down, down-up, up-down…) after a warm-up round,
    // so a burst of load from elsewhere on a shared 2-core machine hits both sides of a pair alike.
    const productIds = [aliceItem, daveItem];
    for (let warmUp = 0; warmUp < 2; warmUp++) await throughput(a, productIds);
    let redisUp = true;
    const setRedis = async (wanted: boolean) => {
      if (wanted === redisUp) return;
      if (wanted) {
        await redis.start();
        await redisUsedByBoth();
      } else {
        await redis.stop();
      }
      redisUp = wanted;
    };
    const rateRatios: number[] = [];
    const cpuRatios: number[] = [];
    const rounds: string[] = [];
    let failedWhileDown = 0;
    for (let pair = 0; pair < PAIRS; pair++) {
      const result: Partial<Record<'up' | 'down', Round>> = {};
      for (const side of pair % 2 === 0 ? (['up', 'down'] as const) : (['down', 'up'] as const)) {
        await setRedis(side === 'up');
        result[side] = await throughput(a, productIds);
      }
      const { up, down } = result as Record<'up' | 'down', Round>;
      failedWhileDown += down.failed;
      rateRatios.push(down.rate / up.rate);
      // Capacity is the inverse of the CPU one request costs: up.cpu / down.cpu.
      cpuRatios.push(up.cpu / down.cpu);
      rounds.push(`${up.rate.toFixed(0)}/${down.rate.toFixed(0)}`);
    }
    await setRedis(false);
    const show = (values: number[]) => values.map((value) => value.toFixed(2)).join(', ');
    console.info(
      `[redis-outage] REST req/s (Redis up/down) ${rounds.join(', ')}: ratios ${show(rateRatios)}, ` +
        `median ${median(rateRatios).toFixed(2)}; CPU per request ratios ${show(cpuRatios)}, ` +
        `median ${median(cpuRatios).toFixed(2)}`,
    );
    // Every request answered while Redis was down.
    expect(failedWhileDown).toBe(0);
    // Requests did not wait on Redis: by the gate of the project's benchmarks (docs/benchmarks.md#method), the req/s ratio fails only
    // when its median misses 0.9 and no pair reaches 0.9 either (a wait on Redis slows every round; noise does not).
    expect(median(rateRatios) >= 0.9 || Math.max(...rateRatios) >= 0.9, show(rateRatios)).toBe(true);
    // Nor did they cost more: the server's CPU per request, which load from elsewhere hardly moves, holds 0.9.
    expect(median(cpuRatios), show(cpuRatios)).toBeGreaterThanOrEqual(0.9);

    // Redis is still down: two people on the same process chat live, on either process.
    await bobOnA.send(alice, aliceItem, 'same process A, Redis down');
    await aliceOnA.waitFor('same process A, Redis down');
    await carolOnB.send(dave, daveItem, 'same process B, Redis down');
    await daveOnB.waitFor('same process B, Redis down');
    // A message across processes is stored, though it cannot be pushed to alice on A now.
    await carolOnB.send(alice, aliceItem, 'sent across while Redis was down');

    // Redis returns: delivery from B to A resumes by itself.
    await redis.start();
    const backAt = performance.now();
    let resumedAt: number | undefined;
    for (let attempt = 0; resumedAt === undefined; attempt++) {
      const text = `after the outage ${attempt}`;
      await carolOnB.send(alice, aliceItem, text);
      resumedAt = await aliceOnA.waitFor(text, 250).catch(() => undefined);
      if (performance.now() - backAt > RESUME_WITHIN_MS + 5_000) break;
    }
    const resumeMs = (resumedAt ?? Infinity) - backAt;
    console.info(
      `[redis-outage] cross-process delivery resumed ${resumeMs.toFixed(0)} ms after Redis returned`,
    );
    expect(resumeMs).toBeLessThan(RESUME_WITHIN_MS);
    // The message sent across during the outage waited in B's memory (within the backplane's catch-up window) and
    // reached alice's open page once Redis was back, once.
    await aliceOnA.waitFor('sent across while Redis was down');
    expect(aliceOnA.received.filter((m) => m.text === 'sent across while Redis was down')).toHaveLength(1);

    // Alice's page reconnects and reloads the chat: the message sent during the outage is there.
    await aliceOnA.stop();
    const aliceAgain = await connectChat(a.origin, alice);
    clients.push(aliceAgain);
    await aliceAgain.join(carol, aliceItem);
    expect(await historyTexts(a.origin, alice, carol, aliceItem)).toContain(
      'sent across while Redis was down',
    );
    await carolOnB.send(alice, aliceItem, 'after reconnecting');
    await aliceAgain.waitFor('after reconnecting');

    expect(carolOnB.refusals).toEqual([]);
    expect(a.exited() || b.exited(), `${a.output()}\n${b.output()}`).toBe(false);
  });
});
