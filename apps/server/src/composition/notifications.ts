/**
 * The composition root's notifications part (index.ts, docs/product.md §10): the centre and its
 * processors, preferences, Web Push and e-mail. Each channel is a durable event processor and sends as jobs.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.js';
import type { EventBus } from '../events/bus.js';
import type { DurableEvents } from '../events/durable.js';
import type { JobQueue } from '../jobs/queue/queue.js';
import { createNotificationCentre } from '../modules/notification/centre.service.js';
import { createNotificationEmail } from '../modules/notification/email/notification-email.js';
import { createUnsubscribeTokens } from '../modules/notification/email/unsubscribe-token.js';
import { createNotificationPreferences } from '../modules/notification/preferences.service.js';
import { garageSaleRemindersJob } from '../modules/notification/garage-sale-reminders.js';
import { dealProcessors } from '../modules/deal/deal.processors.js';
import { notificationProcessors } from '../modules/notification/notification.processors.js';
import { createPushService } from '../modules/notification/push.service.js';
import { savedSearchProcessors } from '../modules/saved-search/saved-search.processors.js';
import type { Presence } from '../services/presence/index.js';
import { createPushSender, systemLookup, vapidKeysOf } from '../services/push/index.js';
import type { AppOverrides } from './overrides.js';
import type { People } from './people.js';
import type { Storage } from './storage.js';

/**
 * What reaches people who are not on the site (docs/product.md §10): entries, pushes and e-mails are made by
 * durable event processors and sent as jobs on the queue, so nothing is lost when a process dies and nothing
 * slows the request.
 */
export function composeNotifications({
  config,
  overrides,
  storage: { database },
  people: { mailer },
  events,
  durable,
  queue,
  presence,
  log,
}: {
  config: AppConfig;
  overrides: AppOverrides;
  storage: Storage;
  people: Pick<People, 'mailer'>;
  events: EventBus;
  durable: DurableEvents;
  queue: JobQueue;
  presence: Presence;
  log: FastifyBaseLogger;
}) {
  const db = database.db;
  const preferences = createNotificationPreferences(db);
  // The centre keeps every entry whatever the preferences; push and e-mail process notification.created.
  const centre = createNotificationCentre({ db, events, durable });
  queue.define(garageSaleRemindersJob(db, durable, centre));
  const { vapid, allowInsecurePushEndpoints } = config.notifications;
  if (allowInsecurePushEndpoints) log.warn(PUSH_INSECURE_WARNING);
  const vapidKeys = vapidKeysOf(db, vapid);
  const policy = { allowInsecure: allowInsecurePushEndpoints, lookup: overrides.lookup ?? systemLookup };
  const push = createPushService({
    db,
    queue,
    presence,
    preferences,
    sender: createPushSender({ vapidKeys, policy }),
    vapidKeys,
    policy,
    productName: config.productName,
    locale: config.locale,
    log,
  });
  queue.define(push.job);
  const unsubscribeTokens = createUnsubscribeTokens(db);
  const email = createNotificationEmail({
    db,
    queue,
    mailer,
    preferences,
    tokens: unsubscribeTokens,
    publicUrl: config.publicUrl,
    productName: config.productName,
    locale: config.locale,
    delayMs: config.notifications.emailDelayMs,
    paceMs: overrides.notificationEmailPaceMs,
  });
  for (const job of email.jobs) queue.define(job);
  durable.register([
    ...notificationProcessors({ centre, push, email, currency: config.locale.currency }),
    ...savedSearchProcessors(centre),
    ...dealProcessors(centre),
  ]);
  return { preferences, centre, push, unsubscribeTokens, email };
}

const PUSH_INSECURE_WARNING =
  'PUSH_ALLOW_INSECURE_ENDPOINTS is on: push subscriptions may point at plain http and private addresses. ' +
  'Only for tests and local setups: on a public server it lets anyone make this server send requests into its network.';
export type Notifications = ReturnType<typeof composeNotifications>;
