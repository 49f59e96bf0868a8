import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { dumpDatabase } from '../backup/database-dump.js';
import { openDatabase } from '../db/client.js';

/**
 * Vitest global setup of the server suites: migrates one database before any test file runs, which every test app
 * then starts from (test/app.ts `freshDatabase`), instead of running initdb and every migration once per app.
 * - PGlite: the migrated data directory, dumped to a file; each app loads a copy of it into its own PGlite.
 * - PostgreSQL (DATABASE_URL): a migrated database each test database is created from (`CREATE DATABASE … TEMPLATE`).
 * The migrations themselves are still run by every app at start-up, as the server does, and find nothing to do.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const folder = mkdtempSync(join(tmpdir(), 'rummage-template-'));
    const handle = await openDatabase({ kind: 'pglite', inMemory: true });
    try {
      await handle.migrate();
      const file = join(folder, 'pgdata.tar.gz');
      await dumpDatabase(handle, undefined, file);
      project.provide('pgliteTemplateFile', file);
    } finally {
      await handle.close();
    }
    return async () => rmSync(folder, { recursive: true, force: true });
  }

  const name = `rummage_template_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // Closed before any copy: PostgreSQL refuses to copy a database someone is connected to.
  const handle = await openDatabase({ kind: 'pg', url: url.toString(), poolSize: 1 });
  try {
    await handle.migrate();
  } finally {
    await handle.close();
  }
  project.provide('postgresTemplate', name);
  return async () => admin(`drop database if exists ${name} with (force)`);
}
