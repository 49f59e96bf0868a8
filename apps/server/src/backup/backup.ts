import { existsSync, readdirSync } from 'node:fs';
import { copyFile, readdir, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { AppConfig } from '../config.js';
import type { DatabaseHandle } from '../db/client.js';
import { serverVersion } from '../lib/package-paths.js';
import { SECRET_FILE_PATTERN } from '../lib/secrets.js';
import type { ImageStore } from '../services/storage/index.js';
import { DATABASE_FILE, dumpDatabase, lastMigration } from './database-dump.js';
import { BackupError, writeManifest, type BackupManifest } from './manifest.js';
import { makeFolder } from '../lib/folders.js';

export interface BackupSource {
  handle: DatabaseHandle;
  config: Pick<AppConfig, 'dataDir' | 'databaseUrl'>;
  store: ImageStore;
}

/** Copies every stored image into `dir/uploads/<key>`; answers how many. */
async function copyUploads(store: ImageStore, dir: string): Promise<number> {
  if (!store.list || !store.get) throw new Error(`the ${store.kind} image store cannot list or read objects`);
  let count = 0;
  for await (const { key } of store.list()) {
    const body = await store.get(key);
    // Deleted between listing and reading: it is no longer part of the data.
    if (!body) continue;
    const target = join(dir, 'uploads', key);
    await makeFolder(dirname(target));
    await writeFile(target, body);
    count += 1;
  }
  return count;
}

async function copySecrets(dataDir: string, dir: string): Promise<string[]> {
  if (!existsSync(dataDir)) return [];
  const names = readdirSync(dataDir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && SECRET_FILE_PATTERN.test(entry.name))
    .map((entry) => entry.name)
    .sort();
  if (names.length > 0) await makeFolder(join(dir, 'secrets'));
  for (const name of names) await copyFile(join(dataDir, name), join(dir, 'secrets', name));
  return names;
}

/** True when `dir` is missing or an empty folder. */
function isFreeTarget(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

/**
 * Writes a backup into `out` (missing or empty): the database, the uploads, the generated secrets and a manifest
 * with their checksums. Everything is written to a hidden sibling folder first and renamed at the end, so `out`
 * never holds half a backup.
 */
export async function createBackup(source: BackupSource, out: string): Promise<BackupManifest> {
  const target = resolve(out);
  if (!isFreeTarget(target)) {
    throw new BackupError(`${target} is not empty: choose a new folder for the backup.`);
  }
  const work = join(dirname(target), `.${basename(target)}.partial-${process.pid}-${Date.now()}`);
  await makeFolder(work);
  try {
    const kind = source.handle.kind;
    await dumpDatabase(source.handle, source.config.databaseUrl, join(work, DATABASE_FILE[kind]));
    const count = await copyUploads(source.store, work);
    const secrets = await copySecrets(source.config.dataDir, work);
    const manifest = await writeManifest(work, {
      appVersion: serverVersion,
      migration: await lastMigration(source.handle.db),
      createdAt: new Date().toISOString(),
      database: { kind, file: DATABASE_FILE[kind] },
      uploads: { store: source.store.kind, count },
      secrets,
    });
    if (existsSync(target)) await rmdir(target);
    await rename(work, target);
    return manifest;
  } catch (error) {
    await rm(work, { recursive: true, force: true });
    throw error;
  }
}

const SCHEDULED_NAME = /^rummage-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;

/** `rummage-20261125T150405Z`: names sort by time, so the newest are the last. */
export function scheduledBackupName(at: Date): string {
  return `rummage-${at
    .toISOString()
    .replaceAll(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}`;
}

/** When a scheduled backup was written, read from its name. */
export function scheduledBackupTime(name: string): number {
  const [, y, mo, d, h, mi, s] = SCHEDULED_NAME.exec(name) ?? [];
  return Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`);
}

/** The scheduled backups in `dir`, oldest first (other folders are not theirs to touch). */
export async function scheduledBackups(dir: string): Promise<string[]> {
  return (await readdir(dir, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory() && SCHEDULED_NAME.test(entry.name))
    .map((entry) => entry.name)
    .sort();
}

/** Deletes all but the newest `keep` scheduled backups in `dir`; answers the names it deleted. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const names = await scheduledBackups(dir);
  const old = names.slice(0, Math.max(0, names.length - keep));
  for (const name of old) await rm(join(dir, name), { recursive: true, force: true });
  return old;
}
