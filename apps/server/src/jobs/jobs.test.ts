import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows, type DatabaseHandle } from '../db/client.js';
import { captchaSolutions, passwordResetTokens, sessions, users } from '../db/schema.js';
import { freshDatabase } from '../test/app.js';
import { purgeExpired } from './purge.js';
import { startJobs } from './scheduler.js';
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
});

describe('vacuum', () => {
  it('runs VACUUM ANALYZE on PGlite only', async () => {
    const job = vacuumJob(database.handle);
    if (database.handle.kind === 'pg') {
      expect(job).toBeUndefined();
      return;
    }
    await job!.run();
    const [row] = await queryRows<{ analyzed: boolean }>(
      database.handle.db,
      sql`select last_analyze is not null as analyzed from pg_stat_user_tables where relname = 'users'`,
    );
    expect(row?.analyzed).toBe(true);
  });
});

describe('scheduler', () => {
  it('runs jobs on their interval, never overlapping, and stop() waits for a run in progress', async () => {
    vi.useFakeTimers();
    try {
      let runs = 0;
      let finish: () => void = () => undefined;
      const scheduler = startJobs(
        [
          {
            name: 'slow',
            everyMs: 1000,
            run: () => new Promise<void>((resolve) => ((runs += 1), (finish = resolve))),
          },
        ],
        { error: () => undefined },
      );
      await vi.advanceTimersByTimeAsync(3500);
      expect(runs).toBe(1);
      finish();
      await vi.advanceTimersByTimeAsync(1000);
      expect(runs).toBe(2);
      const stopped = scheduler.stop();
      finish();
      await stopped;
      await vi.advanceTimersByTimeAsync(5000);
      expect(runs).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
