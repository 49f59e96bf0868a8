import { join } from 'node:path';
import {
  createBackup,
  pruneBackups,
  scheduledBackupName,
  scheduledBackups,
  scheduledBackupTime,
} from '../backup/backup.js';
import type { AppConfig } from '../config.js';
import type { DatabaseHandle } from '../db/client.js';
import { noMetrics, type Metrics } from '../services/metrics/index.js';
import type { ImageStore } from '../services/storage/index.js';
import type { JobKind } from './queue/queue.js';
import { makeFolder } from '../lib/folders.js';

interface Log {
  info(object: object, message: string): void;
}

/** How often the job looks whether a backup is due: a restart then delays the next backup by at most this. */
const CHECK_EVERY_MS = 15 * 60 * 1000;

/**
 * Backs the running server up into BACKUP_DIR every BACKUP_INTERVAL_HOURS and keeps the newest BACKUP_KEEP.
 * On PGlite only the server itself can read its database while it runs, so this is how a live PGlite
 * installation is backed up. The interval counts from the newest backup in the folder, so restarts neither
 * skip backups nor add extra ones.
 */
export function backupJob(
  handle: DatabaseHandle,
  store: ImageStore,
  config: Pick<AppConfig, 'backup' | 'dataDir' | 'databaseUrl'>,
  log: Log,
  { now = Date.now, metrics = noMetrics }: { now?: () => number; metrics?: Metrics } = {},
): JobKind | undefined {
  const { dir, intervalMs, keep } = config.backup;
  if (!dir) return undefined;
  const backUpWhenDue = async () => {
    await makeFolder(dir);
    const newest = (await scheduledBackups(dir)).at(-1);
    // Told even when none is due, so the backup's age is known right after a restart, not a day later.
    if (newest !== undefined) metrics.backup({ newestAt: scheduledBackupTime(newest) });
    if (newest !== undefined && now() - scheduledBackupTime(newest) < intervalMs) return;
    const started = now();
    const out = join(dir, scheduledBackupName(new Date(started)));
    const manifest = await createBackup({ handle, config, store }, out);
    metrics.backup({ written: (now() - started) / 1000, at: started });
    const pruned = await pruneBackups(dir, keep);
    log.info(
      {
        backup: out,
        ms: now() - started,
        images: manifest.uploads.count,
        migration: manifest.migration,
        pruned: pruned.length,
      },
      'backup written',
    );
  };
  return {
    name: 'backup',
    everyMs: Math.min(CHECK_EVERY_MS, intervalMs),
    // A large site's backup takes many minutes; the queue renews the lease all the while.
    timeoutMs: 6 * 60 * 60 * 1000,
    async handler() {
      await backUpWhenDue().catch((error: unknown) => {
        metrics.backup({ failed: true });
        throw error;
      });
    },
  };
}
