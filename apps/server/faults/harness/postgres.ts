/**
 * A PostgreSQL cluster of the fault test's own (never the shared one on 5432), so a test can stop and start it
 * under a running server. initdb takes a few seconds: create one cluster per test file (beforeAll) and
 * `destroy()` it in afterAll.
 *
 *   const pg = await createPostgres();
 *   const url = await pg.createDatabase('rummage');   // postgres://postgres@127.0.0.1:<port>/rummage
 *   await pg.stop({ mode: 'immediate' });              // the outage (crash-like); 'fast' = clean shutdown
 *   await pg.start();                                  // same port, same data
 *   await pg.destroy();
 *
 * We run as root and PostgreSQL refuses to, so every binary runs as the `postgres` OS user via runuser.
 */
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './server.js';

const run = promisify(execFile);

export interface PostgresCluster {
  readonly port: number;
  /** Temporary directory holding the data directory, the socket and the log. */
  readonly dir: string;
  /** Connection string for a database in this cluster (user postgres, trust auth). */
  url(dbName?: string): string;
  /** Creates a database (a fresh name by default) and returns its URL. */
  createDatabase(name?: string): Promise<string>;
  /** Starts the cluster (again) on the same port; resolves once it accepts connections. */
  start(): Promise<void>;
  /** `immediate` aborts like a crash (clients see their connections drop); `fast` is the clean shutdown. */
  stop(options?: { mode?: 'immediate' | 'fast' }): Promise<void>;
  /** Stops the cluster if it runs and removes its directory. */
  destroy(): Promise<void>;
}

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => existsSync(join(root, name, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0]) throw new Error(`no PostgreSQL server binaries under ${root}/*/bin`);
  return join(root, versions[0], 'bin');
}

const asRoot = () => process.getuid?.() === 0;

/** [command, args] running a PostgreSQL binary as the `postgres` OS user (PostgreSQL refuses to run as root). */
function asPostgresCommand(binary: string, args: string[]): [string, string[]] {
  return asRoot() ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, args];
}

const asPostgres = (binary: string, args: string[]) => run(...asPostgresCommand(binary, args));

let databaseCounter = 0;

export async function createPostgres(): Promise<PostgresCluster> {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), 'rummage-fault-pg-'));
  const dataDir = join(dir, 'data');
  const logFile = join(dir, 'postgres.log');
  try {
    if (asRoot()) {
      const { stdout: uid } = await run('id', ['-u', 'postgres']);
      const { stdout: gid } = await run('id', ['-g', 'postgres']);
      chownSync(dir, Number(uid.trim()), Number(gid.trim()));
    }
    const initdbArgs = ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'];
    await asPostgres(join(bin, 'initdb'), initdbArgs);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const port = await freePort();
  let running = false;
  // A test process that dies without its afterAll must not leave a PostgreSQL server behind.
  const stopOnExit = () => {
    if (running) {
      try {
        const stop = asPostgresCommand(join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', 'stop']);
        execFileSync(stop[0], stop[1], { stdio: 'ignore' });
      } catch {
        // already gone
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stopOnExit);

  const url = (dbName = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${dbName}`;
  const pgCtl = (args: string[]) => asPostgres(join(bin, 'pg_ctl'), ['-D', dataDir, ...args]);

  const cluster: PostgresCluster = {
    port,
    dir,
    url,
    async start() {
      const options = [
        `-p ${port}`,
        '-c listen_addresses=127.0.0.1',
        `-c unix_socket_directories=${dir}`,
        // Skips flushing to disk only: a stopped or crashed PostgreSQL keeps every commit (the OS still has it).
        // Never synchronous_commit=off here: that acknowledges commits an immediate stop then loses.
        '-c fsync=off',
      ].join(' ');
      // -w waits until the server accepts connections.
      await pgCtl(['-w', '-t', '60', '-l', logFile, '-o', options, 'start']);
      running = true;
    },
    async stop({ mode = 'immediate' } = {}) {
      if (!running) return;
      await pgCtl(['-w', '-t', '60', '-m', mode, 'stop']);
      running = false;
    },
    async createDatabase(name = `fault_${process.pid}_${++databaseCounter}`) {
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name}"`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    async destroy() {
      try {
        await cluster.stop({ mode: 'immediate' });
      } finally {
        process.off('exit', stopOnExit);
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
  await cluster.start();
  return cluster;
}
