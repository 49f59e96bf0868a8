/**
 * The composition root: everything the server is made of is made here, once, in dependency order, and handed to
 * Fastify (app.ts) and the hubs as plain values. Nothing else creates services, repositories, hubs or jobs, and
 * nothing looks a part up later by name. One section per part; docs/architecture.md says how to add one.
 */
import { join } from 'node:path';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { HubName } from '@rummage/contract';
import { composeJobs } from './composition-jobs.js';
import { composeListings, type Listings } from './composition-listings.js';
import { composeNotifications, type Notifications } from './composition-notifications.js';
import { Closers, observeStorage, openStorage, type Storage } from './composition-storage.js';
import type { AppConfig } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { createEventBus, type EventBus } from './events/bus.js';
import { createDurableEvents, type DurableEvents } from './events/durable.js';
import { createJobQueue, type JobQueue } from './jobs/queue/queue.js';
import { loadOrCreateSecret } from './lib/secrets.js';
import { createAccountDataService } from './modules/account/account-data.service.js';
import { createAccountService, type MailSender } from './modules/account/account.service.js';
import { createEmailVerification } from './modules/account/email-verification.js';
import { createSafetyCheck } from './services/safety/index.js';
import { createHeldMessages } from './modules/message/held-messages.js';
import { staffLabelledMessages } from './modules/message/staff-decisions.repository.js';

/** How often each process's safety classifier learns staff decisions again. */
const SAFETY_RETRAIN_EVERY_MS = 6 * 60 * 60 * 1000;
import { createSessionService } from './modules/account/session.service.js';
import { createCaptchaReplayStore } from './modules/captcha/captcha.repository.js';
import { createMessageService } from './modules/message/message.service.js';
import { createStaffService } from './modules/staff/staff.service.js';
import { createSupportService, createSupportUnreadCounter } from './modules/support/support.service.js';
import { countUnread } from './modules/notification/centre.repository.js';
import type { Backplane } from './realtime/backplane/backplane.js';
import { createMemoryBackplane } from './realtime/backplane/memory.js';
import { deliverChatMessages } from './realtime/delivery/chat.js';
import { deliverInboxChanges } from './realtime/delivery/inbox.js';
import { deliverNotificationCounts } from './realtime/delivery/notifications.js';
import { subscribeHubSessions } from './realtime/delivery/sessions.js';
import { deliverSupportEvents } from './realtime/delivery/support.js';
import { asRunnableHub, type HubContext, type HubEvents, type HubLookup } from './realtime/hub.js';
import { createChatHub } from './realtime/hubs/chat.hub.js';
import { createGeneralHub } from './realtime/hubs/general.hub.js';
import { createSupportHub } from './realtime/hubs/support.hub.js';
import { createRealtimeServer, type MountableRealtimeServer } from './realtime/index.js';
import {
  CAPTCHA_DISABLED_WARNING,
  createCaptchaVerifier,
  type CaptchaVerifier,
} from './services/captcha/index.js';
import type { Gazetteer } from './services/geo/index.js';
import type { ImagePipeline } from './services/images/index.js';
import { createMailer } from './services/mail/index.js';
import { createMetrics, type Metrics } from './services/metrics/index.js';
import type { LookupAddresses } from './services/push/index.js';
import { createMemoryPresence, createRedisPresence, type Presence } from './services/presence/index.js';
import {
  countingRefusals,
  createMemoryBudgetStore,
  createRedisBudgetStore,
  messageBudgetWindow,
  type BudgetStore,
} from './services/rate-budget/index.js';
import type { ImageStore } from './services/storage/index.js';

export { databaseOptions, type Storage } from './composition-storage.js';
export type { Notifications } from './composition-notifications.js';

/** Parts a test (or an embedding program) supplies instead of the ones built from the config. */
export interface AppOverrides {
  /** An open database; the server migrates it, seeds it and closes it on close(). */
  database?: DatabaseHandle;
  mailer?: MailSender;
  captcha?: CaptchaVerifier;
  gazetteer?: Gazetteer;
  imagePipeline?: ImagePipeline;
  imageStore?: ImageStore;
  /** fetch for third-party captcha verification. */
  fetch?: typeof fetch;
  logger?: FastifyServerOptions['logger'];
  /**
   * Recurring work (vacuum, purge, garage-sale expiry, the orphan-upload sweep, backups); on unless false, when
   * its kinds are not defined on the queue at all.
   */
  jobs?: boolean;
  /** The durable job queue's workers (recurring work, notifications, e-mail, push); on unless false. */
  queue?: boolean;
  /** At most one notification e-mail per chat this often (an hour); tests shorten it. */
  notificationEmailPaceMs?: number;
  /** How often hub connections' sessions are re-checked (realtime/delivery/sessions.ts); tests shorten it. */
  sessionCheckMs?: number;
  /** How push endpoints' names resolve (services/push/endpoint-policy.ts); tests answer private addresses. */
  lookup?: LookupAddresses;
}

/** What the server is made of. Read-only: parts are made once, here. */
export interface ServerParts {
  readonly config: AppConfig;
  readonly storage: Readonly<Storage>;
  readonly people: Readonly<People>;
  readonly listings: Readonly<Listings>;
  /** Services say what happened here after their commit; hub delivery subscribes (realtime/delivery/). */
  readonly events: EventBus;
  /** What must follow a write, recorded in its transaction and done by processors (events/durable.ts). */
  readonly durable: DurableEvents;
  readonly messaging: Readonly<Messaging>;
  readonly realtime: Readonly<Realtime>;
  readonly moderation: Readonly<Moderation>;
  /** A person's own data: export and account deletion (by the person or by staff). */
  readonly personalData: Readonly<PersonalData>;
  /** What reaches people who are not on the site: the centre, preferences, push and e-mail (§10). */
  readonly notifications: Readonly<Notifications>;
  /**
   * The durable job queue (decision 0013). Parts define their job kinds here while the server is composed; app.ts
   * starts it once the routes are ready and stops it before the parts close.
   */
  readonly queue: JobQueue;
  /** Prometheus metrics with METRICS_TOKEN set; a recorder of nothing (`enabled: false`) otherwise. */
  readonly metrics: Metrics;
  /** Stops the hub session sweep, waits for background mail, and closes the backplane, Redis and the database. */
  close(): Promise<void>;
}

/**
 * Makes every part of the server from its config; `overrides` replaces single parts (tests). Opens, migrates
 * and seeds the database. If a part fails to start, the ones already made are closed again before it throws.
 */
export async function composeServer(
  config: AppConfig,
  overrides: AppOverrides,
  log: FastifyBaseLogger,
): Promise<ServerParts> {
  const closers = new Closers(log);
  try {
    const metrics = await createMetrics(config.metrics.token);
    const storage = await openStorage(config, overrides, log, closers);
    observeStorage(storage, metrics);
    const events = createEventBus(log);
    // Most jobs wait on the network (a push service, the SMTP relay): a few at once, so one outside service that
    // hangs holds up none of the others. PGlite's one connection still runs their queries one after another.
    // On PostgreSQL a connection of its own LISTENs, so another process's enqueue wakes this one at once.
    const { database } = storage;
    const queue = createJobQueue({
      db: database.db,
      openClient: database.openClient && (() => database.openClient!()),
      log,
      metrics,
      concurrency: storage.database.kind === 'pglite' ? 3 : 4,
    });
    // Consequences of a write that must not be lost are recorded in its transaction (events/durable.ts).
    const durable = createDurableEvents({ db: database.db, queue, bus: events });
    const people = composePeople(config, overrides, storage, events, durable, queue, log, closers);
    const listings = composeListings(config, storage, durable, queue, people, log);
    const messaging = composeMessaging(config, storage, events, durable, metrics, log, closers);
    const realtime = await composeRealtime(
      config,
      overrides,
      storage,
      people,
      messaging,
      events,
      metrics,
      log,
      closers,
    );
    const moderation = composeModeration(storage, messaging, events, durable);
    const personalData = composePersonalData(config, storage, listings, events, log);
    const notifications = composeNotifications(
      config,
      overrides,
      storage,
      people,
      events,
      durable,
      queue,
      realtime.presence,
      log,
    );
    composeJobs(config, overrides, storage, queue, metrics, log);
    const close = () => closers.closeAll();
    const parts = {
      config,
      storage,
      events,
      durable,
      people,
      listings,
      messaging,
      realtime,
      moderation,
      personalData,
      notifications,
      queue,
    };
    return { ...parts, metrics, close };
  } catch (error) {
    await closers.closeAll();
    throw error;
  }
}

/** Signing up, signing in, and what guards them: sessions, accounts, captcha, mail. */
function composePeople(
  config: AppConfig,
  overrides: AppOverrides,
  { database }: Storage,
  events: EventBus,
  durable: DurableEvents,
  queue: JobQueue,
  log: FastifyBaseLogger,
  onClose: Closers,
) {
  if (config.captcha.provider === 'none') log.warn(CAPTCHA_DISABLED_WARNING);
  const captcha =
    overrides.captcha ??
    createCaptchaVerifier({
      provider: config.captcha.provider,
      siteKey: config.captcha.siteKey,
      secretKey: config.captcha.secretKey,
      hmacKey: config.captcha.altchaHmacKey ?? loadOrCreateSecret(config.dataDir, 'altcha-hmac.key'),
      store: createCaptchaReplayStore(database.db),
      fetch: overrides.fetch,
      log,
    });
  const mailer =
    overrides.mailer ??
    createMailer({
      smtpUrl: config.mail.smtpUrl,
      from: config.mail.from,
      outboxDir: join(config.dataDir, 'outbox'),
      log,
    });
  const sessions = createSessionService(database.db);
  const verification = createEmailVerification({
    db: database.db,
    queue,
    mailer,
    log,
    publicUrl: config.publicUrl,
    productName: config.productName,
    allowDisposable: config.emailVerification.allowDisposable,
  });
  queue.define(verification.job);
  const accounts = createAccountService({
    db: database.db,
    sessions,
    captcha,
    mailer,
    log,
    productName: config.productName,
    supportEmail: config.supportEmail,
    publicUrl: config.publicUrl,
    events,
    durable,
    verification,
  });
  onClose.push(() => accounts.settleDeliveries());
  return { captcha, mailer, sessions, accounts, verification };
}
export type People = ReturnType<typeof composePeople>;

/**
 * Conversations: chats about listings and support tickets, and each person's message budgets, which every way of
 * sending (REST and the hubs) spends from in the services.
 */
function composeMessaging(
  config: AppConfig,
  storage: Storage,
  events: EventBus,
  durable: DurableEvents,
  metrics: Metrics,
  log: FastifyBaseLogger,
  onClose: Closers,
) {
  const { database, imageStore: store, redis } = storage;
  const db = database.db;
  const unreadSupport = createSupportUnreadCounter(db);
  const safety = createSafetyCheck({ publicUrl: config.publicUrl, productName: config.productName });
  // Each process holds its own classifier, so each learns staff decisions itself: a minute after start, then
  // every few hours (docs/product.md §16; decision 0018).
  const retrainSafety = async () => safety.retrain(await staffLabelledMessages(db));
  let retraining: NodeJS.Timeout = setTimeout(function retrain() {
    retrainSafety()
      .catch((error: unknown) => log.warn({ err: error }, 'safety classifier not retrained'))
      .finally(() => {
        retraining = setTimeout(retrain, SAFETY_RETRAIN_EVERY_MS).unref();
      });
  }, 60_000).unref();
  onClose.push(async () => clearTimeout(retraining));
  // Kept where the REST limiter's counters are: in Redis when set, so every process spends from one budget.
  const kept: BudgetStore = redis
    ? createRedisBudgetStore(redis, config.redisKeyPrefix, log)
    : createMemoryBudgetStore();
  const budgets = metrics.enabled ? countingRefusals(kept, () => metrics.rateLimited('message')) : kept;
  const budgetWindow = messageBudgetWindow(config.rateLimit.global);
  return {
    budgets,
    chats: createMessageService({
      db,
      store,
      durable,
      budgets,
      budgetWindow,
      requireVerifiedEmail: config.emailVerification.required,
      safety,
      unreadSupport: (userId) => unreadSupport.countForUserId(userId),
    }),
    support: createSupportService({
      db,
      productName: config.productName,
      events,
      durable,
      budgets,
      budgetWindow,
    }),
    held: createHeldMessages({ db, durable }),
    /** Learns staff decisions now (the periodic retraining's own step; tests call it). */
    retrainSafety,
  };
}
export type Messaging = ReturnType<typeof composeMessaging>;

/** The hubs (docs/product.md §7) and how their sends reach other processes. */
export interface Realtime {
  /** In-process fan-out, or Redis pub/sub across processes when REDIS_URL is set. */
  backplane: Backplane;
  /** The hubs, their connections and contexts; realtimePlugin mounts it (app.ts). */
  server: MountableRealtimeServer;
  /** Who has a live /generalhub or /chathub connection, on any process (Redis when set). */
  presence: Presence;
}

async function composeRealtime(
  config: AppConfig,
  overrides: AppOverrides,
  { redis, database }: Storage,
  { sessions }: People,
  { chats, support }: Messaging,
  events: EventBus,
  metrics: Metrics,
  log: FastifyBaseLogger,
  onClose: Closers,
): Promise<Realtime> {
  const backplane = redis
    ? (await import('./realtime/backplane/redis.js')).createRedisBackplane({
        publisher: redis,
        url: config.redisUrl,
        channelPrefix: config.redisKeyPrefix,
        log,
      })
    : createMemoryBackplane();
  // The real-time plugin's preClose ends the connections first; the backplane closes with the other parts after.
  onClose.push(() => backplane.close());
  const presence = redis
    ? createRedisPresence({ redis, keyPrefix: config.redisKeyPrefix, log })
    : createMemoryPresence();
  onClose.push(() => presence.close());
  const server = createRealtimeServer({
    hubs: [
      asRunnableHub(
        createGeneralHub(
          (userId) => chats.unreadCounts(userId),
          (userId) => countUnread(database.db, userId),
        ),
      ),
      asRunnableHub(createChatHub(chats)),
      asRunnableHub(createSupportHub(support)),
    ],
    backplane,
    log,
    // The embedded database holds the event loop for each query: one hub invocation at a time keeps stretches short.
    maxRunningInvocations: database.kind === 'pglite' ? 1 : undefined,
    metrics,
    // The pages with these hubs open show a notification themselves (the bell, the chat): no push then.
    presence: { tracker: presence, hubs: ['general', 'chat'] },
  });
  metrics.watchHubConnections(() =>
    Object.fromEntries(server.hubs.map((hub) => [hub, server.connections(hub).length])),
  );
  // Hub delivery: each subscriber turns domain events into pushes. Adding one is one file and one line here.
  // The protocol layer sends whatever it is given; the contract's event types are laid on here, once.
  const hubContext: HubLookup = <H extends HubName>(name: H) =>
    server.context(name) as unknown as HubContext<HubEvents<H>>;
  deliverChatMessages(events, hubContext);
  deliverInboxChanges(events, hubContext, database.db, log);
  deliverSupportEvents(events, hubContext, database.db, log);
  deliverNotificationCounts(events, hubContext);
  // Ended sessions close their connections on every process (a role change re-opens them); a sweep every few
  // seconds catches what the backplane dropped. Stopped before the backplane and the database close.
  const sessionChecks = { supportEmail: config.supportEmail, checkEveryMs: overrides.sessionCheckMs, log };
  onClose.push(subscribeHubSessions(events, server, sessions, sessionChecks).stop);
  return { backplane, server, presence };
}

/** The staff console: tickets, reports, bans and roles. */
function composeModeration(
  { database, imageStore: store }: Storage,
  { support }: Messaging,
  events: EventBus,
  durable: DurableEvents,
) {
  // A ban or a role change is told on the bus; hub delivery (realtime/delivery/sessions.ts) ends the connections.
  const staff = createStaffService({ db: database.db, store, support, events, durable });
  return { staff };
}
export type Moderation = ReturnType<typeof composeModeration>;

/**
 * A person's own data: the export file and the account's deletion. Deletion ends the sessions on the bus (hub
 * delivery closes the connections) and removes photo files through the image store after the commit.
 */
function composePersonalData(
  config: AppConfig,
  { database, imageStore }: Storage,
  { users }: Listings,
  events: EventBus,
  log: FastifyBaseLogger,
) {
  const accountData = createAccountDataService({
    db: database.db,
    store: imageStore,
    discardProfilePhotos: (urls) => users.discardPhotos(urls),
    events,
    productName: config.productName,
    log,
  });
  return { accountData };
}
export type PersonalData = ReturnType<typeof composePersonalData>;
