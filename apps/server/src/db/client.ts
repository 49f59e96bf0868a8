import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql, type SQL } from 'drizzle-orm';
import type { Client, Pool, PoolClient } from 'pg';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrationsDir } from '../lib/package-paths.js';
import { firstConnection } from './first-connection.js';
import { acquireDataDirLock, type DataDirLock } from './lock.js';
import { pgliteNamed, pgliteUnnamed } from './pglite-statements.js';
import { PGLITE_SHARED_BUFFERS_MB } from './pglite-settings.js';
import * as schema from './schema.js';

/** The one database type the whole app uses, whichever driver is underneath. */
/**
 * A migration that rewrites a table (a stored generated column, a type change) copies it in the order its scan
 * reads it, and with synchronized scans that scan starts wherever an earlier scan of the table stopped: 0024 left
 * 1M listings rotated (the newest in the middle of the file, `created_at`'s correlation −0.16 instead of 1), which
 * the planner then reads as listings in no time order. Migrations scan from the start.
 */
const KEEP_ROW_ORDER = 'set synchronize_seqscans = off';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** What a statement runs on: the database, or a transaction of it. */
export type Executor = Database | Transaction;
export type DatabaseKind = 'pglite' | 'pg';

export type DatabaseOptions =
  | {
      kind: 'pg';
      url: string;
      poolSize?: number;
      onPoolError?: (error: Error) => void;
      /** How long opening retries a PostgreSQL that does not answer yet (0: one attempt). */
      waitMs?: number;
      /** Said once when the first attempt fails and opening starts waiting. */
      onWait?: (reason: string) => void;
    }
  // sharedBuffersMb: PGlite's shared_buffers in MB, PGLITE_SHARED_BUFFERS_MB (pglite-settings.ts) when not given.
  | { kind: 'pglite'; dir: string; from?: Blob; sharedBuffersMb?: number }
  | { kind: 'pglite'; inMemory: true; from?: Blob; sharedBuffersMb?: number };

/** Told of each query once it finished (metrics); `failed` when the database refused or lost it. */
export type QueryObserver = (seconds: number, failed: boolean) => void;

/** A PostgreSQL pool's connections and the queries waiting for one. */
export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

export interface DatabaseHandle {
  readonly db: Database;
  readonly kind: DatabaseKind;
  /** Where the data lives, fit for logs (never a password). */
  readonly location: string;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  /** Applies pending migrations from src/db/migrations. Safe to call from several processes at once. */
  migrate(): Promise<void>;
  /**
   * Times every query from now on. Called only with metrics on (METRICS_TOKEN), so otherwise a query runs exactly
   * as the driver runs it.
   */
  observeQueries(observer: QueryObserver): void;
  /** The pool's use right now; undefined on PGlite, which has one connection and no pool. */
  poolUse(): PoolUse | undefined;
  /**
   * A connection of its own, outside the pool, for work that holds one open (the job queue's LISTEN). PostgreSQL
   * only; the caller ends it. Its 'error' event must be listened to, or a lost server ends the process.
   */
  openClient?(): Promise<Client>;
  close(): Promise<void>;
}

function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `PostgreSQL at ${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}

/** The app's pool settings (bench/feed's floor opens its pool with the same). */
export function postgresPoolOptions(options: { url: string; poolSize?: number }) {
  return {
    connectionString: options.url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  };
}

async function openPostgres(options: Extract<DatabaseOptions, { kind: 'pg' }>): Promise<DatabaseHandle> {
  // Loaded only here: the embedded default (PGlite) starts without the PostgreSQL driver.
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  // Before anything else: an unreachable server or a refused password is reported in one line, not as a
  // stack trace from the first migration.
  await firstConnection(pg.Client, options.url, options.waitMs ?? 0, options.onWait);
  const pool = new pg.Pool(postgresPoolOptions(options));
  // An idle client losing its server emits on the pool; unhandled, that would kill the process.
  pool.on('error', (error) => options.onPoolError?.(error));
  // A checked-out client (a transaction between two queries) emits on itself, where pg-pool listens only while it
  // is idle: without this listener a database restart mid-transaction killed the process (faults suite). The
  // transaction's next query fails on its own, and pg-pool discards the broken client when it is released.
  pool.on('connect', (client) => client.on('error', (error) => options.onPoolError?.(error)));
  const db: Database = drizzlePg(pool, { schema });
  return {
    db,
    kind: 'pg',
    location: describeUrl(options.url),
    async ping() {
      await db.execute(sql`select 1`);
    },
    async migrate() {
      const client = await pool.connect();
      try {
        // drizzle does not lock; several processes starting together must not apply the same migration twice.
        await client.query(`select pg_advisory_lock(hashtext('rummage.migrate'))`);
        await client.query(KEEP_ROW_ORDER);
        try {
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder: migrationsDir });
        } finally {
          await client.query('reset synchronize_seqscans');
          await client.query(`select pg_advisory_unlock(hashtext('rummage.migrate'))`);
        }
      } finally {
        client.release();
      }
    },
    observeQueries(observer) {
      observePoolQueries(pool, observer);
    },
    async openClient() {
      const client = new pg.Client({ connectionString: options.url, connectionTimeoutMillis: 5_000 });
      await client.connect();
      return client;
    },
    poolUse: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: pool.options.max,
    }),
    async close() {
      await pool.end();
    },
  };
}

/**
 * The extensions the search needs (migration 0024): PGlite bundles them, but loads only those it is given, on
 * every open of a data directory that uses them.
 */
export const PGLITE_EXTENSIONS = { pg_trgm, unaccent };

/** PGlite's own start parameters (replaced, not extended, by `startParams`) plus its buffer size. */
export function pgliteStartParams(sharedBuffersMb = PGLITE_SHARED_BUFFERS_MB): string[] {
  return [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffersMb}MB`];
}

async function openPglite(options: Extract<DatabaseOptions, { kind: 'pglite' }>): Promise<DatabaseHandle> {
  const dir = 'dir' in options ? options.dir : undefined;
  let lock: DataDirLock | undefined = dir ? acquireDataDirLock(dir) : undefined;
  let client: PGlite;
  try {
    // `from`: a data directory dumped earlier (backup/database-dump.ts), loaded instead of a new one made by initdb.
    const settings = {
      startParams: pgliteStartParams(options.sharedBuffersMb),
      extensions: PGLITE_EXTENSIONS,
      ...(options.from ? { loadDataDir: options.from } : {}),
    };
    client = dir ? await PGlite.create(dir, settings) : await PGlite.create(settings);
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db: Database = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    location: dir ? `PGlite at ${dir}` : 'PGlite in memory',
    async ping() {
      await db.execute(sql`select 1`);
    },
    async migrate() {
      await client.exec(KEEP_ROW_ORDER);
      try {
        await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: migrationsDir });
      } finally {
        await client.exec('reset synchronize_seqscans');
      }
    },
    observeQueries(observer) {
      observePgliteQueries(client, observer);
    },
    poolUse: () => undefined,
    async close() {
      try {
        if (!client.closed) await client.close();
      } finally {
        lock?.release();
        lock = undefined;
      }
    },
  };
}

/** Calls `observer` when `result` settles; answers `result` itself, so its rejection still reaches the caller. */
function timed<T>(result: T, started: number, observer: QueryObserver): T {
  if (result instanceof Promise) {
    result.then(
      () => observer((performance.now() - started) / 1000, false),
      () => observer((performance.now() - started) / 1000, true),
    );
  }
  return result;
}

/** A pg client's queries, promise or callback style (pg-pool's own query() passes a callback). */
function observeClient(client: PoolClient, observer: QueryObserver): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const started = performance.now();
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      args[args.length - 1] = (error: unknown, result: unknown) => {
        observer((performance.now() - started) / 1000, Boolean(error));
        (callback as (error: unknown, result: unknown) => void)(error, result);
      };
      return query(...args);
    }
    return timed(query(...args), started, observer);
  };
}

/**
 * Every query reaches PostgreSQL through a pooled client: drizzle's plain queries through pool.query (which checks
 * one out with this.connect), transactions through pool.connect. Each client is wrapped once, when first handed out.
 */
function observePoolQueries(pool: Pool, observer: QueryObserver): void {
  const observed = new WeakSet<PoolClient>();
  const observe = (client: PoolClient | undefined) => {
    if (client && !observed.has(client)) {
      observed.add(client);
      observeClient(client, observer);
    }
    return client;
  };
  const connect = pool.connect.bind(pool) as (callback?: (...args: unknown[]) => void) => unknown;
  (pool as { connect: unknown }).connect = (callback?: (...args: unknown[]) => void) => {
    if (callback) {
      return connect((error, client, release) => callback(error, observe(client as PoolClient), release));
    }
    return (connect() as Promise<PoolClient>).then(observe);
  };
}

/** PGlite runs statements through query and exec, and a transaction's through the same methods of its `tx`. */
function observePgliteQueries(client: PGlite, observer: QueryObserver): void {
  const wrap = <T extends { query: PGlite['query']; exec: PGlite['exec'] }>(target: T): T => {
    const query = target.query.bind(target);
    const exec = target.exec.bind(target);
    target.query = ((...args: Parameters<PGlite['query']>) => {
      const started = performance.now();
      return timed(query(...args), started, observer);
    }) as PGlite['query'];
    target.exec = ((...args: Parameters<PGlite['exec']>) => {
      const started = performance.now();
      return timed(exec(...args), started, observer);
    }) as PGlite['exec'];
    return target;
  };
  wrap(client);
  const transaction = client.transaction.bind(client);
  client.transaction = ((callback: Parameters<PGlite['transaction']>[0]) =>
    transaction((tx) => callback(wrap(tx)))) as PGlite['transaction'];
}

export function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.kind === 'pg' ? openPostgres(options) : openPglite(options);
}

/**
 * Runs `work` in one transaction. On PGlite this is the only safe way: its transaction API holds the single
 * connection for the whole callback, whereas a bare BEGIN would let other requests' queries run inside it.
 */
export function withTransaction<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(work);
}

/**
 * Rows of a raw SQL query. Both drivers answer `{ rows }`, but the app-wide type cannot know it. Types of raw
 * results differ by driver (`count(*)` is a string from pg, a number from PGlite): cast in SQL (`::int`).
 */
export async function queryRows<T extends Record<string, unknown>>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect();

/**
 * A raw SQL statement rendered once, with `sql.placeholder(key)` for what changes between calls. With a `name`,
 * node-postgres prepares it by that name on each pooled connection the first time and afterwards sends only the
 * values: PostgreSQL parses it once per connection and, after five runs, keeps a generic plan when that plan is
 * no dearer than the custom ones. drizzle's PGlite driver ignores the name, so on PGlite the statement is PREPAREd
 * by that name here (`pgliteNamed`) for the same saving. Without a name it is still rendered once but parsed and
 * planned on every call (for a shape whose generic plan is bad); on PGlite it then goes as node-postgres would send
 * it (`pgliteUnnamed`).
 */
export function preparedRows<T extends Record<string, unknown>>(
  db: Database,
  query: SQL,
  name?: string,
): (values: Record<string, unknown>) => Promise<T[]> {
  const rendered = dialect.sqlToQuery(query);
  const prepared = db._.session.prepareQuery(rendered, undefined, name, false);
  const unnamed = async (values: Record<string, unknown>) =>
    ((await prepared.execute(values)) as { rows: T[] }).rows;
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof PGlite)) return unnamed;
  return name === undefined
    ? pgliteUnnamed(client, rendered, unnamed)
    : pgliteNamed(client, name, rendered, unnamed);
}
