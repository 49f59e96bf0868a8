import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { VIEW_DEDUP_WINDOW_MS } from '@rummage/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows, type DatabaseHandle } from '../db/client.js';
import {
  captchaSolutions,
  passwordResetTokens,
  products,
  productViews,
  profileViews,
  sessions,
  users,
} from '../db/schema.js';
import { createMetrics } from '../services/metrics/index.js';
import { buildTestApp, freshDatabase } from '../test/app.js';
import { runOnce } from '../test/jobs.js';
import { purgeExpired } from './purge.js';
import { createJobQueue } from './queue/queue.js';
import { vacuumJob } from './vacuum.js';

let database: { handle: DatabaseHandle; drop(): Promise<void> };
beforeAll(async () => {
  database = await freshDatabase();
  await database.handle.migrate();
});
afterAll(async () => {
  await database?.handle.close();
  await database?.drop();
});

const DAY = 24 * 60 * 60 * 1000;

describe('purge of expired rows', () => {
  it('drops expired and long-revoked sessions, spent reset tokens and old captcha ids, and keeps the rest', async () => {
    const db = database.handle.db;
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const later = (ms: number) => new Date(now.getTime() + ms);
    const [user] = await db
      .insert(users)
      .values({ username: 'purgeuser', email: 'purge@example.test', passwordHash: 'x' })
      .returning({ id: users.id });
    const userId = user!.id;
    await db.insert(sessions).values([
      { tokenHash: 'live', userId, expiresAt: later(DAY) },
      { tokenHash: 'expired', userId, expiresAt: ago(1000) },
      { tokenHash: 'revoked-long-ago', userId, expiresAt: later(DAY), revokedAt: ago(8 * DAY) },
      { tokenHash: 'revoked-recently', userId, expiresAt: later(DAY), revokedAt: ago(DAY) },
    ]);
    await db.insert(passwordResetTokens).values([
      { tokenHash: 'usable', userId, expiresAt: later(DAY) },
      { tokenHash: 'used', userId, expiresAt: later(DAY), usedAt: ago(1000) },
      { tokenHash: 'old', userId, expiresAt: ago(1000) },
    ]);
    await db.insert(captchaSolutions).values([
      { id: 'fresh', expiresAt: later(60_000) },
      { id: 'stale', expiresAt: ago(1000) },
    ]);

    await purgeExpired(db, now);

    const left = async (query: Promise<Array<{ key: string }>>) => (await query).map((row) => row.key).sort();
    expect(await left(db.select({ key: sessions.tokenHash }).from(sessions))).toEqual([
      'live',
      'revoked-recently',
    ]);
    expect(await left(db.select({ key: passwordResetTokens.tokenHash }).from(passwordResetTokens))).toEqual([
      'usable',
    ]);
    expect(await left(db.select({ key: captchaSolutions.id }).from(captchaSolutions))).toEqual(['fresh']);
  });

  it('forgets views older than the once-per-hour window but keeps the counts and the recent viewers', async () => {
    const db = database.handle.db;
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const [seller] = await db
      .insert(users)
      .values({ username: 'viewedseller', email: 'viewed@example.test', passwordHash: 'x', views: 2 })
      .returning({ id: users.id });
    const sellerId = seller!.id;
    const [product] = await db
      .insert(products)
      .values({ sellerId, title: 'Lamp', price: 5, latitude: 41.9, longitude: -87.6, views: 2 })
      .returning({ id: products.id });
    const productId = product!.id;
    await db.insert(productViews).values([
      { productId, viewerKey: 'u:old', viewedAt: ago(VIEW_DEDUP_WINDOW_MS + 60_000) },
      { productId, viewerKey: 'u:recent', viewedAt: ago(60_000) },
    ]);
    await db.insert(profileViews).values([
      { userId: sellerId, viewerKey: 'v:old', viewedAt: ago(VIEW_DEDUP_WINDOW_MS + 60_000) },
      { userId: sellerId, viewerKey: 'v:recent', viewedAt: ago(60_000) },
    ]);

    await purgeExpired(db, now);

    const productViewers = await db
      .select({ key: productViews.viewerKey })
      .from(productViews)
      .where(eq(productViews.productId, productId));
    expect(productViewers.map((row) => row.key)).toEqual(['u:recent']);
    const profileViewers = await db
      .select({ key: profileViews.viewerKey })
      .from(profileViews)
      .where(eq(profileViews.userId, sellerId));
    expect(profileViewers.map((row) => row.key)).toEqual(['v:recent']);
    const [counts] = await db
      .select({ listing: products.views, profile: users.views })
      .from(products)
      .innerJoin(users, eq(users.id, products.sellerId))
      .where(eq(products.id, productId));
    expect(counts).toEqual({ listing: 2, profile: 2 });
  });
});

describe('vacuum', () => {
  it('runs VACUUM ANALYZE on PGlite only', async () => {
    const job = vacuumJob(database.handle);
    if (database.handle.kind === 'pg') {
      expect(job).toBeUndefined();
      return;
    }
    await runOnce(job!);
    const [row] = await queryRows<{ analyzed: boolean }>(
      database.handle.db,
      sql`select last_analyze is not null as analyzed from pg_stat_user_tables where relname = 'users'`,
    );
    expect(row?.analyzed).toBe(true);
  });
});

describe('recurring work on the queue', () => {
  it('defines the recurring kinds when the server is composed, and none with jobs: false', async () => {
    const on = await buildTestApp(
      { BACKUP_DIR: join(tmpdir(), 'rummage-backups-unused') },
      { jobs: true, queue: false },
    );
    const off = await buildTestApp({}, { queue: false });
    try {
      // Notification kinds (e-mail, push) are defined either way; only the recurring work follows `jobs`.
      const recurring = [
        'backup',
        'expire-garage-sales',
        'orphan-uploads',
        'purge-expired',
        'queue.forget-finished-jobs',
        ...(database.handle.kind === 'pglite' ? ['vacuum'] : []),
      ];
      expect(on.app.parts.queue.kinds).toEqual(expect.arrayContaining(recurring));
      expect(off.app.parts.queue.kinds.filter((kind) => recurring.includes(kind))).toEqual([]);
    } finally {
      await on.close();
      await off.close();
    }
  });

  it('runs a recurring kind once at a time across two processes, on its interval', async () => {
    const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
    let running = 0;
    let most = 0;
    const starts: number[] = [];
    const queues = [1, 2].map(() => {
      const queue = createJobQueue({ db: database.handle.db, log: quiet, pollMs: 20 });
      queue.define({
        name: 'test-slow-recurring',
        everyMs: 100,
        handler: async () => {
          starts.push(Date.now());
          most = Math.max(most, (running += 1));
          await new Promise((resolve) => setTimeout(resolve, 150));
          running -= 1;
        },
      });
      return queue;
    });
    for (const queue of queues) await queue.start();
    await vi.waitFor(() => expect(starts.length).toBeGreaterThanOrEqual(4), { timeout: 5_000 });
    for (const queue of queues) await queue.stop();
    expect(most).toBe(1);
    // The next run is due one interval after the last one finished.
    for (let i = 1; i < starts.length; i += 1)
      expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(240);
  });

  it('tells metrics how each run went, by job', async () => {
    const metrics = await createMetrics('metrics-token-for-tests-0123456789');
    const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const queue = createJobQueue({ db: database.handle.db, log: quiet, metrics, pollMs: 20 });
    let calls = 0;
    queue.define({ name: 'fine', everyMs: 10, handler: async () => undefined });
    queue.define({
      name: 'broken',
      everyMs: 10,
      handler: async () => {
        calls += 1;
        throw new Error('disk full');
      },
    });
    await queue.start();
    await vi.waitFor(() => expect(calls).toBeGreaterThanOrEqual(2), { timeout: 5_000 });
    await queue.stop();
    const { body } = await metrics.scrape();
    expect(body).toMatch(/^rummage_job_duration_seconds_count\{task="fine",outcome="ok"\} [1-9]/m);
    expect(body).toMatch(
      /^rummage_job_duration_seconds_count\{task="broken",outcome="error"\} ([2-9]|\d{2,})$/m,
    );
    expect(body).toMatch(/^rummage_job_last_success_timestamp_seconds\{task="fine"\} \d/m);
    expect(body).not.toMatch(/rummage_job_last_success_timestamp_seconds\{task="broken"\}/);
  });
});
