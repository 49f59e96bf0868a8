import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyBackup } from '../backup/manifest.js';
import { createLocalImageStore } from '../services/storage/index.js';
import { createMetrics } from '../services/metrics/index.js';
import { freshDatabase } from '../test/app.js';
import { runOnce } from '../test/jobs.js';
import { backupJob } from './backup.js';

const HOUR = 60 * 60 * 1000;

let database: Awaited<ReturnType<typeof freshDatabase>>;
let root: string;
beforeAll(async () => {
  database = await freshDatabase();
  await database.handle.migrate();
  root = mkdtempSync(join(tmpdir(), 'rummage-backup-job-'));
});
afterAll(async () => {
  await database?.handle.close();
  await database?.drop();
  rmSync(root, { recursive: true, force: true });
});

describe('scheduled backups (BACKUP_DIR)', () => {
  it('writes a backup when one is due, keeps the newest BACKUP_KEEP, leaves other folders alone, and logs it', async () => {
    const dataDir = join(root, 'data');
    const dir = join(root, 'backups');
    const store = createLocalImageStore(join(dataDir, 'uploads'));
    await store.put('products/2026/11/0123456789abcdef-large.webp', Buffer.from('image bytes'), 'image/webp');
    for (const name of ['rummage-20200101T000000Z', 'rummage-20200102T000000Z', 'keep-me']) {
      mkdirSync(join(dir, name), { recursive: true });
    }
    const logged: Array<{ object: object; message: string }> = [];
    let clock = Date.parse('2026-11-25T12:00:00Z');
    const metrics = await createMetrics('metrics-token-for-tests-0123456789');
    const job = backupJob(
      database.handle,
      store,
      { dataDir, databaseUrl: database.url, backup: { dir, intervalMs: 24 * HOUR, keep: 2 } },
      { info: (object, message) => logged.push({ object, message }) },
      { now: () => clock, metrics },
    )!;

    await runOnce(job);
    const scraped = (await metrics.scrape()).body;
    expect(scraped).toContain(`rummage_backup_last_success_timestamp_seconds ${clock / 1000}\n`);
    expect(scraped).toContain('rummage_backup_failures_total 0\n');
    expect(readdirSync(dir).sort()).toEqual([
      'keep-me',
      'rummage-20200102T000000Z',
      'rummage-20261125T120000Z',
    ]);
    const manifest = await verifyBackup(join(dir, 'rummage-20261125T120000Z'));
    expect(manifest.uploads.count).toBe(1);
    expect(manifest.migration).toMatch(/^\d{4}_/);
    expect(logged).toEqual([
      { message: 'backup written', object: expect.objectContaining({ images: 1, pruned: 1 }) },
    ]);

    clock += 23 * HOUR; // not due yet: a restart in between must not add a backup
    await runOnce(job);
    expect(readdirSync(dir)).toHaveLength(3);

    clock += HOUR;
    await runOnce(job);
    expect(readdirSync(dir).sort()).toEqual([
      'keep-me',
      'rummage-20261125T120000Z',
      'rummage-20261126T120000Z',
    ]);
    expect(existsSync(join(dir, 'rummage-20261126T120000Z', 'manifest.json'))).toBe(true);
  });

  it('counts a backup that failed for metrics', async () => {
    const notAFolder = join(root, 'not-a-folder');
    writeFileSync(notAFolder, 'a file where the backups should go');
    const metrics = await createMetrics('metrics-token-for-tests-0123456789');
    const store = createLocalImageStore(join(root, 'unused'));
    const config = { dataDir: root, backup: { dir: notAFolder, intervalMs: HOUR, keep: 1 } };
    const job = backupJob(database.handle, store, config, { info: () => undefined }, { metrics })!;
    await expect(runOnce(job)).rejects.toThrow();
    const scraped = (await metrics.scrape()).body;
    expect(scraped).toContain('rummage_backup_failures_total 1\n');
    expect(scraped).not.toMatch(/^rummage_backup_last_success_timestamp_seconds \d/m);
  });

  it('is off without BACKUP_DIR', () => {
    const store = createLocalImageStore(join(root, 'unused'));
    const config = { dataDir: root, backup: { intervalMs: HOUR, keep: 7 } };
    expect(backupJob(database.handle, store, config, { info: () => undefined })).toBeUndefined();
  });
});
