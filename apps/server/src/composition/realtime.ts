/** The composition root's real-time part (index.ts): the backplane, presence, the hubs and hub delivery. */
import type { FastifyBaseLogger } from 'fastify';
import type { HubName } from '@rummage/contract';
import type { AppConfig } from '../config.js';
import type { EventBus } from '../events/bus.js';
import { countUnread, countUnreadOf } from '../modules/notification/centre.repository.js';
import type { Backplane } from '../realtime/backplane/backplane.js';
import { createMemoryBackplane } from '../realtime/backplane/memory.js';
import { deliverChatMessages } from '../realtime/delivery/chat.js';
import { deliverInboxChanges } from '../realtime/delivery/inbox.js';
import { deliverNotificationCounts } from '../realtime/delivery/notifications.js';
import { subscribeHubSessions } from '../realtime/delivery/sessions.js';
import { deliverSupportEvents } from '../realtime/delivery/support.js';
import { asRunnableHub, type HubContext, type HubEvents, type HubLookup } from '../realtime/hub.js';
import { createChatHub } from '../realtime/hubs/chat.hub.js';
import { createGeneralHub } from '../realtime/hubs/general.hub.js';
import { createSupportHub } from '../realtime/hubs/support.hub.js';
import { createRealtimeServer, type MountableRealtimeServer } from '../realtime/index.js';
import type { Metrics } from '../services/metrics/index.js';
import { createMemoryPresence, createRedisPresence, type Presence } from '../services/presence/index.js';
import type { Closers } from './closers.js';
import type { Messaging } from './messaging.js';
import type { AppOverrides } from './overrides.js';
import type { People } from './people.js';
import type { Storage } from './storage.js';

/** The hubs (docs/product.md §7) and how their sends reach other processes. */
export interface Realtime {
  /** In-process fan-out, or a Redis stream across processes when REDIS_URL is set. */
  backplane: Backplane;
  /** The hubs, their connections and contexts; realtimePlugin mounts it (app.ts). */
  server: MountableRealtimeServer;
  /** Who has a live /generalhub or /chathub connection, on any process (Redis when set). */
  presence: Presence;
}

export async function composeRealtime({
  config,
  overrides,
  storage: { redis, database },
  people: { sessions },
  messaging: { chats, support },
  events,
  metrics,
  log,
  closers: onClose,
}: {
  config: AppConfig;
  overrides: AppOverrides;
  storage: Storage;
  people: Pick<People, 'sessions'>;
  messaging: Pick<Messaging, 'chats' | 'support'>;
  events: EventBus;
  metrics: Metrics;
  log: FastifyBaseLogger;
  closers: Closers;
}): Promise<Realtime> {
  const backplane = redis
    ? (await import('../realtime/backplane/redis.js')).createRedisBackplane({
        publisher: redis,
        url: config.redisUrl,
        keyPrefix: config.redisKeyPrefix,
        catchUpMs: config.redisBackplaneCatchUpMs,
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
    timing: {
      statefulReconnectBufferBytes: config.statefulReconnect.bufferBytes,
      statefulReconnectBufferMs: config.statefulReconnect.bufferMs,
    },
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
  deliverNotificationCounts(events, hubContext, (userIds) => countUnreadOf(database.db, userIds));
  // Ended sessions close their connections on every process (a role change re-opens them); a sweep every few
  // seconds catches what the backplane dropped. Stopped before the backplane and the database close.
  const sessionChecks = { supportEmail: config.supportEmail, checkEveryMs: overrides.sessionCheckMs, log };
  onClose.push(subscribeHubSessions(events, server, sessions, sessionChecks).stop);
  return { backplane, server, presence };
}
