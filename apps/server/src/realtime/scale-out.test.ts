/**
 * Two server processes (two Fastify apps in this test process) joined by the Redis backplane: a hub method
 * invoked on one reaches clients connected to the other, exactly once, as SignalR's Redis scale-out does.
 */
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRedisBackplane, type RedisBackplane } from './backplane/redis.js';
import type { HubDefinition } from './hub.js';
import { createRealtimeServer, realtimePlugin, type RealtimeServer } from './index.js';
import { TEST_REDIS_URL as REDIS_URL, redisAvailable } from '../test/redis.js';
import { signalR } from './test/server.js';
import type * as SignalR from '@microsoft/signalr';

const available = await redisAvailable('scale-out.test.ts');

const HUB_PATH = '/hubs/scale-out';
const USERS: Record<string, { id: number; username: string }> = {
  'token-ann': { id: 1, username: 'ann' },
  'token-bob': { id: 2, username: 'bob' },
};

const hub: HubDefinition = {
  name: 'scaleout',
  path: HUB_PATH,
  methods: {
    Hello: { argCount: 0, handler: (h) => h.context.user.username },
    JoinGroup: {
      argCount: 1,
      handler: (h, group) => h.groups.addToGroup(h.context.connectionId, String(group)),
    },
    SendToUser: {
      argCount: 2,
      handler: (h, userId, text) => h.clients.user(String(userId)).send('message', 'user', text),
    },
    SendToGroup: {
      argCount: 2,
      handler: (h, group, text) => h.clients.group(String(group)).send('message', 'group', text),
    },
    SendToAll: { argCount: 1, handler: (h, text) => h.clients.all.send('message', 'all', text) },
    SendToOthers: { argCount: 1, handler: (h, text) => h.clients.others.send('message', 'others', text) },
  },
};

interface Process {
  app: FastifyInstance;
  realtime: RealtimeServer;
  backplane: RedisBackplane;
  url: string;
}

async function startProcess(prefix: string): Promise<Process> {
  const backplane = createRedisBackplane({
    url: REDIS_URL,
    keyPrefix: prefix,
    log: { info: () => undefined, warn: () => undefined },
  });
  const app = Fastify({ logger: false });
  const realtime = createRealtimeServer({ hubs: [hub], backplane, log: app.log });
  await app.register(realtimePlugin, {
    server: realtime,
    authenticate: async (token) => {
      const user = token ? USERS[token] : undefined;
      return user ? { user: { ...user, role: 'user' }, sessionId: user.id } : null;
    },
  });
  app.addHook('onClose', () => backplane.close());
  await app.listen({ host: '127.0.0.1', port: 0 });
  // Up once the backplane reads the stream: a client counted as joined before its first read could miss a send.
  await backplane.settled();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, realtime, backplane, url: `http://127.0.0.1:${port}${HUB_PATH}` };
}

/** The frames the client's socket received, to check what went over the wire. */
function recordingWebSocket(frames: string[]) {
  return class RecordingWebSocket extends WebSocket {
    constructor(...args: ConstructorParameters<typeof WebSocket>) {
      super(...args);
      this.on('message', (data) => frames.push(String(data)));
    }
  };
}

interface Client {
  connection: SignalR.HubConnection;
  received: string[];
  frames: string[];
}

async function connectClient(url: string, token: string): Promise<Client> {
  const received: string[] = [];
  const frames: string[] = [];
  // `WebSocket` is a client option the typings leave out (the client uses it in place of `ws`).
  const options: SignalR.IHttpConnectionOptions & { WebSocket: unknown } = {
    accessTokenFactory: () => token,
    transport: signalR.HttpTransportType.WebSockets,
    WebSocket: recordingWebSocket(frames),
  };
  const connection = new signalR.HubConnectionBuilder()
    .withUrl(url, options)
    .configureLogging(signalR.LogLevel.None)
    .build();
  connection.on('message', (scope: string, text: string) => received.push(`${scope}:${text}`));
  await connection.start();
  // What a client can tell: the server answers invocations only once the connection's backplane channels are
  // confirmed, so from the first answer on, sends from the other process reach it.
  await connection.invoke('Hello');
  return { connection, received, frames };
}

async function untilReceived(client: Client, entry: string) {
  await vi.waitFor(
    () => {
      if (!client.received.includes(entry)) throw new Error(`waiting for ${entry}; got ${client.received}`);
    },
    { timeout: 10_000, interval: 10 },
  );
}

/** Server → client invocations as they crossed the wire. */
function invocations(frames: string[]) {
  return frames
    .flatMap((frame) => frame.split('\u001e'))
    .filter(Boolean)
    .map((record) => JSON.parse(record) as { type: number; invocationId?: string; target?: string })
    .filter((record) => record.type === 1);
}

describe.skipIf(!available)('hubs on two processes joined by the Redis backplane', () => {
  let a: Process;
  let b: Process;
  let ann: Client;
  let bob: Client;

  beforeAll(async () => {
    const prefix = `scaleout_test_${randomBytes(6).toString('hex')}:`;
    a = await startProcess(prefix);
    b = await startProcess(prefix);
    ann = await connectClient(a.url, 'token-ann');
    bob = await connectClient(b.url, 'token-bob');
    await ann.connection.invoke('JoinGroup', 'garage-7');
    await bob.connection.invoke('JoinGroup', 'garage-7');
  });

  afterAll(async () => {
    await Promise.all([ann?.connection.stop(), bob?.connection.stop()]);
    await Promise.all([a?.app.close(), b?.app.close()]);
  });

  it('delivers user, group and all sends from A to a client on B exactly once, and to A’s own clients once', async () => {
    await ann.connection.invoke('SendToUser', 2, 'hello bob 👋');
    await ann.connection.invoke('SendToGroup', 'garage-7', 'table is sold');
    await ann.connection.invoke('SendToAll', 'closing in 5 minutes');
    // One stream, appended by one process, keeps its order: once this arrives, so has all the rest.
    await ann.connection.invoke('SendToAll', 'last');
    await untilReceived(bob, 'all:last');
    await untilReceived(ann, 'all:last');

    expect(bob.received).toEqual([
      'user:hello bob 👋',
      'group:table is sold',
      'all:closing in 5 minutes',
      'all:last',
    ]);
    expect(ann.received).toEqual(['group:table is sold', 'all:closing in 5 minutes', 'all:last']);
  });

  it('reaches B from a REST-style send through the hub context, and leaves the sender out of others', async () => {
    const before = { ann: ann.received.length, bob: bob.received.length };
    // Each process's marker follows its own message down the same Redis path, so it arrives after it.
    await bob.connection.invoke('SendToOthers', 'bob says hi');
    await b.realtime.context('scaleout').clients.all.send('message', 'all', 'marker from b');
    await a.realtime.context('scaleout').clients.user(2).send('message', 'context', 'from a route on A');
    await a.realtime.context('scaleout').clients.all.send('message', 'all', 'marker from a');
    await untilReceived(ann, 'all:marker from b');
    await untilReceived(bob, 'all:marker from a');

    // The other process's marker is delivered locally, so it may come first: leave it out of the order check.
    const annGot = ann.received.slice(before.ann).filter((entry) => entry !== 'all:marker from a');
    expect(annGot).toEqual(['others:bob says hi', 'all:marker from b']);
    const bobGot = bob.received.slice(before.bob).filter((entry) => entry !== 'all:marker from b');
    expect(bobGot).toEqual(['context:from a route on A', 'all:marker from a']);
    expect(bob.received).not.toContain('others:bob says hi');
  });

  it('sends broadcasts that crossed the backplane without an invocationId', () => {
    const received = invocations(bob.frames).filter((record) => record.target === 'message');
    expect(received.length).toBeGreaterThanOrEqual(6);
    for (const record of received) expect(record).not.toHaveProperty('invocationId');
  });

  it('reaches every connection of a user, whichever process holds it', async () => {
    const annOnB = await connectClient(b.url, 'token-ann');

    await ann.connection.invoke('SendToUser', 1, 'note to self');
    await ann.connection.invoke('SendToAll', 'marker 2');
    await untilReceived(annOnB, 'all:marker 2');
    await untilReceived(ann, 'all:marker 2');
    expect(annOnB.received).toEqual(['user:note to self', 'all:marker 2']);
    expect(ann.received.slice(-2)).toEqual(['user:note to self', 'all:marker 2']);
    await annOnB.connection.stop();
  });

  it('ends a banned user’s connections on the other process too, without a reconnect', async () => {
    const annOnB = await connectClient(b.url, 'token-ann');
    const closed = new Promise<Error | undefined>((resolve) => annOnB.connection.onclose(resolve));

    // The ban happens on A, where Ann has her first connection: both end.
    const annClosed = new Promise<Error | undefined>((resolve) => ann.connection.onclose(resolve));
    expect(a.realtime.endUser(1, 'Your account has been banned.')).toBe(1);
    expect(String(await closed)).toContain('Your account has been banned.');
    expect(String(await annClosed)).toContain('Your account has been banned.');
    expect(annOnB.connection.state).toBe(signalR.HubConnectionState.Disconnected);
    // Nobody else's: Bob on B still hears A.
    await a.realtime.context('scaleout').clients.all.send('message', 'all', 'after the ban');
    await untilReceived(bob, 'all:after the ban');
    expect(b.realtime.connections('scaleout').map((info) => info.userId)).toEqual([2]);
  });
});
