import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '../db/client.js';
import { createJobQueue, type JobKind } from '../jobs/queue/queue.js';
import { freshDatabase } from '../test/app.js';
import { runOnce } from '../test/jobs.js';
import { until } from '../test/until.js';
import { createEventBus } from './bus.js';
import { createDurableEvents, processor, processorJob, type DurableEvents } from './durable.js';

// Consequences recorded in a write's transaction: they exist exactly when the write does, each processor's effect
// happens once however often its job runs, and the bus hears of the event only after the commit.

let database: { handle: DatabaseHandle; drop(): Promise<void> };
beforeAll(async () => {
  database = await freshDatabase();
  await database.handle.migrate();
  await database.handle.db.execute(sql`create table effects (processor text, event_id bigint, user_id int)`);
});
afterAll(async () => {
  await database?.handle.close();
  await database?.drop();
});

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const effects = (userId: number) =>
  queryRows<{ processor: string; event_id: string | number }>(
    database.handle.db,
    sql`select processor, event_id from effects where user_id = ${userId} order by processor`,
  );

/** A queue and a recorder with two processors: one a job of its own, one in the recording transaction. */
function setUp() {
  const db = database.handle.db;
  const queue = createJobQueue({ db, log: quiet, pollMs: 200 });
  // The kinds the recorder defines, to run one by hand as the queue would.
  const kinds = new Map<string, JobKind>();
  const define = queue.define.bind(queue);
  queue.define = (kind) => {
    kinds.set(kind.name, kind as JobKind);
    define(kind);
  };
  const bus = createEventBus();
  const told: number[] = [];
  bus.on('user.unbanned', ({ userId }) => void told.push(userId));
  const durable = createDurableEvents({ db, queue, bus });
  durable.register([
    processor({
      event: 'user.unbanned',
      name: 'test.asJob',
      handle: async ({ userId }, { tx, eventId }) => {
        await tx.execute(sql`insert into effects values ('asJob', ${eventId}, ${userId})`);
      },
    }),
    processor({
      event: 'user.unbanned',
      name: 'test.inTransaction',
      inTransaction: true,
      handle: async ({ userId }, { tx, eventId }) => {
        await tx.execute(sql`insert into effects values ('inTransaction', ${eventId}, ${userId})`);
      },
    }),
  ]);
  return { db, queue, durable, told, kinds };
}

/** A point `count` callers wait at until all of them have reached it. */
function barrier(count: number) {
  let arrived = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return () => {
    arrived += 1;
    if (arrived === count) open();
    return opened;
  };
}

/**
 * Two writes at once, each recording two people's events: the first person's, then (once both are halfway) the
 * second's. Given the same two people's keys in the opposite orders, locks taken as they come would deadlock.
 */
function inOppositeOrders(durable: DurableEvents, ...writes: Array<[number, number]>) {
  const halfway = barrier(writes.length);
  return Promise.all(
    writes.map(([first, second]) =>
      durable.transaction(async (_tx, record) => {
        await record('user.unbanned', { userId: first });
        await halfway();
        await record('user.unbanned', { userId: second });
      }),
    ),
  );
}

describe('durable events', () => {
  it('processes a committed event once per processor, and tells the bus after the commit', async () => {
    const { queue, durable, told } = setUp();
    await queue.start();
    await durable.transaction(async (_tx, record) => {
      await record('user.unbanned', { userId: 1 });
      // Not yet: nobody may hear of a write that could still roll back.
      expect(told).toEqual([]);
    });
    expect(told).toEqual([1]);
    await until('both processors', async () => (await effects(1)).length === 2);
    const rows = await effects(1);
    expect(rows.map((row) => row.processor)).toEqual(['asJob', 'inTransaction']);
    // One event, one id, whichever processor handled it.
    expect(Number(rows[0]!.event_id)).toBe(Number(rows[1]!.event_id));
    await queue.stop();
  });

  it('leaves neither effects nor jobs nor news when the write rolls back', async () => {
    const { db, durable, told } = setUp();
    await expect(
      durable.transaction(async (_tx, record) => {
        await record('user.unbanned', { userId: 2 });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    expect(await effects(2)).toEqual([]);
    expect(told).toEqual([]);
    const jobs = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from jobs where name = ${processorJob('test.asJob')}
          and payload->'event'->>'userId' = '2'`,
    );
    expect(jobs[0]!.n).toBe(0);
  });

  it('does its effect once when its job runs again after a crash between its commit and its completion', async () => {
    const { db, durable, kinds } = setUp();
    // The queue is not started: the job stays as recorded, and is run by hand as a crashed worker's retry would.
    await durable.transaction((_tx, record) => record('user.unbanned', { userId: 3 }));
    const [job] = await queryRows<{ payload: unknown }>(
      db,
      sql`select payload from jobs where name = ${processorJob('test.asJob')}
          and payload->'event'->>'userId' = '3'`,
    );
    const kind = kinds.get(processorJob('test.asJob'))!;
    await runOnce(kind, job!.payload);
    await runOnce(kind, job!.payload);
    expect((await effects(3)).map((row) => row.processor)).toEqual(['asJob', 'inTransaction']);
  });

  it("handles one key's events in the order they were recorded, by every processor of that key", async () => {
    const db = database.handle.db;
    const queue = createJobQueue({
      db,
      log: quiet,
      pollMs: 50,
      concurrency: 4,
      backoffMs: 600,
      maxBackoffMs: 600,
    });
    const durable = createDurableEvents({ db, queue, bus: createEventBus() });
    const log: string[] = [];
    const ordered = (name: string) =>
      processor({
        event: 'user.unbanned',
        name,
        inOrderOf: ({ userId }) => `person:${userId % 100}`,
        handle: async ({ userId }) => {
          const again = log.includes(`${name} ${userId} failed`);
          // The first event's first processor fails once (a mail server down, say) and backs off.
          if (name === 'test.ordered.a' && userId === 101 && !again) {
            log.push(`${name} ${userId} failed`);
            throw new Error('not now');
          }
          log.push(`${name} ${userId}`);
        },
      });
    durable.register([ordered('test.ordered.a'), ordered('test.ordered.b')]);
    // 101 and 201 are the same person's (the key), 102 another's.
    for (const userId of [101, 201, 102]) {
      await durable.transaction((_tx, record) => record('user.unbanned', { userId }));
    }
    await queue.start();
    await until('everything told', () => log.length === 7, 10_000);
    expect(log.filter((line) => !line.endsWith(' 102'))).toEqual([
      'test.ordered.a 101 failed',
      'test.ordered.a 101',
      'test.ordered.b 101',
      'test.ordered.a 201',
      'test.ordered.b 201',
    ]);
    // The other person's events did not wait for the retry.
    expect(log.indexOf('test.ordered.b 102')).toBeLessThan(log.indexOf('test.ordered.a 101'));
    await queue.stop();
  });

  // Two open transactions need two connections: PGlite has one.
  it.skipIf(!process.env.DATABASE_URL)(
    'handles one key in the order the transactions committed, and two keys taken in opposite orders never deadlock',
    async () => {
      const db = database.handle.db;
      const queue = createJobQueue({ db, log: quiet, pollMs: 20, concurrency: 4 });
      const durable = createDurableEvents({ db, queue, bus: createEventBus() });
      const handled: number[] = [];
      durable.register([
        processor({
          event: 'user.unbanned',
          name: 'test.commitOrder',
          inOrderOf: ({ userId }) => `person:${userId % 100}`,
          handle: async ({ userId }) => void handled.push(userId),
        }),
      ]);
      await queue.start();

      // The transaction that records first commits last: its event comes after the other's, as the commits did.
      let commitFirst!: () => void;
      const bothRecorded = barrier(2);
      const first = durable.transaction(async (_tx, record) => {
        await record('user.unbanned', { userId: 301 });
        await bothRecorded();
        await new Promise<void>((resolve) => (commitFirst = resolve));
      });
      const second = durable.transaction(async (_tx, record) => {
        await bothRecorded();
        await record('user.unbanned', { userId: 401 });
      });
      await second;
      await until('the committed one handled', () => handled.length === 1, 5_000);
      commitFirst();
      await first;
      await until('both handled', () => handled.length === 2, 5_000);
      expect(handled).toEqual([401, 301]);

      // Each records one person's event, then the other's: the keys' locks are taken at the end, in one order.
      await inOppositeOrders(durable, [311, 312], [412, 411]);
      await until('all handled', () => handled.length === 6, 5_000);
      await queue.stop();
    },
  );

  it.skipIf(!process.env.DATABASE_URL)(
    "enqueues a processor's ordered jobs at its transaction's end, so opposite orders of two writes never deadlock",
    async () => {
      const db = database.handle.db;
      const queue = createJobQueue({ db, log: quiet, pollMs: 20, concurrency: 4 });
      const durable = createDurableEvents({ db, queue, bus: createEventBus() });
      const pushed: number[] = [];
      queue.define<{ userId: number }>({
        name: 'test.browserPush',
        handler: async ({ userId }) => void pushed.push(userId),
      });
      durable.register([
        processor({
          event: 'user.unbanned',
          name: 'test.pushInTransaction',
          inTransaction: true,
          // As the push processor does: one job per browser, in the browser's order.
          handle: async ({ userId }, w) =>
            w.enqueue('test.browserPush', { userId }, { inOrderOf: `browser:${userId % 100}` }),
        }),
      ]);
      await queue.start();
      await inOppositeOrders(durable, [521, 522], [622, 621]);
      await until('every push sent', () => pushed.length === 4, 5_000);
      expect(pushed.toSorted()).toEqual([521, 522, 621, 622]);
      await queue.stop();
    },
  );
});
