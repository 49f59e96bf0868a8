/**
 * The composition root: everything the server is made of is made here, once, in dependency order, and handed to
 * Fastify (app.ts) and the hubs as plain values. Nothing else creates services, repositories, hubs or jobs, and
 * nothing looks a part up later by name. One file per part, each taking the parts it is made from as one object;
 * a part imports only the files below it (overrides.ts and closers.ts at the bottom, this file at the top).
 * docs/architecture.md says how to add one.
 */
import type { FastifyBaseLogger } from 'fastify';
import { setInstallationCountry } from '@rummage/contract';
import type { AppConfig } from '../config.js';
import { createEventBus, type EventBus } from '../events/bus.js';
import { createDurableEvents, type DurableEvents } from '../events/durable.js';
import { createJobQueue, type JobQueue } from '../jobs/queue/queue.js';
import { createMetrics, type Metrics } from '../services/metrics/index.js';
import { Closers } from './closers.js';
import { composeJobs } from './jobs.js';
import { composeListings, type Listings } from './listings.js';
import { composeMessaging, type Messaging } from './messaging.js';
import { composeModeration, type Moderation } from './moderation.js';
import { composeNotifications, type Notifications } from './notifications.js';
import type { AppOverrides } from './overrides.js';
import { composePeople, type People } from './people.js';
import { composePersonalData, type PersonalData } from './personal-data.js';
import { composeRealtime, type Realtime } from './realtime.js';
import { observeStorage, openStorage, type Storage } from './storage.js';

export type { AppOverrides } from './overrides.js';
export { databaseOptions, type Storage } from './storage.js';
export type { Notifications } from './notifications.js';

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
  // Phone numbers are parsed where the contract's schemas validate them; the home country is the process's own.
  setInstallationCountry(config.locale.defaultCountry);
  try {
    const metrics = await createMetrics(config.metrics.token);
    const storage = await openStorage({ config, overrides, log, closers });
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
    const people = composePeople({ config, overrides, storage, events, durable, queue, log, closers });
    const listings = composeListings({ config, storage, durable, queue, people, log });
    const messaging = composeMessaging({ config, storage, events, durable, metrics, log, closers });
    const realtime = await composeRealtime({
      config,
      overrides,
      storage,
      people,
      messaging,
      events,
      metrics,
      log,
      closers,
    });
    const moderation = composeModeration({ storage, messaging, events, durable });
    const personalData = composePersonalData({ config, storage, listings, events, durable, log });
    const notifications = composeNotifications({
      config,
      overrides,
      storage,
      people,
      events,
      durable,
      queue,
      presence: realtime.presence,
      log,
    });
    composeJobs({ config, overrides, storage, queue, metrics, log });
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
