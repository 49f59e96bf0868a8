/**
 * Web Push (docs/product.md §10): browsers' subscriptions, and pushes to people who are not on the site. When a
 * notification is stored and its person has no live hub connection at that moment, one `push.deliver` job per
 * subscription goes on the queue (it wakes on enqueue, so the push leaves within moments); the job sends the
 * encrypted payload and acts on the push service's answer.
 */
import { createECDH, createHash, randomBytes } from 'node:crypto';
import {
  fillText,
  messages,
  SPEC_LOCALE,
  textsFor,
  type InstallationLocale,
  type Notification,
  type PushPayload,
  type PushSubscriptionRequest,
} from '@rummage/contract';
import type { Database, Transaction } from '../../db/client.js';
import type { SessionEndReason } from '../../events/domain-events.js';
import type { ProcessorContext } from '../../events/durable.js';
import { PermanentJobError, RetryLaterError, type JobKind, type JobQueue } from '../../jobs/queue/queue.js';
import { HttpError } from '../../lib/http-error.js';
import type { Presence } from '../../services/presence/index.js';
import {
  checkPushEndpoint,
  fitPushPayload,
  PushEncryptionError,
  PushEndpointLookupTimeoutError,
  PushEndpointRefusedError,
  PushEndpointUnresolvedError,
  type EndpointPolicy,
  type PushSender,
  type VapidKeys,
} from '../../services/push/index.js';
import { isEntryUnread } from './centre.repository.js';
import { entryIn } from './centre.service.js';
import { languageOfRecipient } from './names.js';
import type { NotificationPreferencesService } from './preferences.service.js';
import {
  deleteOwnSubscription,
  deleteSubscription,
  deleteSubscriptionsOf,
  findSubscription,
  hasLiveSession,
  isBanned,
  markDelivered,
  saveSubscription,
  subscriptionsOf,
  type StoredSubscription,
} from './push.repository.js';

const N = messages.notifications;

export const PUSH_JOB = 'push.deliver';

/** How long a push service keeps a message for a device that is off: a day-old "new message" is still news. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;

interface Log {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface PushJobPayload {
  subscriptionId: number;
  userId: number;
  /** The centre's entry the push tells about (none for a test push): read meanwhile, it is not pushed. */
  notificationId?: number;
  push: PushPayload;
}

/** The processor's transaction and its deferred enqueue (`ProcessorContext`). */
type InTransaction = Pick<ProcessorContext, 'tx' | 'enqueue'>;

export interface PushServiceOptions {
  db: Database;
  queue: JobQueue;
  presence: Presence;
  preferences: NotificationPreferencesService;
  sender: PushSender;
  vapidKeys: () => Promise<VapidKeys>;
  policy: EndpointPolicy;
  productName: string;
  /** The installation's language and currency: a push is said in its person's saved language, else this one. */
  locale?: Pick<InstallationLocale, 'defaultLocale' | 'currency'>;
  log: Log;
}

export interface PushService {
  publicKey(): Promise<string>;
  subscribe(userId: number, subscription: PushSubscriptionRequest, userAgent?: string): Promise<void>;
  unsubscribe(userId: number, endpoint: string): Promise<void>;
  /** A test push to each of the person's subscriptions; 404 when they have none. */
  sendTest(userId: number): Promise<void>;
  /**
   * Enqueues the pushes of a stored notification when its person is away, in the transaction that stored it
   * (the `notification.created` processor).
   */
  notify(event: { userId: number; notification: Notification }, w: InTransaction): Promise<void>;
  /** Sessions that end everywhere forget the person's browsers, in the transaction that ended them. */
  sessionEnded(event: { userId: number; reason: SessionEndReason }, tx: Transaction): Promise<void>;
  /** The queue's job kind (defined in the composition root). */
  readonly job: JobKind<PushJobPayload>;
}

export function createPushService(options: PushServiceOptions): PushService {
  const { db, queue, presence, preferences, sender, policy, log } = options;
  const locale = options.locale ?? SPEC_LOCALE;

  /** Enqueues now, or through `w` at the end of its transaction (the processor's: see `ProcessorContext.enqueue`). */
  const enqueue = async (
    userId: number,
    subscriptions: readonly StoredSubscription[],
    push: PushPayload,
    key: (subscriptionId: number) => string,
    notificationId?: number,
    w?: InTransaction,
  ) => {
    for (const subscription of subscriptions) {
      const payload: PushJobPayload = {
        subscriptionId: subscription.id,
        userId,
        ...(notificationId !== undefined && { notificationId }),
        push,
      };
      // One browser's pushes leave in the order their entries changed: a chat's entry shows its last message.
      const job = { idempotencyKey: key(subscription.id), inOrderOf: `push:${subscription.id}` };
      if (w) w.enqueue(PUSH_JOB, payload, job);
      else await queue.enqueue(PUSH_JOB, payload, job);
    }
  };

  const job: JobKind<PushJobPayload> = {
    name: PUSH_JOB,
    // The sender gives up after 10 s; the margin covers resolving the name and the database writes.
    timeoutMs: 20_000,
    maxAttempts: 8,
    async handler({ subscriptionId, userId, notificationId, push }, run) {
      const subscription = await findSubscription(db, subscriptionId);
      // Unsubscribed, gone with the account, or moved to someone else who signed in on that browser.
      if (!subscription || subscription.userId !== userId) return;
      // Pushes go to people who are signed in somewhere: once every session expired, the browser is forgotten.
      if (!(await hasLiveSession(db, userId))) {
        log.info({ subscriptionId }, 'push subscription of a person with no live session; deleted');
        return deleteSubscription(db, subscriptionId);
      }
      if (await isBanned(db, userId)) return;
      if (notificationId !== undefined && !(await isEntryUnread(db, userId, notificationId))) return;
      if (push.type !== 'test' && !(await preferences.allows(userId, 'push', push.type))) return;
      let answer;
      try {
        answer = await sender.send(
          { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
          JSON.stringify(push),
          { ttlSeconds: PUSH_TTL_SECONDS, signal: run.signal },
        );
      } catch (error) {
        // The name now points somewhere private: never sent there, and trying again will not change that.
        if (error instanceof PushEndpointRefusedError) throw new PermanentJobError(error.message);
        // Keys no message can be encrypted for: that browser can never get a push.
        if (error instanceof PushEncryptionError) {
          log.warn({ subscriptionId, err: error }, 'push subscription keys unusable; deleted');
          return deleteSubscription(db, subscription.id);
        }
        throw error; // a timeout, a reset or a name that did not resolve: tried again with backoff
      }
      const { status } = answer;
      if (status >= 200 && status < 300) return markDelivered(db, subscription.id);
      if (status === 404 || status === 410) {
        log.info({ subscriptionId, status }, 'push subscription gone; deleted');
        return deleteSubscription(db, subscription.id);
      }
      if (status === 429 || status >= 500) {
        throw new RetryLaterError(`push service answered ${status}`, answer.retryAfterMs ?? 0);
      }
      throw new PermanentJobError(`push service refused the push with ${status}`);
    },
  };

  return {
    job,
    async publicKey() {
      return (await options.vapidKeys()).publicKey;
    },
    async subscribe(userId, subscription, userAgent) {
      if (!isCurvePoint(subscription.keys.p256dh)) throw new HttpError(400, N.subscriptionKeyInvalid);
      try {
        await checkPushEndpoint(subscription.endpoint, policy);
      } catch (error) {
        if (error instanceof PushEndpointLookupTimeoutError) {
          throw new HttpError(400, N.subscriptionEndpointTimeout);
        }
        if (error instanceof PushEndpointRefusedError || error instanceof PushEndpointUnresolvedError) {
          throw new HttpError(400, N.subscriptionEndpointRefused);
        }
        throw error;
      }
      await saveSubscription(db, {
        userId,
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        userAgent: userAgent?.slice(0, 300) ?? null,
      });
    },
    unsubscribe: (userId, endpoint) => deleteOwnSubscription(db, userId, endpoint),
    async sendTest(userId) {
      const T = textsFor(await languageOfRecipient(db, userId, locale.defaultLocale)).notifications;
      const push: PushPayload = {
        title: T.testTitle,
        body: fillText(T.testBody, { product: options.productName }),
        link: '/settings/notifications',
        type: 'test',
      };
      const subscriptions = await subscriptionsOf(db, userId);
      if (subscriptions.length === 0) throw new HttpError(404, N.noPushSubscription);
      const nonce = randomBytes(8).toString('hex');
      await enqueue(userId, subscriptions, push, (id) => `push:test:${id}:${nonce}`);
    },
    async notify({ userId, notification }, w) {
      const { tx } = w;
      // Decided now, when the notification is stored: no grace period for a page that might open later.
      if (await presence.isOnline(userId)) return;
      // Most people have no subscription: that is asked first, so a chat message costs them one query here.
      const subscriptions = await subscriptionsOf(tx, userId);
      if (subscriptions.length === 0) return;
      if (!(await preferences.allows(userId, 'push', notification.type, tx))) return;
      const reader = await languageOfRecipient(tx, userId, locale.defaultLocale);
      const said = entryIn(notification, reader, locale.currency);
      const push = fitPushPayload({
        title: said.title,
        body: said.body,
        link: notification.link,
        type: notification.type,
      });
      // One push per entry, subscription and version of the entry: the same event emitted twice sends once,
      // and a chat's entry updated by the next message pushes again.
      const version = createHash('sha256')
        .update(JSON.stringify(notification))
        .digest('base64url')
        .slice(0, 16);
      await enqueue(
        userId,
        subscriptions,
        push,
        (id) => `push:${notification.id}:${id}:${version}`,
        notification.id,
        w,
      );
    },
    async sessionEnded({ userId, reason }, tx) {
      if (ENDS_EVERY_SUBSCRIPTION.has(reason)) await deleteSubscriptionsOf(tx, userId);
    },
  };
}

/**
 * Whether a p256dh key is a point on P-256. The contract checks the shape (65 bytes, 0x04 first); only the curve
 * equation tells a browser's key from 65 made-up bytes, which no push could ever be encrypted for.
 */
const curveCheck = createECDH('prime256v1');
// computeSecret needs a key pair of its own; the secret itself is thrown away.
curveCheck.generateKeys();

function isCurvePoint(p256dh: string): boolean {
  try {
    curveCheck.computeSecret(Buffer.from(p256dh, 'base64url'));
    return true;
  } catch {
    return false;
  }
}

/**
 * Sessions that end for the person everywhere take the person's browsers with them: after "log out everywhere",
 * a password reset or a ban, nobody should keep getting pushes on a browser someone else may now hold. A single
 * logout leaves the others alone (the web client unsubscribes that browser itself).
 */
const ENDS_EVERY_SUBSCRIPTION: ReadonlySet<SessionEndReason> = new Set([
  'logoutEverywhere',
  'passwordReset',
  'ban',
  'accountDeleted',
]);
