import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { redisAvailable, redisConnections } from '../../test/redis.js';
import { createMetrics } from '../metrics/index.js';
import {
  countingRefusals,
  createMemoryBudgetStore,
  createRedisBudgetStore,
  type BudgetStore,
} from './index.js';

const window = { max: 3, windowMs: 60_000 };

async function takeMany(store: BudgetStore, key: string, count: number, max = window.max) {
  const answers = [];
  for (let n = 0; n < count; n++) answers.push(await store.take(key, { ...window, max }));
  return answers;
}

describe('refusals for metrics', () => {
  it('counts each refused take as a message refused by its budget, and nothing else', async () => {
    const metrics = await createMetrics('metrics-token-for-tests-0123456789');
    const store = countingRefusals(createMemoryBudgetStore(), () => metrics.rateLimited('message'));
    const answers = await takeMany(store, 'chat:9', 5);
    expect(answers.map((a) => a.allowed)).toEqual([true, true, true, false, false]);
    expect((await metrics.scrape()).body).toContain('rummage_rate_limited_total{limit="message"} 2\n');
  });
});

describe('memory budgets', () => {
  it('allows max writes per window, then refuses until the window starts again', async () => {
    let now = 1_000_000;
    const store = createMemoryBudgetStore(() => now);
    const answers = await takeMany(store, 'chat:1', 4);
    expect(answers.map((a) => [a.allowed, a.remaining])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
    ]);
    expect(answers[3]).toMatchObject({ limit: 3, resetMs: 60_000 });
    // Someone else's budget is their own.
    expect((await store.take('chat:2', window)).allowed).toBe(true);
    now += 60_000;
    expect(await store.take('chat:1', window)).toMatchObject({ allowed: true, remaining: 2 });
  });

  it('spends nothing on a refused take, so a lower limit leaves the rest for a higher one', async () => {
    const store = createMemoryBudgetStore();
    await takeMany(store, 'chat:1', 2, 2);
    expect((await store.take('chat:1', { ...window, max: 2 })).allowed).toBe(false);
    expect(await store.take('chat:1', { ...window, max: 3 })).toMatchObject({ allowed: true, remaining: 0 });
  });
});

const available = await redisAvailable('rate-budget.test.ts');

describe.skipIf(!available)('Redis budgets', () => {
  const connect = redisConnections();

  it('is one budget for two processes, even when both take at the same moment', async () => {
    const prefix = `budget-test-${randomBytes(4).toString('hex')}:`;
    const first = createRedisBudgetStore(connect(), prefix);
    const second = createRedisBudgetStore(connect(), prefix);
    const limit = { max: 30, windowMs: 60_000 };
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, n) => (n % 2 ? first : second).take('chat:7', limit)),
    );
    expect(answers.filter((a) => a.allowed)).toHaveLength(30);
    const refused = answers.find((a) => !a.allowed)!;
    expect(refused.remaining).toBe(0);
    expect(refused.resetMs).toBeGreaterThan(0);
    expect(refused.resetMs).toBeLessThanOrEqual(60_000);
  });

  it('lets writes through while Redis is unreachable', async () => {
    const down = new Redis('redis://127.0.0.1:1', {
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      lazyConnect: true,
    });
    down.on('error', () => undefined);
    const warnings: string[] = [];
    const store = createRedisBudgetStore(down, 'unused:', { warn: (_o, message) => warnings.push(message) });
    const answers = await takeMany(store, 'chat:1', 5);
    expect(answers.every((a) => a.allowed)).toBe(true);
    expect(warnings).toHaveLength(1);
    down.disconnect();
  });
});
