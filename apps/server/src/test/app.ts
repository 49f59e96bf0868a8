import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppOverrides } from '../app.js';
import { loadConfig, type AppConfig } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { readOutbox, type OutboxMail } from '../services/mail/index.js';

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  /** The test database's own URL when it runs on PostgreSQL (DATABASE_URL set); undefined on PGlite. */
  databaseUrl?: string;
  /** Mail the app has written to its outbox (DATA_DIR/outbox), oldest first, once background sends finished. */
  outbox(): Promise<OutboxMail[]>;
  close(): Promise<void>;
}

/** Settings every test app starts from; a test passes its own env on top. */
export const TEST_ENV: Record<string, string> = {
  LOG_LEVEL: 'silent',
  SEED_DEMO_DATA: 'false',
  CAPTCHA_PROVIDER: 'altcha',
  ALTCHA_HMAC_KEY: 'test-altcha-hmac-key-0123456789',
  PUBLIC_URL: 'http://rummage.test',
  RATE_LIMIT_GLOBAL_MAX: '100000',
  RATE_LIMIT_LOGIN_MAX: '100000',
  RATE_LIMIT_REGISTER_MAX: '100000',
  RATE_LIMIT_RESET_MAX: '100000',
  // A test worker's event loop stalls for seconds while in-process PGlite starts and migrates the next test app;
  // shedding would then answer 503 to unrelated tests. plugins/pressure.test.ts turns it on where it is tested.
  PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
};

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite data directory as a tar file (PGlite runs), by test/template-database.ts. */
    pgliteTemplateFile?: string;
    /** The migrated database test databases are copied from (PostgreSQL runs), by test/template-database.ts. */
    postgresTemplate?: string;
  }
}

/** The migrated template of test/template-database.ts, read once per test file. */
let pgliteTemplate: Blob | undefined;
function pgliteTemplateData(): Blob | undefined {
  const file = inject('pgliteTemplateFile');
  if (file && !pgliteTemplate) pgliteTemplate = new Blob([readFileSync(file)]);
  return pgliteTemplate;
}

/**
 * Fills `dataDir` with an embedded database migrated already (a copy of the template), for tests that run the
 * server or a command as its own process: it then opens the database in a second instead of creating and
 * migrating one, which took 8 s of CPU.
 */
export async function migratedDataDir(dataDir: string): Promise<void> {
  // PGlite on PostgreSQL runs too (DATABASE_URL), where the suite has no PGlite template: then it migrates here.
  const handle = await openDatabase({
    kind: 'pglite',
    dir: join(dataDir, 'pglite'),
    from: pgliteTemplateData(),
  });
  try {
    await handle.migrate();
  } finally {
    await handle.close();
  }
}

const uniqueName = () => `rummage_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;

/**
 * A fresh database of its own, migrated and with no rows: in-memory PGlite by default (in `pgliteDir` on disk when
 * given); with DATABASE_URL set (CI), a new database created on that server, answered with its `url`, dropped by
 * `drop()`. Both are copies of the template test/template-database.ts migrated before the suite; `empty` skips it,
 * for tests of what a server does with a database that has no tables yet.
 */
export async function freshDatabase(
  options: { pgliteDir?: string; empty?: boolean } = {},
): Promise<{ handle: DatabaseHandle; url?: string; drop(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const from = options.empty ? undefined : pgliteTemplateData();
    const handle = await openDatabase(
      options.pgliteDir
        ? { kind: 'pglite', dir: options.pgliteDir, from }
        : { kind: 'pglite', inMemory: true, from },
    );
    return { handle, drop: async () => undefined };
  }
  const name = uniqueName();
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const template = options.empty ? undefined : inject('postgresTemplate');
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'pg', url: url.toString(), poolSize: 4 });
  return {
    handle,
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * Builds the real app on a fresh database, with a temporary DATA_DIR (outbox, secrets) and, when REDIS_URL is
 * set, Redis rate-limit counters under a key prefix no other test app shares. Call once per test file.
 * `databaseOnDisk` puts PGlite in DATA_DIR/pglite, where the server keeps it, instead of in memory.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  overrides: Omit<AppOverrides, 'database'> = {},
  options: { databaseOnDisk?: boolean } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rummage-test-'));
  const config = loadConfig({
    ...TEST_ENV,
    DATA_DIR: dataDir,
    WEB_DIST_DIR: join(dataDir, 'web-dist-missing'),
    ...(process.env.REDIS_URL && { REDIS_URL: process.env.REDIS_URL, REDIS_KEY_PREFIX: `${uniqueName()}:` }),
    ...env,
  });
  const database = await freshDatabase({
    pgliteDir: options.databaseOnDisk ? join(dataDir, 'pglite') : undefined,
  });
  let app: FastifyInstance;
  try {
    app = await buildApp(config, { jobs: false, ...overrides, database: database.handle });
  } catch (error) {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    app,
    config,
    databaseUrl: database.url,
    async outbox() {
      await app.parts.people.accounts.settleDeliveries();
      return readOutbox(join(dataDir, 'outbox'));
    },
    async close() {
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Two app processes (two apps in this test process) on one fresh PostgreSQL database and one Redis key prefix,
 * as a scaled-out deployment runs: needs DATABASE_URL and REDIS_URL. Each has its own DATA_DIR.
 */
export async function buildTestAppPair(
  env: Record<string, string> = {},
  overrides: Omit<AppOverrides, 'database'> = {},
): Promise<{ apps: [FastifyInstance, FastifyInstance]; close(): Promise<void> }> {
  const database = await freshDatabase();
  if (!database.url || !process.env.REDIS_URL) {
    await database.drop();
    throw new Error('buildTestAppPair needs DATABASE_URL and REDIS_URL');
  }
  const shared = {
    ...TEST_ENV,
    REDIS_URL: process.env.REDIS_URL,
    REDIS_KEY_PREFIX: `${uniqueName()}:`,
    ...env,
  };
  const dataDirs: string[] = [];
  const apps: FastifyInstance[] = [];
  const close = async () => {
    for (const app of apps) await app.close();
    await database.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (const handle of [
      database.handle,
      await openDatabase({ kind: 'pg', url: database.url, poolSize: 4 }),
    ]) {
      const dataDir = mkdtempSync(join(tmpdir(), 'rummage-test-'));
      dataDirs.push(dataDir);
      const config = loadConfig({
        ...shared,
        DATA_DIR: dataDir,
        WEB_DIST_DIR: join(dataDir, 'web-dist-missing'),
      });
      apps.push(await buildApp(config, { jobs: false, ...overrides, database: handle }));
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { apps: [apps[0]!, apps[1]!], close };
}
