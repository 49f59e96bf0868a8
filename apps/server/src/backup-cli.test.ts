import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runBackupCommand } from './backup-cli.js';
import { writeManifest } from './backup/manifest.js';
import { acquireDataDirLock, type DataDirLock } from './db/lock.js';
import { repoRoot } from './lib/package-paths.js';

/** A DATA_DIR whose embedded database is held, as by a running server. */
function lockedDataDir(): { dataDir: string; lock: DataDirLock } {
  const dataDir = mkdtempSync(join(tmpdir(), 'rummage-cli-'));
  const pgliteDir = join(dataDir, 'pglite');
  mkdirSync(pgliteDir);
  writeFileSync(join(pgliteDir, 'PG_VERSION'), '17\n');
  return { dataDir, lock: acquireDataDirLock(pgliteDir) };
}

function capture() {
  const lines = { out: [] as string[], err: [] as string[] };
  return {
    lines,
    io: { out: (line: string) => lines.out.push(line), err: (line: string) => lines.err.push(line) },
  };
}

describe('npm run backup / npm run restore', () => {
  const held: Array<{ dataDir: string; lock: DataDirLock }> = [];
  afterEach(() => {
    for (const { dataDir, lock } of held.splice(0)) {
      lock.release();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('says in one line, without a stack trace, that the server is running and how to back it up', () => {
    const locked = lockedDataDir();
    held.push(locked);
    const out = join(locked.dataDir, 'backup');
    // The operator's own command: builds what is stale (nothing: src/test/built-server.ts built it before the
    // suite), then runs the built CLI (apps/server/dist/backup-cli.js).
    const result = spawnSync(
      process.execPath,
      [join(repoRoot, 'scripts/backup.mjs'), 'backup', '--out', out],
      {
        cwd: repoRoot,
        env: { ...process.env, DATA_DIR: locked.dataDir, DATABASE_URL: '', S3_BUCKET: '' },
        encoding: 'utf8',
        timeout: 25_000,
      },
    );
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(`server \\(pid ${process.pid}\\) is using the database in .*stop the server.*BACKUP_DIR`),
    );
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(out)).toBe(false);
  });

  it('refuses to restore into the database of a running server, and a folder that is no backup', async () => {
    const locked = lockedDataDir();
    held.push(locked);
    const backup = join(locked.dataDir, 'backup');
    mkdirSync(backup);
    writeFileSync(join(backup, 'database.pglite.tar.gz'), 'not read: the lock refuses first');
    await writeManifest(backup, {
      appVersion: '0.1.0',
      migration: null,
      createdAt: new Date().toISOString(),
      database: { kind: 'pglite', file: 'database.pglite.tar.gz' },
      uploads: { store: 'local', count: 0 },
      secrets: [],
    });
    const { lines, io } = capture();
    const env = { DATA_DIR: locked.dataDir };
    expect(await runBackupCommand(['restore', backup], env, io)).toBe(1);
    expect(lines.err[0]).toMatch(
      /is using the database in .*stop the server and run npm run restore again\.$/,
    );
    expect(await runBackupCommand(['restore', join(locked.dataDir, 'pglite')], env, io)).toBe(1);
    expect(lines.err[1]).toMatch(/is not a Rummage backup: it has no manifest\.json/);
  });

  it('refuses a manifest that would write a secret outside DATA_DIR', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'rummage-cli-'));
    held.push({ dataDir, lock: { path: '', release: () => undefined } });
    const backup = join(dataDir, 'backup');
    mkdirSync(join(backup, 'secrets'), { recursive: true });
    writeFileSync(join(backup, 'database.pglite.tar.gz'), 'x');
    writeFileSync(join(backup, 'secrets', 'altcha-hmac.key'), 'secret');
    await writeManifest(backup, {
      appVersion: '0.1.0',
      migration: null,
      createdAt: new Date().toISOString(),
      database: { kind: 'pglite', file: 'database.pglite.tar.gz' },
      uploads: { store: 'local', count: 0 },
      secrets: ['../../outside.key'],
    });
    const { lines, io } = capture();
    expect(await runBackupCommand(['restore', backup], { DATA_DIR: join(dataDir, 'data') }, io)).toBe(1);
    expect(lines.err[0]).toMatch(/is damaged: its manifest names a file it does not hold/);
    expect(existsSync(join(dataDir, 'data'))).toBe(false);
  });

  it('answers the usage for a command line it cannot read', async () => {
    const { lines, io } = capture();
    expect(await runBackupCommand(['backup'], {}, io)).toBe(2);
    expect(await runBackupCommand(['restore', 'a', 'b'], {}, io)).toBe(2);
    expect(lines.err[0]).toMatch(/npm run backup -- --out <folder>/);
  });
});
