import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { AppConfig } from './config.js';
import { openDatabase, type DatabaseHandle, type DatabaseOptions } from './db/client.js';
import { prepareDatabase } from './db/migrate.js';
import { topUpDemoGarageSales } from './db/seed-garage.js';
import { backupJob } from './jobs/backup.js';
import { garageExpiryJob } from './jobs/garage-expiry.js';
import { orphanUploadsJob } from './jobs/orphan-uploads.js';
import { purgeJob } from './jobs/purge.js';
import { startJobs, type Job, type Scheduler } from './jobs/scheduler.js';
import { vacuumJob } from './jobs/vacuum.js';
import { loggerOptions } from './lib/logger.js';
import { serverPackageDir } from './lib/package-paths.js';
import { loadOrCreateSecret } from './lib/secrets.js';
import {
  createAccountService,
  type AccountService,
  type MailSender,
} from './modules/account/account.service.js';
import { createSessionService } from './modules/account/session.service.js';
import { createCaptchaReplayStore } from './modules/captcha/captcha.repository.js';
import { authPlugin } from './plugins/auth.js';
import { errorsPlugin, frameworkErrors } from './plugins/errors.js';
import { openApiPlugin } from './plugins/openapi.js';
import { pressurePlugin, PRESSURE_RETRY_AFTER_SECONDS } from './plugins/pressure.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { securityPlugin } from './plugins/security.js';
import { staticSpaPlugin } from './plugins/static-spa.js';
import { uploadsPlugin } from './plugins/uploads.js';
import { registerRoutes } from './routes.js';
import { adminBootstrapFromEnv, bootstrapAdmin } from './modules/staff/admin.js';
import { createMemoryBackplane } from './realtime/backplane/memory.js';
import { createChatHub } from './realtime/hubs/chat.hub.js';
import { createGeneralHub } from './realtime/hubs/general.hub.js';
import { createSupportHub } from './realtime/hubs/support.hub.js';
import { realtimePlugin } from './realtime/index.js';
import {
  CAPTCHA_DISABLED_WARNING,
  createCaptchaVerifier,
  type CaptchaVerifier,
} from './services/captcha/index.js';
import { lazyGazetteer, type Gazetteer } from './services/geo/index.js';
import { createImagePipeline, type ImagePipeline } from './services/images/index.js';
import { createImageStore, type ImageStore } from './services/storage/index.js';
import { createMailer } from './services/mail/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: DatabaseHandle;
    accounts: AccountService;
    captcha: CaptchaVerifier;
    mailer: MailSender;
    /** Shared Redis connection when REDIS_URL is set (rate limits; other features may reuse it). */
    redis: Redis | null;
    /** Checks and re-encodes listing photos (JPEG/PNG in, WebP without metadata out). */
    imagePipeline: ImagePipeline;
    /** Where processed images live: DATA_DIR/uploads or an S3 bucket. */
    imageStore: ImageStore;
  }
}

/** Parts a test (or an embedding program) supplies instead of the ones built from the config. */
export interface AppOverrides {
  /** An open database; the app migrates it, seeds it and closes it on app.close(). */
  database?: DatabaseHandle;
  mailer?: MailSender;
  captcha?: CaptchaVerifier;
  gazetteer?: Gazetteer;
  imagePipeline?: ImagePipeline;
  imageStore?: ImageStore;
  /** fetch for third-party captcha verification. */
  fetch?: typeof fetch;
  logger?: FastifyServerOptions['logger'];
  /** Scheduled jobs (vacuum, purge, garage-sale expiry); on unless false. */
  jobs?: boolean;
}

const version = (
  JSON.parse(readFileSync(join(serverPackageDir, 'package.json'), 'utf8')) as { version: string }
).version;

export function databaseOptions(config: AppConfig, onPoolError?: (error: Error) => void): DatabaseOptions {
  return config.databaseUrl
    ? { kind: 'pg', url: config.databaseUrl, onPoolError }
    : { kind: 'pglite', dir: join(config.dataDir, 'pglite') };
}

/** ioredis (and the Redis backplane) are loaded only when REDIS_URL is set, so the default start skips them. */
async function connectRedis(url: string, app: FastifyInstance): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    enableAutoPipelining: true,
    // Fail at once while disconnected: every user (rate limits, feed snapshots, backplane) has a fallback, and a
    // queued command made each REST request wait for the reconnect, over 10 s during an outage (faults suite).
    enableOfflineQueue: false,
  });
  let lastLogged = 0;
  redis.on('error', (error) => {
    // ioredis retries forever and reports every attempt; one line a minute is enough to see the outage.
    if (Date.now() - lastLogged < 60_000) return;
    lastLogged = Date.now();
    app.log.warn({ err: error }, 'redis unavailable; rate limits fall back to letting requests through');
  });
  return redis;
}

/** Gives Redis a moment at start-up, so the first requests are counted; a Redis that stays away is not fatal. */
function untilReady(redis: Redis, ms: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    }
    redis.once('ready', done);
  });
}

/**
 * Builds the whole application without listening: opens, migrates and seeds the database, then registers
 * plugins and routes. `app.close()` stops jobs, waits for background mail, and closes Redis and the database.
 */
export async function buildApp(config: AppConfig, overrides: AppOverrides = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: overrides.logger ?? loggerOptions(config),
    bodyLimit: config.bodyLimitBytes,
    // Time a client may take to send its request; the default (none) lets slow clients hold sockets forever.
    requestTimeout: config.requestTimeoutMs,
    // Node enforces both timeouts only when it scans its connections, every 30 s by default: a slowloris socket
    // then lived up to 30 s past HEADERS_TIMEOUT_MS (measured 41.7 s with 15 s). Scan at least every second.
    http: { connectionsCheckingInterval: Math.min(1_000, Math.floor(config.headersTimeoutMs / 2)) },
    trustProxy: config.trustProxy,
    frameworkErrors,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
  });
  app.server.headersTimeout = config.headersTimeoutMs;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON only at the root; a feature that needs another body type (multipart, hub frames) adds its own parser.
  app.removeContentTypeParser('text/plain');

  const closers: Array<() => Promise<unknown>> = [];
  const closeAll = async () => {
    for (const close of closers.reverse()) {
      await close().catch((error: unknown) => app.log.error({ err: error }, 'error while shutting down'));
    }
    closers.length = 0;
  };

  try {
    // Read before the database opens: a half-set ADMIN_* fails fast, naming what is missing.
    const adminAccount = adminBootstrapFromEnv(process.env);
    const database =
      overrides.database ??
      (await openDatabase(
        databaseOptions(config, (error) => app.log.error({ err: error }, 'database connection lost')),
      ));
    closers.push(() => database.close());
    const imageStore = overrides.imageStore ?? createImageStore(config);
    const imagePipeline =
      overrides.imagePipeline ?? createImagePipeline({ maxInputBytes: config.uploads.maxImageBytes });
    const gazetteer = overrides.gazetteer ?? lazyGazetteer();
    // Demo listings (first start only) need the store for their photos and the gazetteer for "City, ST".
    await prepareDatabase(database, {
      seedDemoData: config.seedDemoData,
      log: app.log,
      listings: { store: imageStore, reverse: (lat, lng) => gazetteer.reverse(lat, lng) },
    });

    await bootstrapAdmin(database.db, adminAccount, app.log);

    const redis = config.redisUrl ? await connectRedis(config.redisUrl, app) : null;
    if (redis) {
      // QUIT needs a live connection; when Redis is down, just drop the socket so shutdown does not wait.
      closers.push(async () => (redis.status === 'ready' ? redis.quit() : redis.disconnect()));
      await untilReady(redis, 3_000);
    }

    if (config.captcha.provider === 'none') app.log.warn(CAPTCHA_DISABLED_WARNING);
    const captcha =
      overrides.captcha ??
      createCaptchaVerifier({
        provider: config.captcha.provider,
        siteKey: config.captcha.siteKey,
        secretKey: config.captcha.secretKey,
        hmacKey: config.captcha.altchaHmacKey ?? loadOrCreateSecret(config.dataDir, 'altcha-hmac.key'),
        store: createCaptchaReplayStore(database.db),
        fetch: overrides.fetch,
        log: app.log,
      });
    const mailer =
      overrides.mailer ??
      createMailer({
        smtpUrl: config.mail.smtpUrl,
        from: config.mail.from,
        outboxDir: join(config.dataDir, 'outbox'),
        log: app.log,
      });
    const sessions = createSessionService(database.db);
    const accounts = createAccountService({
      db: database.db,
      sessions,
      captcha,
      mailer,
      log: app.log,
      productName: config.productName,
      supportEmail: config.supportEmail,
      publicUrl: config.publicUrl,
    });
    closers.push(() => accounts.settleDeliveries());

    app.decorate('config', config);
    app.decorate('database', database);
    app.decorate('accounts', accounts);
    app.decorate('captcha', captcha);
    app.decorate('mailer', mailer);
    app.decorate('redis', redis);
    app.decorate('imagePipeline', imagePipeline);
    app.decorate('imageStore', imageStore);

    await app.register(errorsPlugin);
    await app.register(securityPlugin, { config });
    await app.register(pressurePlugin, { config });
    await app.register(rateLimitPlugin, { config, redis: redis ?? undefined });
    await app.register(openApiPlugin, { config, version });
    await app.register(authPlugin, { sessions });
    await registerRoutes(app, { config, database, accounts, captcha, gazetteer });

    // Hubs (SPEC §7): in-process fan-out, or Redis pub/sub across processes when REDIS_URL is set.
    const backplane = redis
      ? (await import('./realtime/backplane/redis.js')).createRedisBackplane({
          publisher: redis,
          url: config.redisUrl,
          channelPrefix: config.redisKeyPrefix,
          log: app.log,
        })
      : createMemoryBackplane();
    // The plugin's preClose ends connections first; the backplane closes with the other closers after it.
    closers.push(() => backplane.close());
    await app.register(realtimePlugin, {
      hubs: [
        createGeneralHub((userId) => app.messageService.unreadCounts(userId)),
        createChatHub(app.messageService),
        createSupportHub(app.supportService),
      ],
      backplane,
      authenticate: (token) => app.authenticate(token),
      allowedOrigins: config.corsOrigins,
      shedding: () => (app.isUnderPressure() ? PRESSURE_RETRY_AFTER_SECONDS : undefined),
    });
    await app.register(uploadsPlugin, { config });
    await app.register(staticSpaPlugin, { distDir: config.webDistDir });

    let scheduler: Scheduler | undefined;
    if (overrides.jobs !== false) {
      // With demo data on, ended demo garage sales are refilled after each expiry pass (db/seed-garage.ts).
      const afterExpiry = config.seedDemoData
        ? () => topUpDemoGarageSales(database.db, { reverse: (lat, lng) => gazetteer.reverse(lat, lng) })
        : undefined;
      const jobs = [
        vacuumJob(database),
        purgeJob(database.db),
        garageExpiryJob(database.db, { afterExpiry }),
        orphanUploadsJob(database.db, imageStore, {
          everyMs: config.uploadSweep.intervalMs,
          graceMs: config.uploadSweep.graceMs,
          log: app.log,
        }),
        backupJob(database, imageStore, config, app.log),
      ].filter((job): job is Job => job !== undefined);
      scheduler = startJobs(jobs, app.log);
      closers.push(() => scheduler?.stop() ?? Promise.resolve());
    }

    app.addHook('onClose', closeAll);
    await app.ready();
    return app;
  } catch (error) {
    await closeAll();
    await app.close().catch(() => undefined);
    throw error;
  }
}
