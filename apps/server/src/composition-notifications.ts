/**
 * The composition root's notifications part (composition.ts, docs/product.md §10): the centre and its subscribers,
 * preferences, Web Push and e-mail. Each channel subscribes to the bus and sends as jobs on the queue.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppOverrides, People } from './composition.js';
import type { Storage } from './composition-storage.js';
import type { AppConfig } from './config.js';
import type { EventBus } from './events/bus.js';
import type { JobQueue } from './jobs/queue/queue.js';
import { createNotificationCentre } from './modules/notification/centre.service.js';
import { createNotificationEmail } from './modules/notification/email/notification-email.js';
import { createUnsubscribeTokens } from './modules/notification/email/unsubscribe-token.js';
import { createNotificationPreferences } from './modules/notification/preferences.service.js';
import { createPushService, deliverPushNotifications } from './modules/notification/push.service.js';
import { notifyConversations } from './modules/notification/subscribers/conversations.js';
import { defineGarageSaleReminders } from './modules/notification/subscribers/garage-sales.js';
import { notifyListingNews } from './modules/notification/subscribers/listings.js';
import { notifyReservations } from './modules/notification/subscribers/reservations.js';
import { alertSavedSearchMatches } from './modules/saved-search/saved-search.alerts.js';
import type { Presence } from './services/presence/index.js';
import { createPushSender, systemLookup, vapidKeysOf } from './services/push/index.js';

/**
 * What reaches people who are not on the site (docs/product.md §10): each channel subscribes to the bus and does
 * its sending as jobs on the queue, so nothing is lost when a process dies and nothing slows the request.
 */
export function composeNotifications(
  config: AppConfig,
  overrides: AppOverrides,
  { database }: Storage,
  { mailer }: People,
  events: EventBus,
  queue: JobQueue,
  presence: Presence,
  log: FastifyBaseLogger,
) {
  const db = database.db;
  const preferences = createNotificationPreferences(db);
  // The centre keeps every entry whatever the preferences; push and e-mail subscribe to notification.created.
  const centre = createNotificationCentre({ db, events });
  notifyConversations(events, centre);
  notifyListingNews(events, centre, db, queue);
  notifyReservations(events, centre, db);
  defineGarageSaleReminders(queue, db, centre);
  alertSavedSearchMatches(events, centre, db, queue);
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
    log,
  });
  queue.define(push.job);
  deliverPushNotifications(events, push, db);
  const unsubscribeTokens = createUnsubscribeTokens(db);
  const email = createNotificationEmail({
    db,
    events,
    queue,
    mailer,
    preferences,
    tokens: unsubscribeTokens,
    publicUrl: config.publicUrl,
    productName: config.productName,
    delayMs: config.notifications.emailDelayMs,
    paceMs: overrides.notificationEmailPaceMs,
  });
  return { preferences, centre, push, unsubscribeTokens, email };
}

const PUSH_INSECURE_WARNING =
  'PUSH_ALLOW_INSECURE_ENDPOINTS is on: push subscriptions may point at plain http and private addresses. ' +
  'Only for tests and local setups: on a public server it lets anyone make this server send requests into its network.';
export type Notifications = ReturnType<typeof composeNotifications>;
