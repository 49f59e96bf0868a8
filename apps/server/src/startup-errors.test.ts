/**
 * What an operator sees when Rummage cannot start: the built server (`dist/server.js`, rebuilt before the suite when
 * stale, as `npm start` does: src/test/built-server.ts) spawned as its own process with a broken environment.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from './db/client.js';
import { sql } from 'drizzle-orm';
import { serverPackageDir } from './lib/package-paths.js';
import { freshDatabase, migratedDataDir } from './test/app.js';
import { redisAvailable, TEST_REDIS_URL } from './test/redis.js';

const serverEntry = join(serverPackageDir, 'dist', 'server.js');
const COULD_NOT_START = /^Rummage could not start: /;
const STACK_FRAME = /^\s+at /m;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

const dataDirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'rummage-startup-'));
  dataDirs.push(dir);
  return dir;
}

/** A port nobody listens on: taken and released by the kernel's choice. */
async function closedPort(): Promise<number> {
  const server = await listening();
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function listening(): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

/**
 * Runs the server with only `env` (plus PATH) until it exits, or, when `until` shows up in its output, stops it
 * with SIGTERM. With `terminal`, it runs under `script`, so its stdout is a terminal as in a person's shell.
 */
function runServer(env: Record<string, string>, options: { until?: RegExp; terminal?: boolean } = {}) {
  const fullEnv = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    SEED_DEMO_DATA: 'false',
    ...env,
  };
  const child = options.terminal
    ? spawn('script', ['-qfec', `exec "${process.execPath}" "${serverEntry}"`, '/dev/null'], {
        env: fullEnv,
        stdio: ['ignore', 'pipe', 'pipe'],
      })
    : spawn(process.execPath, [serverEntry], { env: fullEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  const seen = () => {
    if (options.until?.test(stdout + stderr) && child.exitCode === null) child.kill('SIGTERM');
  };
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    seen();
  });
  child.stderr.on('data', (chunk: Buffer) => ((stderr += chunk.toString()), seen()));
  return new Promise<Run>((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

/** A failed start: non-zero, and stderr holds only "Rummage could not start: …" lines, no stack trace. */
function expectReadableFailure(run: Run): string[] {
  expect(run.code, run.stdout + run.stderr).not.toBe(0);
  const lines = run.stderr.trim().split('\n');
  for (const line of lines) expect(line).toMatch(COULD_NOT_START);
  expect(run.stdout + run.stderr).not.toMatch(STACK_FRAME);
  return lines;
}

const ESC = String.fromCharCode(27);
const stripColours = (text: string) => text.replace(new RegExp(`${ESC}\\[[0-9;]*m`, 'g'), '');

const pgServer = process.env.DATABASE_URL;
const hasScript = spawnSync('script', ['--version']).status === 0;
let redisHere = false;

beforeAll(async () => {
  expect(existsSync(serverEntry), `${serverEntry} is built before the suite`).toBe(true);
  redisHere = await redisAvailable('startup-errors.test.ts (Redis cases)');
});

afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

// Concurrent: each case mostly waits on its child process (loading, a retry).
describe.concurrent('start-up as an operator sees it', () => {
  it('names each invalid variable and what it must be, before touching DATA_DIR', async () => {
    const dir = dataDir();
    const run = await runServer({
      DATA_DIR: dir,
      PORT: 'eighty',
      DATABASE_URL: 'mysql://db.example/rummage',
      REDIS_URL: 'http://cache.example',
      LOG_FORMAT: 'xml',
    });
    const lines = expectReadableFailure(run);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/PORT must be a whole number from 0 to 65535 \(got "eighty"\)\. Change it in/);
    expect(lines.join('\n')).toMatch(/DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/);
    expect(lines.join('\n')).toMatch(/REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/);
    expect(lines.join('\n')).toMatch(/LOG_FORMAT must be one of pretty, json/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('says DATA_DIR cannot be made, at once, where the file system takes no folder or a file is in the way', async () => {
    const blocker = join(dataDir(), 'a-file');
    writeFileSync(blocker, 'not a folder');
    // /proc answers ENOENT to a new folder: Node's recursive mkdir spun a core there for ever, without a word.
    const [proc, file] = await Promise.all([
      runServer({ DATA_DIR: '/proc/rummage-data', PORT: '0' }),
      runServer({ DATA_DIR: join(blocker, 'data'), PORT: '0' }),
    ]);
    expect(expectReadableFailure(proc)).toEqual([
      expect.stringMatching(
        /^Rummage could not start: DATA_DIR: cannot write to \/proc\/rummage-data \((no folder can be made there|permission denied)\)/,
      ),
    ]);
    expect(expectReadableFailure(file)).toEqual([
      expect.stringMatching(/DATA_DIR: cannot write to .*a-file.* \(a file is in the way of a folder\)/),
    ]);
  });

  it('names the ADMIN_* variables that are missing or invalid, before the database is created', async () => {
    const dir = dataDir();
    const [missing, weak] = await Promise.all([
      runServer({ DATA_DIR: dir, PORT: '0', ADMIN_EMAIL: 'admin@example.com' }),
      runServer({
        DATA_DIR: dir,
        PORT: '0',
        ADMIN_USERNAME: 'boss',
        ADMIN_EMAIL: 'admin@example.com',
        ADMIN_PASSWORD: 'short',
      }),
    ]);
    expect(expectReadableFailure(missing)).toEqual([
      expect.stringMatching(
        /ADMIN_USERNAME is required when any of ADMIN_USERNAME, ADMIN_EMAIL, ADMIN_PASSWORD/,
      ),
      expect.stringMatching(/ADMIN_PASSWORD is required when any of/),
    ]);
    expect(expectReadableFailure(weak)).toEqual([expect.stringMatching(/ADMIN_PASSWORD: Password must be/)]);
    expect(existsSync(join(dir, 'pglite'))).toBe(false);
  });

  it('refuses a port already in use before creating, migrating or seeding the embedded database', async () => {
    const taken = await listening();
    const port = (taken.address() as { port: number }).port;
    const dir = dataDir();
    try {
      const run = await runServer({ DATA_DIR: dir, PORT: String(port), SEED_DEMO_DATA: 'true' });
      expect(expectReadableFailure(run)).toEqual([
        `Rummage could not start: PORT: 127.0.0.1:${port} is already in use, by another Rummage or another program. Stop it, or set PORT to a free port.`,
      ]);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      taken.close();
    }
  });

  it.runIf(pgServer)('refuses a port already in use before migrating a PostgreSQL database', async () => {
    const taken = await listening();
    const port = (taken.address() as { port: number }).port;
    const database = await freshDatabase({ empty: true });
    try {
      const run = await runServer({ DATA_DIR: dataDir(), PORT: String(port), DATABASE_URL: database.url! });
      expect(expectReadableFailure(run)).toEqual([expect.stringMatching(/PORT: .* is already in use/)]);
      const tables = await queryRows<{ n: number }>(
        database.handle.db,
        sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
      );
      expect(tables[0]?.n).toBe(0);
    } finally {
      taken.close();
      await database.handle.close();
      await database.drop();
    }
  });

  it('gives up on a PostgreSQL that does not answer after DATABASE_WAIT_MS of retries', async () => {
    const port = await closedPort();
    const run = await runServer({
      DATA_DIR: dataDir(),
      PORT: '0',
      DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/rummage`,
      DATABASE_WAIT_MS: '3000',
    });
    expect(expectReadableFailure(run)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Rummage could not start: DATABASE_URL: cannot reach PostgreSQL at 127\\.0\\.0\\.1:${port} \\(connection refused, still after 3 s of retries\\)\\. Check that PostgreSQL is running`,
        ),
      ),
    ]);
    // While it waits, the log says so: a person watching knows the start is not stuck.
    expect(run.stdout).toMatch(
      /waiting for PostgreSQL at 127\.0\.0\.1:\d+ \(connection refused\); giving up after 3 s/,
    );
  });

  it('waits 30 s by default for a PostgreSQL that does not answer, and says so at once', async () => {
    // Giving up after the wait is the case above, with a shorter DATABASE_WAIT_MS: here, that the default is what
    // the server tells a person watching, without sitting through it.
    const port = await closedPort();
    const run = await runServer(
      { DATA_DIR: dataDir(), PORT: '0', DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/rummage` },
      { until: /waiting for PostgreSQL/ },
    );
    expect(run.stdout).toMatch(
      /^\{.*waiting for PostgreSQL at 127\.0\.0\.1:\d+ \(connection refused\); giving up after 30 s/,
    );
    expect(run.stderr).toBe('');
  });

  it.runIf(pgServer)('says at once that the database in DATABASE_URL does not exist', async () => {
    const url = new URL(pgServer!);
    url.pathname = '/rummage_no_such_database';
    const run = await runServer({ DATA_DIR: dataDir(), PORT: '0', DATABASE_URL: url.toString() });
    expect(expectReadableFailure(run)).toEqual([
      expect.stringMatching(
        /DATABASE_URL: PostgreSQL at .* has no database "rummage_no_such_database"\. Create it \(createdb\)/,
      ),
    ]);
  });

  it('stops when Redis refuses the URL’s user and password, before creating the database', async ({
    skip,
  }) => {
    if (!redisHere) skip();
    const url = new URL(TEST_REDIS_URL);
    url.username = 'rummage-nobody';
    url.password = 'wrong';
    const dir = dataDir();
    const run = await runServer({ DATA_DIR: dir, PORT: '0', REDIS_URL: url.toString() });
    expect(expectReadableFailure(run)).toEqual([
      expect.stringMatching(
        /REDIS_URL: Redis at .* refused the connection's settings \(WRONGPASS .*\)\. Check the user/,
      ),
    ]);
    expect(existsSync(join(dir, 'pglite'))).toBe(false);
  });

  // Starts that succeed, on a DATA_DIR whose database is migrated already: creating one is the first start of the
  // browser journeys (e2e), and took these two 8 s of CPU each. On the PostgreSQL pass there is no PGlite template,
  // so the data directory is migrated from nothing first: 10 s alone, and past the 30 s default in a CI round whose
  // other files shared the two cores (the second of these timed out there).
  const SUCCESSFUL_START_TIMEOUT_MS = 90_000;
  it.runIf(hasScript)(
    'writes readable lines on a terminal and runs on when Redis is unreachable, saying what that means',
    async () => {
      const dir = dataDir();
      await migratedDataDir(dir);
      const run = await runServer(
        { DATA_DIR: dir, PORT: '0', REDIS_URL: `redis://127.0.0.1:${await closedPort()}` },
        { terminal: true, until: /is ready/ },
      );
      const output = stripColours(run.stdout);
      expect(output).toMatch(
        /^\[\d\d:\d\d:\d\d\] WARN: REDIS_URL: cannot reach Redis at 127\.0\.0\.1:\d+ yet; rate limits/m,
      );
      expect(output).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: Rummage is ready/m);
      expect(output).not.toMatch(/"level":/);
      expect(output).not.toMatch(STACK_FRAME);
    },
    SUCCESSFUL_START_TIMEOUT_MS,
  );

  it(
    'writes one JSON object a line when its output is not a terminal',
    async () => {
      const dir = dataDir();
      await migratedDataDir(dir);
      const run = await runServer({ DATA_DIR: dir, PORT: '0' }, { until: /is ready/ });
      const lines = run.stdout.trim().split('\n');
      const ready = lines
        .map((line) => JSON.parse(line) as { msg?: string })
        .find((entry) => entry.msg?.endsWith('is ready'));
      expect(ready).toBeDefined();
    },
    SUCCESSFUL_START_TIMEOUT_MS,
  );
});
