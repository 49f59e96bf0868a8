/**
 * Redis backplane (docs/realtime.md#scale-out, decision 0021): every process appends its hub messages to one Redis
 * stream and reads that stream from where it last stopped, so a message survives a dropped connection and, kept by
 * its publisher for the catch-up window, a restart of Redis (redis-outbox.ts, redis-stream-reader.ts).
 *
 * Each process reads every hub's messages and keeps those for audiences it has connections for (reference-counted
 * subscriptions): one stream read with one blocking command, where pub/sub subscribed a channel per group, user and
 * connection. The publisher connection may be the app's shared one; the reader is a dedicated connection, since a
 * blocked read holds it.
 */
import { randomUUID } from 'node:crypto';
import { Redis, type RedisOptions } from 'ioredis';
import type { Backplane, BackplaneMessage, BackplaneScope } from './backplane.js';
import { audience, type Envelope } from './envelope.js';
import { BackplaneOutbox } from './redis-outbox.js';
import { BackplaneStreamReader } from './redis-stream-reader.js';
import { backplaneStream, DEFAULT_CATCH_UP_MS } from './redis-stream.js';

export interface BackplaneLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface RedisBackplaneOptions {
  /** Connection URL; ignored for the publisher when `publisher` is given. */
  url?: string;
  /** An existing connection to publish on (for example app.parts.storage.redis); it is left open by close(). */
  publisher?: Redis;
  /** Prepended to the stream's key, like REDIS_KEY_PREFIX ('rummage:'), so apps sharing a Redis stay apart. */
  keyPrefix: string;
  /**
   * How long a message may wait for Redis and still be delivered (REDIS_BACKPLANE_CATCH_UP_MS): the longest
   * outage that loses nothing, and about what the stream holds.
   */
  catchUpMs?: number;
  /** How long one blocking read of the stream waits (READ_BLOCK_MS); tests shorten it. */
  readBlockMs?: number;
  log: BackplaneLog;
}

export interface RedisBackplane extends Backplane {
  /**
   * Resolves once the reader reads the stream and Redis has confirmed every message published so far (tests,
   * start-up); while Redis is down it waits for the reconnect.
   */
  settled(): Promise<void>;
}

interface Subscription {
  hub: string;
  scope: BackplaneScope;
  target?: string;
  count: number;
}

/** How long a new connection waits for the reader's first start before it is counted as joined anyway. */
export const SUBSCRIBE_WAIT_MS = 2_000;
/** How long close() waits for messages already on their way to Redis. */
const CLOSE_WAIT_MS = 1_000;
const LOG_EVERY_MS = 60_000;

export function createRedisBackplane(options: RedisBackplaneOptions): RedisBackplane {
  const { keyPrefix, log } = options;
  if (!options.publisher && !options.url)
    throw new TypeError('createRedisBackplane needs a url or a publisher');
  const serverId = randomUUID();
  const catchUpMs = options.catchUpMs ?? DEFAULT_CATCH_UP_MS;
  const stream = backplaneStream(keyPrefix);

  // Named so an operator (or a test) can tell the two connections apart in CLIENT LIST.
  const connectionName = (role: string) => `signalr-backplane-${role}-${serverId}`;
  const ownPublisher = !options.publisher;
  // The outbox keeps what waits for Redis and sends it again in order: ioredis must neither queue nor resend.
  const strict: RedisOptions = {
    connectTimeout: 2_000,
    enableOfflineQueue: false,
    autoResendUnfulfilledCommands: false,
    maxRetriesPerRequest: 0,
  };
  const publisher =
    options.publisher ??
    new Redis(options.url as string, { ...strict, connectionName: connectionName('pub') });
  const readerOptions: RedisOptions = {
    ...strict,
    connectionName: connectionName('sub'),
    enableAutoPipelining: false,
    lazyConnect: false,
  };
  const readerConnection = options.publisher
    ? options.publisher.duplicate(readerOptions)
    : new Redis(options.url as string, readerOptions);

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
    warn(
      { reason: err.message },
      `redis backplane unavailable; hub messages to other processes wait up to ${catchUpMs} ms for it`,
    );
  };
  readerConnection.on('error', onError);
  if (ownPublisher) publisher.on('error', onError);
  readerConnection.on('ready', () => {
    if (!wasDown) return;
    wasDown = false;
    lastWarned = 0;
    log.info({}, 'redis backplane reconnected');
  });

  const subscriptions = new Map<string, Subscription>();
  let handler: ((message: BackplaneMessage) => void) | undefined;
  let closed = false;

  const outbox = new BackplaneOutbox({ publisher, stream, serverId, catchUpMs, warn });
  const reader = new BackplaneStreamReader({
    reader: readerConnection,
    stream,
    serverId,
    catchUpMs,
    ...(options.readBlockMs !== undefined && { blockMs: options.readBlockMs }),
    warn,
    wanted: (key) => handler !== undefined && subscriptions.has(key),
    deliver(envelope: Envelope) {
      const subscription = subscriptions.get(envelope.audience);
      if (!subscription || !handler) return;
      const message: BackplaneMessage = {
        hub: subscription.hub,
        scope: subscription.scope,
        frame: envelope.frame,
      };
      if (subscription.target !== undefined) message.target = subscription.target;
      if (envelope.excluded) message.excluded = envelope.excluded;
      if (envelope.sessions) message.sessions = envelope.sessions;
      handler(message);
    },
  });
  const started = new Promise<void>((resolve) => void reader.untilReading().then(resolve));

  return {
    serverId,

    publish(message) {
      if (closed) return;
      let key: string;
      try {
        key = audience(message.hub, message.scope, message.target);
      } catch (err) {
        log.warn({ err }, 'redis backplane: message without a target dropped');
        return;
      }
      outbox.publish({
        audience: key,
        frame: message.frame,
        ...(message.excluded && message.excluded.length > 0 && { excluded: message.excluded }),
        ...(message.sessions && { sessions: message.sessions }),
      });
    },

    subscribe(hub, scope, target) {
      if (closed) return Promise.resolve();
      const key = audience(hub, scope, target);
      const existing = subscriptions.get(key);
      if (existing) existing.count += 1;
      else subscriptions.set(key, { hub, scope, count: 1, ...(scope !== 'all' && { target }) });
      // Once the reader has a place to start, every message published from now on will be read, even across an
      // outage; before its first start, a new connection waits for it, briefly.
      if (reader.hasStarted()) return Promise.resolve();
      return Promise.race([
        started,
        new Promise<void>((resolve) => setTimeout(resolve, SUBSCRIBE_WAIT_MS).unref()),
      ]);
    },

    unsubscribe(hub, scope, target) {
      if (closed) return;
      const key = audience(hub, scope, target);
      const existing = subscriptions.get(key);
      if (!existing) return;
      existing.count -= 1;
      if (existing.count <= 0) subscriptions.delete(key);
    },

    onMessage(next) {
      handler = next;
    },

    isConnected() {
      return !closed && reader.isReading();
    },

    async settled() {
      await Promise.all([reader.untilReading(), outbox.settled()]);
    },

    async close() {
      if (closed) return;
      closed = true;
      await outbox.close(CLOSE_WAIT_MS);
      reader.close();
      subscriptions.clear();
      // The reader may be blocked in a read that QUIT would queue behind: just drop its socket.
      readerConnection.disconnect();
      if (!ownPublisher) return;
      // QUIT needs a live connection; when Redis is down, just drop the socket so shutdown does not wait.
      if (publisher.status === 'ready') await publisher.quit().catch(() => publisher.disconnect());
      else publisher.disconnect();
    },
  };
}
