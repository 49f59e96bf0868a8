/**
 * Redis pub/sub backplane (docs/realtime.md#scale-out): one publisher connection (possibly the app's shared
 * one) and one dedicated subscriber connection per process. Channels are subscribed on demand and
 * reference-counted, so a process only hears groups and users it has local connections for.
 *
 * Outages: pub/sub is fire-and-forget, as in SignalR. While the publisher is not ready, publish() drops the
 * message at once instead of letting ioredis queue it: a queued message would be delivered after the
 * reconnect, possibly minutes later and after newer state the clients already fetched, which is worse than
 * the loss SignalR documents. The subscriber's channels are kept in redis-subscriptions.ts, which subscribes
 * them all again whenever the subscriber (re)connects.
 */
import { randomUUID } from 'node:crypto';
import { Redis, type RedisOptions } from 'ioredis';
import type { Backplane, BackplaneMessage, BackplaneScope } from './backplane.js';
import { decodeEnvelope, encodeEnvelope, envelopePrefix, type Envelope } from './envelope.js';
import { RedisSubscriptions } from './redis-subscriptions.js';

export interface BackplaneLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface RedisBackplaneOptions {
  /** Connection URL; ignored for the publisher when `publisher` is given. */
  url?: string;
  /** An existing connection to publish on (for example app.parts.storage.redis); it is left open by close(). */
  publisher?: Redis;
  /** Prepended to every channel, like REDIS_KEY_PREFIX ('rummage:'), so apps sharing a Redis stay apart. */
  channelPrefix: string;
  log: BackplaneLog;
}

export interface RedisBackplane extends Backplane {
  /**
   * Resolves once Redis has answered every SUBSCRIBE/UNSUBSCRIBE issued so far and the publisher is connected
   * (tests, start-up); while Redis is down they wait for the reconnect, and so does this.
   */
  settled(): Promise<void>;
}

interface Subscription {
  hub: string;
  scope: BackplaneScope;
  target?: string;
}

const LOG_EVERY_MS = 60_000;

export function backplaneChannel(
  prefix: string,
  hub: string,
  scope: BackplaneScope,
  target?: string,
): string {
  if (scope === 'all') return `${prefix}signalr:${hub}:all`;
  if (target === undefined || target === '') {
    throw new TypeError(`A backplane '${scope}' channel needs a target`);
  }
  return `${prefix}signalr:${hub}:${scope}:${target}`;
}

export function createRedisBackplane(options: RedisBackplaneOptions): RedisBackplane {
  const { channelPrefix, log } = options;
  if (!options.publisher && !options.url)
    throw new TypeError('createRedisBackplane needs a url or a publisher');
  const serverId = randomUUID();

  // Named so an operator (or a test) can tell the two connections apart in CLIENT LIST.
  const connectionName = (role: string) => `signalr-backplane-${role}-${serverId}`;
  const ownPublisher = !options.publisher;
  const publisher =
    options.publisher ??
    new Redis(options.url as string, {
      connectionName: connectionName('pub'),
      connectTimeout: 2_000,
      // Drop, never queue: see the file comment.
      enableOfflineQueue: false,
      autoResendUnfulfilledCommands: false,
      maxRetriesPerRequest: 0,
    });
  const subscriberOptions: RedisOptions = {
    connectionName: connectionName('sub'),
    connectTimeout: 2_000,
    // RedisSubscriptions sends only while connected and re-subscribes every channel on each (re)connect: a command
    // queued or resent by ioredis could undo a newer change, and one cut short by a drop must fail, not hang.
    enableOfflineQueue: false,
    autoResubscribe: false,
    maxRetriesPerRequest: 0,
    enableAutoPipelining: false,
    lazyConnect: false,
  };
  const subscriber = options.publisher
    ? options.publisher.duplicate(subscriberOptions)
    : new Redis(options.url as string, subscriberOptions);

  let lastWarned = 0;
  let wasDown = false;
  function warn(obj: object, msg: string) {
    // ioredis retries forever and reports every attempt; one line a minute is enough to see the outage.
    if (Date.now() - lastWarned < LOG_EVERY_MS) return;
    lastWarned = Date.now();
    log.warn(obj, msg);
  }
  const onError = (err: Error) => {
    wasDown = true;
    // The reason is enough: the stack of a refused socket says nothing an operator can use.
    warn({ reason: err.message }, 'redis backplane unavailable; hub messages to other processes are dropped');
  };
  subscriber.on('error', onError);
  if (ownPublisher) publisher.on('error', onError);
  subscriber.on('ready', () => {
    if (!wasDown) return;
    wasDown = false;
    lastWarned = 0;
    log.info({}, 'redis backplane reconnected');
  });

  const subscriptions = new RedisSubscriptions<Subscription>(subscriber, (err) =>
    warn({ err }, 'redis backplane subscription command failed'),
  );
  let handler: ((message: BackplaneMessage) => void) | undefined;
  let closed = false;

  const ownPrefix = envelopePrefix(serverId);
  subscriber.on('message', (channel: string, payload: string) => {
    // This process's own messages come back on the channels it listens to: delivered locally already.
    if (payload.startsWith(ownPrefix)) return;
    const subscription = subscriptions.info(channel);
    // A message can still arrive between the last unsubscribe() and Redis acknowledging the UNSUBSCRIBE.
    if (!subscription || !handler) return;
    let envelope: Envelope;
    try {
      envelope = decodeEnvelope(payload);
    } catch (err) {
      warn({ err, channel }, 'redis backplane: unreadable message ignored');
      return;
    }
    if (envelope.o === serverId) return;
    const message: BackplaneMessage = {
      hub: subscription.hub,
      scope: subscription.scope,
      frame: envelope.frame,
    };
    if (subscription.target !== undefined) message.target = subscription.target;
    if (envelope.x) message.excluded = envelope.x;
    if (envelope.s) message.sessions = envelope.s;
    try {
      handler(message);
    } catch (err) {
      // Throwing back into ioredis would break its reply parser for every later message.
      log.warn({ err, channel }, 'redis backplane: message handler failed');
    }
  });

  return {
    serverId,

    publish(message) {
      if (closed || publisher.status !== 'ready') {
        warn({ hub: message.hub, scope: message.scope }, 'redis backplane down; hub message dropped');
        return;
      }
      let channel: string;
      try {
        channel = backplaneChannel(channelPrefix, message.hub, message.scope, message.target);
      } catch (err) {
        log.warn({ err }, 'redis backplane: message without a target dropped');
        return;
      }
      const envelope: Envelope = { o: serverId, frame: message.frame };
      if (message.excluded && message.excluded.length > 0) envelope.x = message.excluded;
      if (message.sessions) envelope.s = message.sessions;
      publisher.publish(channel, encodeEnvelope(envelope)).catch((err: unknown) => {
        warn({ err }, 'redis backplane publish failed; hub message dropped');
      });
    },

    subscribe(hub, scope, target) {
      if (closed) return Promise.resolve();
      const channel = backplaneChannel(channelPrefix, hub, scope, target);
      return subscriptions.subscribe(channel, { hub, scope, target: scope === 'all' ? undefined : target });
    },

    unsubscribe(hub, scope, target) {
      if (closed) return;
      subscriptions.unsubscribe(backplaneChannel(channelPrefix, hub, scope, target));
    },

    onMessage(next) {
      handler = next;
    },

    isConnected() {
      return !closed && subscriber.status === 'ready';
    },

    async settled() {
      await subscriptions.settled();
      // A publish before the publisher's first connect is dropped (no offline queue), so settled includes it.
      if (!closed && publisher.status !== 'ready') {
        await new Promise<void>((resolve) => publisher.once('ready', () => resolve()));
      }
    },

    async close() {
      if (closed) return;
      closed = true;
      subscriptions.close();
      const stop = async (redis: Redis) => {
        // QUIT needs a live connection; when Redis is down, just drop the socket so shutdown does not wait.
        if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
        else redis.disconnect();
      };
      await Promise.all([stop(subscriber), ownPublisher ? stop(publisher) : undefined]);
    },
  };
}
