import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrationsDir } from '../lib/package-paths.js';
import { acquireDataDirLock, type DataDirLock } from './lock.js';
import * as schema from './schema.js';

/** The one database type the whole app uses, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DatabaseKind = 'pglite' | 'pg';

export type DatabaseOptions =
  | { kind: 'pg'; url: string; poolSize?: number; onPoolError?: (error: Error) => void }
  | { kind: 'pglite'; dir: string }
  | { kind: 'pglite'; inMemory: true };

export interface DatabaseHandle {
  readonly db: Database;
  readonly kind: DatabaseKind;
  /** Where the data lives, fit for logs (never a password). */
  readonly location: string;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  /** Applies pending migrations from src/db/migrations. Safe to call from several processes at once. */
  migrate(): Promise<void>;
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

async function openPostgres(options: Extract<DatabaseOptions, { kind: 'pg' }>): Promise<DatabaseHandle> {
  // Loaded only here: the embedded default (PGlite) starts without the PostgreSQL driver.
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
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
        try {
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder: migrationsDir });
        } finally {
          await client.query(`select pg_advisory_unlock(hashtext('rummage.migrate'))`);
        }
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}

async function openPglite(options: Extract<DatabaseOptions, { kind: 'pglite' }>): Promise<DatabaseHandle> {
  const dir = 'dir' in options ? options.dir : undefined;
  let lock: DataDirLock | undefined = dir ? acquireDataDirLock(dir) : undefined;
  let client: PGlite;
  try {
    client = dir ? await PGlite.create(dir) : await PGlite.create();
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
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: migrationsDir });
    },
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
 * no dearer than the custom ones. Without a name it is still rendered once but parsed and planned on every call
 * (for a shape whose generic plan is bad). PGlite, a single in-process connection, runs both alike.
 */
export function preparedRows<T extends Record<string, unknown>>(
  db: Database,
  query: SQL,
  name?: string,
): (values: Record<string, unknown>) => Promise<T[]> {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  return async (values) => ((await prepared.execute(values)) as { rows: T[] }).rows;
}
