import { copyFile, readFile, rm } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import type { AppConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { acquireDataDirLock, type DataDirLock } from '../db/lock.js';
import { SECRET_FILE_PATTERN } from '../lib/secrets.js';
import { localUploadsDir, type ImageStore } from '../services/storage/index.js';
import {
  clearPostgres,
  pgliteDirIsEmpty,
  postgresIsEmpty,
  restorePglite,
  restorePostgres,
} from './database-dump.js';
import { BackupError, verifyBackup, type BackupManifest } from './manifest.js';
import { makeFolder } from '../lib/folders.js';

export interface RestoreOptions {
  config: Pick<AppConfig, 'dataDir' | 'databaseUrl'>;
  store: ImageStore;
  /** Replace a database, uploads and secrets that are already there. */
  force?: boolean;
}

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
};

async function storeHasObjects(store: ImageStore): Promise<boolean> {
  if (!store.list) return false;
  for await (const object of store.list()) return object !== undefined;
  return false;
}

/** Stored images go back through the image store, so a backup of local uploads can be restored into S3 and back. */
async function restoreUploads(from: string, manifest: BackupManifest, store: ImageStore): Promise<void> {
  const prefix = 'uploads/';
  for (const file of Object.keys(manifest.files).filter((name) => name.startsWith(prefix))) {
    const key = file.slice(prefix.length);
    const type = CONTENT_TYPES[extname(key).toLowerCase()] ?? 'application/octet-stream';
    await store.put(key, await readFile(join(from, file)), type);
  }
}

/** What is in the way of a restore, for the refusal; empty when the target holds nothing. */
async function occupied(options: RestoreOptions, pgliteDir: string): Promise<string[]> {
  const found: string[] = [];
  const { databaseUrl, dataDir } = options.config;
  if (databaseUrl) {
    const handle = await openDatabase({ kind: 'pg', url: databaseUrl, poolSize: 1 });
    try {
      if (!(await postgresIsEmpty(handle.db))) found.push(`the database (${handle.location}) has tables`);
    } finally {
      await handle.close();
    }
  } else if (!pgliteDirIsEmpty(pgliteDir)) {
    found.push(`${pgliteDir} holds a database`);
  }
  if (await storeHasObjects(options.store)) {
    found.push(
      options.store.kind === 's3'
        ? 'the S3 bucket holds images'
        : `${localUploadsDir({ dataDir })} holds images`,
    );
  }
  return found;
}

/**
 * Restores a verified backup: the checksums are checked before anything is touched, and a target that already
 * holds data is refused unless `force` is set. PGlite is restored under the data-dir lock, so a running server
 * (or a second restore) is refused too. The next start applies any migration newer than the backup.
 */
export async function restoreBackup(from: string, options: RestoreOptions): Promise<BackupManifest> {
  const dir = resolve(from);
  const manifest = await verifyBackup(dir);
  const { databaseUrl, dataDir } = options.config;
  const targetKind = databaseUrl ? 'pg' : 'pglite';
  if (manifest.database?.kind !== 'pg' && manifest.database?.kind !== 'pglite') {
    throw new BackupError(`The backup in ${dir} is damaged or from a newer Rummage: unknown database kind.`);
  }
  if (manifest.database.kind !== targetKind) {
    throw new BackupError(
      manifest.database.kind === 'pg'
        ? 'This backup holds a PostgreSQL database: set DATABASE_URL to the (empty) database to restore it into.'
        : 'This backup holds an embedded (PGlite) database: unset DATABASE_URL and set DATA_DIR to restore it.',
    );
  }
  // Only files the checksums cover are read, and secrets land nowhere but at the top of DATA_DIR.
  const listed = (file: string) => Object.hasOwn(manifest.files, file);
  const unsafeSecret = manifest.secrets.find(
    (name) => !SECRET_FILE_PATTERN.test(name) || !listed(`secrets/${name}`),
  );
  if (!listed(manifest.database.file) || unsafeSecret !== undefined) {
    throw new BackupError(`The backup in ${dir} is damaged: its manifest names a file it does not hold.`);
  }
  const pgliteDir = join(dataDir, 'pglite');
  const lock: DataDirLock | undefined = databaseUrl ? undefined : acquireDataDirLock(pgliteDir);
  try {
    const inTheWay = await occupied(options, pgliteDir);
    if (inTheWay.length > 0 && !options.force) {
      throw new BackupError(
        `Not restored: ${inTheWay.join('; ')}. Restore into an empty data directory or database, ` +
          'or add --force to replace what is there.',
      );
    }
    const databaseFile = join(dir, manifest.database.file);
    if (databaseUrl) {
      const handle = await openDatabase({ kind: 'pg', url: databaseUrl, poolSize: 1 });
      try {
        await clearPostgres(handle.db);
      } finally {
        await handle.close();
      }
      await restorePostgres(databaseUrl, databaseFile);
    } else {
      await rm(pgliteDir, { recursive: true, force: true });
      await makeFolder(pgliteDir);
      await restorePglite(pgliteDir, databaseFile);
    }
    if (options.force && options.store.kind === 'local') {
      await rm(localUploadsDir({ dataDir }), { recursive: true, force: true });
    }
    await restoreUploads(dir, manifest, options.store);
    await makeFolder(dataDir);
    for (const name of manifest.secrets) await copyFile(join(dir, 'secrets', name), join(dataDir, name));
    return manifest;
  } finally {
    lock?.release();
  }
}
