/**
 * The composition root's first part (index.ts): where things are kept. Opened before anything else, closed after
 * everything else.
 */
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../config.js';
import { openDatabase, type DatabaseHandle, type DatabaseOptions } from '../db/client.js';
import { waitingForDatabase } from '../db/first-connection.js';
import { prepareDatabase } from '../db/migrate.js';
import { demoLocale } from '../db/seed-places.js';
import { useSearchLanguage } from '../modules/marketplace/search/language.js';
import { adminBootstrapFromEnv, bootstrapAdmin } from '../modules/staff/admin.js';
import { lazyGazetteer, type Gazetteer } from '../services/geo/index.js';
import { createImagePipeline, type ImagePipeline } from '../services/images/index.js';
import type { Metrics } from '../services/metrics/index.js';
import { closeRedis, connectRedis } from '../services/redis/index.js';
import { createImageStore, type ImageStore } from '../services/storage/index.js';
import type { Closers } from './closers.js';
import type { AppOverrides } from './overrides.js';

export function databaseOptions(
  config: AppConfig,
  onPoolError?: (error: Error) => void,
  onWait?: (reason: string) => void,
): DatabaseOptions {
  return config.databaseUrl
    ? { kind: 'pg', url: config.databaseUrl, onPoolError, waitMs: config.databaseWaitMs, onWait }
    : { kind: 'pglite', dir: join(config.dataDir, 'pglite'), sharedBuffersMb: config.pgliteSharedBuffersMb };
}

/** Where things are kept: the database, Redis when REDIS_URL is set, photos, and the offline gazetteer. */
export interface Storage {
  database: DatabaseHandle;
  /** Shared by rate limits, message budgets, feed snapshots and the hub backplane. */
  redis: Redis | null;
  /** Where processed images live: DATA_DIR/uploads or an S3 bucket. */
  imageStore: ImageStore;
  /** Checks and re-encodes listing photos (JPEG/PNG in, WebP without metadata out). */
  imagePipeline: ImagePipeline;
  gazetteer: Gazetteer;
}

export async function openStorage({
  config,
  overrides,
  log,
  closers: onClose,
}: {
  config: AppConfig;
  overrides: AppOverrides;
  log: FastifyBaseLogger;
  closers: Closers;
}): Promise<Storage> {
  // Read before the database opens: a half-set ADMIN_* fails fast, naming what is missing.
  const adminAccount = adminBootstrapFromEnv(process.env);
  // Before the database is migrated and seeded: a Redis refusing the URL's password stops the start untouched.
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, log) : null;
  if (redis) onClose.push(() => closeRedis(redis));
  const database =
    overrides.database ??
    (await openDatabase(
      databaseOptions(
        config,
        (error) => log.error({ err: error }, 'database connection lost'),
        (reason) => log.warn(waitingForDatabase(config.databaseUrl ?? '', reason, config.databaseWaitMs)),
      ),
    ));
  onClose.push(() => database.close());
  const imageStore = overrides.imageStore ?? createImageStore(config);
  const imagePipeline =
    overrides.imagePipeline ?? createImagePipeline({ maxInputBytes: config.uploads.maxImageBytes });
  const gazetteer =
    overrides.gazetteer ??
    lazyGazetteer({ homeCountry: config.locale.defaultCountry, locale: config.locale.defaultLocale });
  // Demo listings (first start only) need the store for their photos and the gazetteer for "City, ST".
  await prepareDatabase(database, {
    seedDemoData: config.seedDemoData,
    log,
    listings: { store: imageStore, reverse: (lat, lng) => gazetteer.reverse(lat, lng) },
    locale: demoLocale(config),
  });
  // The search stems in the installation's language (docs/product.md §21); a change rewrites the stored words once.
  if (await useSearchLanguage(database.db, config.locale.defaultLocale))
    log.info(
      { locale: config.locale.defaultLocale },
      'search words now stemmed in the installation language',
    );
  await bootstrapAdmin(database.db, adminAccount, log);
  return { database, redis, imageStore, imagePipeline, gazetteer };
}

/** Query times and pool use, from after start-up's migrations on; nothing is wrapped with metrics off. */
export function observeStorage({ database }: Storage, metrics: Metrics): void {
  if (!metrics.enabled) return;
  database.observeQueries(metrics.queryFinished);
  metrics.watchDatabasePool(() => database.poolUse());
}
