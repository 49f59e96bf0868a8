import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import {
  PGLITE_EXTENSIONS,
  pgliteStartParams,
  queryRows,
  type Database,
  type DatabaseHandle,
} from '../db/client.js';
import { migrationsDir } from '../lib/package-paths.js';
import { BackupError } from './manifest.js';

/** File names inside a backup: a pg_dump custom-format archive, or PGlite's own gzipped tarball of its directory. */
export const DATABASE_FILE = { pg: 'database.pgdump', pglite: 'database.pglite.tar.gz' } as const;

const PG_TOOLS_HELP =
  'install the PostgreSQL client tools of the server’s major version or newer (Debian/Ubuntu: ' +
  'apt-get install postgresql-client; macOS: brew install libpq) and put them on the PATH.';

/** pg_dump or pg_restore: the PATH first, else the newest /usr/lib/postgresql/<major>/bin (Debian's layout). */
export function findPgTool(name: 'pg_dump' | 'pg_restore'): string {
  for (const dir of (process.env.PATH ?? '').split(delimiter).filter(Boolean)) {
    if (existsSync(join(dir, name))) return join(dir, name);
  }
  const base = '/usr/lib/postgresql';
  const majors = existsSync(base)
    ? readdirSync(base)
        .filter((entry) => /^\d+$/.test(entry))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const major of majors) {
    if (existsSync(join(base, major, 'bin', name))) return join(base, major, 'bin', name);
  }
  throw new BackupError(`${name} was not found on the PATH or in ${base}/*/bin: ${PG_TOOLS_HELP}`);
}

/** Runs a PostgreSQL tool; its own complaint (the last lines of stderr) becomes the readable error. */
function runPgTool(name: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  const tool = findPgTool(name);
  return new Promise((resolvePromise, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    child.on('error', (error) => reject(new BackupError(`${name} could not start: ${error.message}`)));
    child.on('close', (code) => {
      if (code === 0) return resolvePromise();
      const detail = stderr.trim().split('\n').slice(-3).join(' ').replaceAll(/\s+/g, ' ');
      reject(new BackupError(`${name} failed (exit ${code}): ${detail || 'no message'}`));
    });
  });
}

/** The tag of the newest applied migration, or null on a database never migrated. */
export async function lastMigration(db: Database): Promise<string | null> {
  let rows: Array<{ createdAt: string | number }>;
  try {
    rows = await queryRows(
      db,
      sql`select created_at::text as "createdAt" from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
  } catch {
    return null;
  }
  const when = Number(rows[0]?.createdAt);
  if (!Number.isFinite(when)) return null;
  const journal = JSON.parse(readFileSync(join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ when: number; tag: string }>;
  };
  return journal.entries.find((entry) => entry.when === when)?.tag ?? String(when);
}

/** The PGlite engine under an open handle (drizzle keeps it as `$client`). */
function pgliteOf(handle: DatabaseHandle): PGlite {
  const client = (handle.db as { $client?: unknown }).$client;
  if (!(client instanceof PGlite)) throw new Error('not a PGlite database');
  return client;
}

/**
 * Writes a consistent copy of the database to `file`. PGlite dumps its directory between two queries (it runs one
 * at a time), after a checkpoint so the copy needs no recovery; PostgreSQL gets pg_dump's snapshot.
 */
export async function dumpDatabase(
  handle: DatabaseHandle,
  databaseUrl: string | undefined,
  file: string,
): Promise<void> {
  if (handle.kind === 'pg') {
    if (!databaseUrl) throw new Error('a PostgreSQL backup needs DATABASE_URL');
    await runPgTool('pg_dump', [
      '--format=custom',
      '--no-owner',
      `--file=${file}`,
      `--dbname=${databaseUrl}`,
    ]);
    return;
  }
  const client = pgliteOf(handle);
  await client.query('checkpoint');
  const tarball = await client.dumpDataDir('gzip');
  await writeFile(file, Buffer.from(await tarball.arrayBuffer()));
}

/** True when PostgreSQL has no Rummage tables yet (a database just created). */
export async function postgresIsEmpty(db: Database): Promise<boolean> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')`,
  );
  return rows[0]?.n === 0;
}

/** With --force: everything Rummage created goes, so the dump's tables land in an empty schema. */
export async function clearPostgres(db: Database): Promise<void> {
  await db.execute(sql`drop schema if exists drizzle cascade`);
  await db.execute(sql`drop schema if exists public cascade`);
  await db.execute(sql`create schema public`);
}

export function restorePostgres(databaseUrl: string, file: string): Promise<void> {
  return runPgTool('pg_restore', [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    `--dbname=${databaseUrl}`,
    file,
  ]);
}

/** A PGlite directory counts as empty when it is missing or has no files. */
export function pgliteDirIsEmpty(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

/** Unpacks the dumped directory into `dir` (empty); the caller holds the data-dir lock (db/lock.ts). */
export async function restorePglite(dir: string, file: string): Promise<void> {
  const tarball = new Blob([await readFile(file)]);
  // With the server's shared buffers, not PostgreSQL's 128 MB: each MB of them is touched when PGlite starts.
  const client = await PGlite.create(dir, {
    loadDataDir: tarball,
    extensions: PGLITE_EXTENSIONS,
    startParams: pgliteStartParams(),
  });
  await client.close();
}
