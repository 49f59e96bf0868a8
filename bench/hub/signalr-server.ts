/**
 * Our hub server for bench/hub, in a process of its own (spawned by run.ts with an IPC channel and --expose-gc):
 * bare Fastify with realtimePlugin, the in-process (memory) backplane, and one fan-out hub. Every connection is
 * its own user (token `bench-<n>`), as in the product. Hub methods: Join (the room), BroadcastAll, BroadcastRoom.
 * With HUB_BENCH_REDIS_URL it uses the Redis backplane instead, as the app does with REDIS_URL, its channels
 * under HUB_BENCH_REDIS_PREFIX (the app's REDIS_KEY_PREFIX), so several such processes form one hub.
 *
 * Sends `{ type: 'listening', port }`, and answers `{ type: 'stats' }` with RSS after a full GC.
 */
import Fastify from 'fastify';
import { createMemoryBackplane } from '../../apps/server/src/realtime/backplane/memory.js';
import { createRedisBackplane } from '../../apps/server/src/realtime/backplane/redis.js';
import type { HubDefinition } from '../../apps/server/src/realtime/hub.js';
import { createRealtimeServer, realtimePlugin } from '../../apps/server/src/realtime/index.js';
import { FANOUT_EVENT, SIGNALR_HUB_PATH, type ServerControl, type ServerMessage } from './shared.js';

const ROOM = 'room';
const send = (message: ServerMessage) => process.send?.(message);

const hub: HubDefinition = {
  name: 'bench',
  path: SIGNALR_HUB_PATH,
  methods: {
    Join: { argCount: 0, handler: (h) => h.groups.addToGroup(h.context.connectionId, ROOM) },
    BroadcastAll: { argCount: 1, handler: (h, payload) => h.clients.all.send(FANOUT_EVENT, payload) },
    BroadcastRoom: {
      argCount: 1,
      handler: (h, payload) => h.clients.group(ROOM).send(FANOUT_EVENT, payload),
    },
  },
};

const redisUrl = process.env.HUB_BENCH_REDIS_URL;
const backplane = redisUrl
  ? createRedisBackplane({
      url: redisUrl,
      keyPrefix: process.env.HUB_BENCH_REDIS_PREFIX ?? 'rummage-bench:',
      log: { info: () => undefined, warn: (obj, msg) => console.error('backplane:', msg, obj) },
    })
  : createMemoryBackplane();

const app = Fastify({ logger: false });
// Closed after the hub connections (the plugin ends them in preClose), as app.ts does.
app.addHook('onClose', () => backplane.close());
const realtime = createRealtimeServer({
  hubs: [hub],
  backplane,
  log: app.log,
  // The burst is one sender's invocations back to back; the product's bound of 8 waiting per connection
  // (docs/realtime.md, "Backpressure") would refuse all but the first 9, and Socket.IO has no such bound.
  timing: { maxWaitingInvocations: 1_000_000 },
});
await app.register(realtimePlugin, {
  server: realtime,
  authenticate: async (token) => {
    const id = Number(/^bench-(\d+)$/.exec(token ?? '')?.[1]);
    // One session per bench user: the hubs bind each connection to the session it was opened with.
    return Number.isSafeInteger(id) && id > 0
      ? { user: { id, username: `bench${id}`, role: 'user' }, sessionId: id }
      : null;
  },
});
await app.listen({ host: '127.0.0.1', port: 0, backlog: 4096 });

process.on('message', (message: ServerControl) => {
  if (message.type !== 'stats') return;
  global.gc?.();
  global.gc?.();
  const memory = process.memoryUsage();
  send({
    type: 'stats',
    rss: memory.rss,
    heapUsed: memory.heapUsed,
    connections: realtime.connections(hub.name).length,
  });
});

let closing = false;
async function close() {
  if (closing) return;
  closing = true;
  await app.close().catch(() => undefined);
  process.exit(0);
}
process.on('SIGTERM', () => void close());
process.on('disconnect', () => void close());

const address = app.server.address();
send({ type: 'listening', port: typeof address === 'object' && address ? address.port : 0 });
