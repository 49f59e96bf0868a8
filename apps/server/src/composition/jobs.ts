/**
 * The composition root's recurring work (index.ts): vacuum, purges, garage-sale expiry, the orphan-upload
 * sweep, backups and the queue's own clean-up, each a recurring kind on the durable job queue (decision 0013).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.js';
import { topUpDemoGarageSales } from '../db/seed-garage.js';
import { demoLocale } from '../db/seed-places.js';
import { backupJob } from '../jobs/backup.js';
import { garageExpiryJob } from '../jobs/garage-expiry.js';
import { orphanUploadsJob } from '../jobs/orphan-uploads.js';
import { purgeJob } from '../jobs/purge.js';
import { forgetFinishedJobsKind, type JobQueue } from '../jobs/queue/queue.js';
import { countQueueJobs } from '../jobs/queue/queue.repository.js';
import { vacuumJob } from '../jobs/vacuum.js';
import type { Metrics } from '../services/metrics/index.js';
import type { AppOverrides } from './overrides.js';
import type { Storage } from './storage.js';

/**
 * Recurring work, as recurring kinds on the queue: each runs once per interval across all processes, on whichever
 * claims it. The queue starts with app.ts (tests turn these kinds off with `jobs: false`).
 */
export function composeJobs({
  config,
  overrides,
  storage: { database, imageStore, gazetteer },
  queue,
  metrics,
  log,
}: {
  config: AppConfig;
  overrides: AppOverrides;
  storage: Storage;
  queue: JobQueue;
  metrics: Metrics;
  log: FastifyBaseLogger;
}) {
  metrics.watchJobQueue(() => countQueueJobs(database.db));
  if (overrides.jobs === false) return;
  // With demo data on, ended demo garage sales are refilled after each expiry pass (db/seed-garage.ts).
  const afterExpiry = config.seedDemoData
    ? () =>
        topUpDemoGarageSales(database.db, {
          reverse: (lat, lng) => gazetteer.reverse(lat, lng),
          locale: demoLocale(config),
        })
    : undefined;
  const kinds = [
    forgetFinishedJobsKind(database.db),
    vacuumJob(database),
    purgeJob(database.db),
    garageExpiryJob(database.db, { afterExpiry }),
    orphanUploadsJob(database.db, imageStore, {
      everyMs: config.uploadSweep.intervalMs,
      graceMs: config.uploadSweep.graceMs,
      log,
    }),
    // Only with BACKUP_DIR set: the running server backs itself up (on PGlite nobody else may open the database).
    backupJob(database, imageStore, config, log, { metrics }),
  ];
  for (const kind of kinds) if (kind) queue.define(kind);
}
