/**
 * Where bench/feed gets its PostgreSQL: BENCH_DATABASE_URL (default the local server on 127.0.0.1:5432) when it
 * answers; otherwise a throw-away cluster made with initdb and started with pg_ctl (from the PATH or
 * /usr/lib/postgresql/<version>/bin) in a temporary folder on a free port, stopped and deleted at the end. The
 * cluster keeps PostgreSQL's default settings, as a fresh server has them.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { delimiter, join } from 'node:path';
import pg from 'pg';

export interface Cluster {
  adminUrl: string;
  /** Set for a throw-away cluster; stops it and deletes its folder. */
  stop?: () => void;
}

/** True when a connection to `url` opens within a few seconds. */
export async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The folder holding both initdb and pg_ctl: the PATH first, then the newest /usr/lib/postgresql/<version>/bin. */
export function postgresBinaries(): string | undefined {
  const installed = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql')
        .sort((a, b) => Number(b) - Number(a))
        .map((version) => `/usr/lib/postgresql/${version}/bin`)
    : [];
  const folders = [...(process.env.PATH ?? '').split(delimiter).filter(Boolean), ...installed];
  return folders.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')));
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/** initdb refuses to run as root: as root, the cluster belongs to the `postgres` account. */
function runner(): { run(file: string, args: string[]): void; own(dir: string): void } {
  const asRoot = process.getuid?.() === 0;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return {
    run(file, args) {
      const [command, commandArgs] = asRoot
        ? ['runuser', ['-u', 'postgres', '--', file, ...args]]
        : [file, args];
      execFileSync(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
    },
    own(dir) {
      if (asRoot) chownSync(dir, id('-u'), id('-g'));
    },
  };
}

/** `url` when it answers, else a throw-away cluster (said on `log`); throws with what to install when neither. */
export async function findOrStartPostgres(url: string, log: (line: string) => void): Promise<Cluster> {
  if (await answers(url)) return { adminUrl: url };
  const bin = postgresBinaries();
  if (!bin) {
    throw new Error(
      `nothing answers at ${url.replace(/:[^:@/]*@/, ':…@')}, and no initdb/pg_ctl was found on the PATH or in ` +
        `/usr/lib/postgresql/*/bin. Start a server and set BENCH_DATABASE_URL, or install PostgreSQL's server ` +
        `programs (Debian/Ubuntu: sudo apt-get install postgresql; macOS: brew install postgresql) and run again.`,
    );
  }
  const { run, own } = runner();
  const dir = mkdtempSync(join(os.tmpdir(), 'rummage-bench-pg-'));
  const data = join(dir, 'data');
  own(dir);
  const stop = () => {
    try {
      run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
    } catch {
      // not started, or already gone
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const port = await freePort();
    log(`nothing answers at ${url}: starting a throw-away cluster from ${bin} on port ${port} in ${dir}`);
    run(join(bin, 'initdb'), [
      '-D',
      data,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--locale=C',
      '-N',
    ]);
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`;
    run(join(bin, 'pg_ctl'), ['-D', data, '-l', join(dir, 'server.log'), '-o', options, '-w', 'start']);
    return { adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
  } catch (error) {
    stop();
    throw error;
  }
}
