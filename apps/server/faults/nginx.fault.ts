/**
 * The deployment docs/deploy.md describes, for real: two built Rummage processes started together on one fresh
 * PostgreSQL database, one Redis and one DATA_DIR, behind Debian's nginx running deploy/nginx/rummage.conf
 * (harness/nginx.ts: only ports and paths changed, plus a header naming the process that answered).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API, apiPath, HUB_EVENTS, HUB_METHODS, HUBS, type ChatMessage } from '@rummage/contract';
import { migrationsDir } from '../src/lib/package-paths.js';
import { signalR, type HubConnection } from '../src/realtime/test/server.js';
import { registration } from '../src/test/factories.js';
import { image, listingFields, multipart } from '../src/test/products.js';
import { NGINX, startNginx, type Nginx } from './harness/nginx.js';
import { deleteKeys } from './harness/redis.js';
import { freePort, startServer, type ServerProcess } from './harness/server.js';

const METRICS_TOKEN = 'nginx-fault-metrics-token-0123456789';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
/** A maintenance database of the shared server, where this test creates and drops its own. */
const ADMIN_DB_URL = process.env.FAULT_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LOGIN_LIMIT = 3;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One HTTP request on a fresh connection, optionally from another loopback address (a different "client"). */
function call(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: Buffer | string; from?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: options.method ?? 'GET', headers: options.headers, localAddress: options.from, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error(`${url}: no answer within 10 s`)));
    req.end(options.body);
  });
}

const json = (body: unknown) => ({
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});
const routeCookie = (answer: Answer) =>
  /rummage_route=[^;]+/.exec(String(answer.headers['set-cookie'] ?? ''))?.[0];
const upstreamOf = (answer: Answer) => String(answer.headers['x-rummage-upstream'] ?? '');

interface User {
  id: number;
  token: string;
}

const nginxInstalled = existsSync(NGINX);
if (!nginxInstalled) console.warn(`nginx.fault.ts skipped: ${NGINX} is missing (apt-get install nginx)`);

describe.skipIf(!nginxInstalled)('two Rummage processes behind nginx (deploy/nginx/rummage.conf)', () => {
  const run = randomBytes(4).toString('hex');
  const database = `rummage_nginx_${run}`;
  const keyPrefix = `rummage-nginx-${run}:`;
  let dataDir = '';
  const admin = new pg.Client({ connectionString: ADMIN_DB_URL });
  const hubs: HubConnection[] = [];
  let processes: ServerProcess[] = [];
  let nginx: Nginx;
  let alice: User;
  let bob: User;
  let productId: number;

  type Transport = 'WebSockets' | 'ServerSentEvents' | 'LongPolling';
  const hubClient = (path: string, user: User, cookie?: string, transport: Transport = 'WebSockets') => {
    const connection = new signalR.HubConnectionBuilder()
      .withUrl(`${nginx.origin}${path}`, {
        // One transport: falling back to another would renegotiate and hide a request sent to the wrong process.
        transport: signalR.HttpTransportType[transport],
        accessTokenFactory: () => user.token,
        // What a browser on the site sends: its Origin, and the route cookie it got with the page.
        headers: { Origin: nginx.origin, ...(cookie && { Cookie: cookie }) },
      })
      .withAutomaticReconnect([0, 500, 1_000, 2_000, 4_000])
      .configureLogging(signalR.LogLevel.None)
      .build();
    hubs.push(connection);
    return connection;
  };

  async function signUp(): Promise<User> {
    const form = registration();
    const created = await call(`${nginx.origin}${API.account.register}`, { method: 'POST', ...json(form) });
    expect(created.status, created.body.toString()).toBe(201);
    const login = await call(`${nginx.origin}${API.account.login}`, {
      method: 'POST',
      ...json({ userName: form.userName, password: form.password }),
    });
    expect(login.status, login.body.toString()).toBe(200);
    const { data } = JSON.parse(login.body.toString()) as { data: { id: number; authToken: string } };
    return { id: data.id, token: data.authToken };
  }

  beforeAll(async () => {
    // One DATA_DIR for both, as on one machine: an image uploaded through one process is served by the other.
    dataDir = mkdtempSync(join(tmpdir(), 'rummage-nginx-data-'));
    await admin.connect();
    await admin.query(`create database ${database}`);
    const nginxPort = await freePort();
    const env = {
      DATABASE_URL: ADMIN_DB_URL.replace(/\/[^/]*$/, `/${database}`),
      REDIS_URL,
      REDIS_KEY_PREFIX: keyPrefix,
      PUBLIC_URL: `http://127.0.0.1:${nginxPort}`,
      TRUST_PROXY: 'loopback',
      CAPTCHA_PROVIDER: 'none',
      RATE_LIMIT_LOGIN_MAX: String(LOGIN_LIMIT),
      METRICS_TOKEN,
    };
    // At the same moment, on an empty database: both race for the migrations.
    const started = await Promise.allSettled([startServer({ env, dataDir }), startServer({ env, dataDir })]);
    processes = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    for (const result of started) if (result.status === 'rejected') throw result.reason;
    nginx = await startNginx(nginxPort, [processes[0]!.port, processes[1]!.port]);
    alice = await signUp();
    bob = await signUp();
  });

  afterAll(async () => {
    await Promise.allSettled(hubs.map((hub) => hub.stop()));
    await nginx?.stop();
    await Promise.allSettled(processes.map((server) => server.stop()));
    await admin.query(`drop database if exists ${database} with (force)`).catch(() => undefined);
    await admin.end();
    await deleteKeys(REDIS_URL, keyPrefix);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('applies each migration exactly once when both processes start together on an empty database', async () => {
    const journal = JSON.parse(readFileSync(join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    const target = new pg.Client({ connectionString: ADMIN_DB_URL.replace(/\/[^/]*$/, `/${database}`) });
    await target.connect();
    const { rows } = await target.query<{ hash: string }>('select hash from drizzle.__drizzle_migrations');
    await target.end();
    expect(rows).toHaveLength(journal.entries.length);
    expect(new Set(rows.map((row) => row.hash)).size).toBe(journal.entries.length);
    expect(processes.every((server) => !server.exited())).toBe(true);
  });

  it('serves the web app and the API through nginx, spreading requests over both processes', async () => {
    const page = await call(`${nginx.origin}/marketplace`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.body.toString(), 'is the web app built? (npm run build)').toContain('<div id="root">');
    expect(routeCookie(page)).toBeDefined();
    const compressed = await call(`${nginx.origin}${API.category}`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(compressed.headers['content-encoding']).toBe('gzip');

    const answered = new Set<string>();
    for (let i = 0; i < 10; i++) {
      const categories = await call(`${nginx.origin}${API.category}`);
      expect(categories.status).toBe(200);
      answered.add(upstreamOf(categories));
    }
    expect([...answered].sort()).toEqual(processes.map((server) => `127.0.0.1:${server.port}`).sort());
  });

  it('keeps /metrics off the public site while each process answers Prometheus with the token', async () => {
    const token = { authorization: `Bearer ${METRICS_TOKEN}` };
    expect((await call(`${nginx.origin}/metrics`, { headers: token })).status).toBe(404);
    for (const server of processes) {
      const scrape = await call(`http://127.0.0.1:${server.port}/metrics`, { headers: token });
      expect(scrape.status).toBe(200);
      expect(scrape.body.toString()).toContain('rummage_http_request_duration_seconds_count{method="GET"');
    }
  });

  it('takes a listing with a photo past nginx’s default 1 MB body limit, and both processes serve the photo', async () => {
    const noise = randomBytes(1000 * 800 * 3);
    const photo = await sharp(noise, { raw: { width: 1000, height: 800, channels: 3 } })
      .png()
      .toBuffer();
    expect(photo.length).toBeGreaterThan(2 * 1024 * 1024);
    const form = multipart([...listingFields(), image(photo)]);
    const created = await call(`${nginx.origin}${API.product.add}`, {
      method: 'POST',
      headers: { ...form.headers, authorization: `Bearer ${alice.token}` },
      body: form.payload,
    });
    expect(created.status, created.body.toString()).toBe(201);
    const { data } = JSON.parse(created.body.toString()) as { data: { id: number; images: string[] } };
    productId = data.id;
    const path = new URL(data.images[0]!, nginx.origin).pathname;
    for (const server of processes) expect((await call(`${server.origin}${path}`)).status).toBe(200);
  });

  it('keeps each hub connection on one process and carries chat between users on different processes', async () => {
    // Which process each route cookie leads to, asked of the hub location itself (401: no token, still routed).
    const cookieFor = new Map<string, string>();
    for (let i = 0; cookieFor.size < 2 && i < 50; i++) {
      const cookie = `rummage_route=probe${i}`;
      const probe = await call(`${nginx.origin}${HUBS.chat}/negotiate?negotiateVersion=1`, {
        method: 'POST',
        headers: { cookie },
      });
      if (!cookieFor.has(upstreamOf(probe))) cookieFor.set(upstreamOf(probe), cookie);
    }
    const [onA, onB] = processes.map((server) => cookieFor.get(`127.0.0.1:${server.port}`)!);
    expect(onA && onB).toBeTruthy();

    // A browser's first visit: the page hands out the cookie, the hubs follow it (negotiate and WebSocket).
    for (let i = 0; i < 6; i++) {
      const page = await call(`${nginx.origin}/`, { headers: { accept: 'text/html' } });
      expect(routeCookie(page)).toBeDefined();
      const visitor = hubClient(HUBS.general, alice, routeCookie(page));
      await visitor.start();
      await visitor.stop();
    }

    const aliceChat = hubClient(HUBS.chat, alice, onA);
    const bobChat = hubClient(HUBS.chat, bob, onB);
    await Promise.all([aliceChat.start(), bobChat.start()]);
    const received: ChatMessage[] = [];
    aliceChat.on(HUB_EVENTS.receiveMessage, (message: ChatMessage) => received.push(message));
    // Bob starts the chat; Alice's chat page then opens it: ReceiveMessage reaches only a chat's group.
    const opened = await call(`${nginx.origin}${API.message.send}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${bob.token}` },
      body: JSON.stringify({ productId, receiverId: alice.id, message: 'Hello!' }),
    });
    expect(opened.status, opened.body.toString()).toBe(200);
    await aliceChat.invoke(HUB_METHODS.chat.joinChat, bob.id, productId);
    await bobChat.invoke(HUB_METHODS.chat.sendMessage, alice.id, 'Is it still available?', productId, '');
    await vi.waitFor(() => expect(received.map((m) => m.message)).toContain('Is it still available?'), {
      timeout: 5_000,
    });

    // nginx's own record (written when a WebSocket closes): the two were accepted by different processes.
    await Promise.all([aliceChat.stop(), bobChat.stop()]);
    const chatUpstreams = () =>
      new Set(
        nginx
          .accessLog()
          .split('\n')
          .filter((line) => line.includes(`GET ${HUBS.chat} `) && line.includes('" 101 '))
          .map((line) => /upstream=(\S+)/.exec(line)?.[1]),
      );
    await vi.waitFor(() => expect(chatUpstreams().size).toBe(2), { timeout: 5_000 });
  });

  it('streams the fallback transports (Server-Sent Events, long polling) through nginx as they are written', async () => {
    for (const transport of ['ServerSentEvents', 'LongPolling'] as const) {
      const page = await call(`${nginx.origin}/`, { headers: { accept: 'text/html' } });
      const aliceChat = hubClient(HUBS.chat, alice, routeCookie(page), transport);
      await aliceChat.start();
      await aliceChat.invoke(HUB_METHODS.chat.joinChat, bob.id, productId);
      const received = new Promise<ChatMessage>((resolve) =>
        aliceChat.on(HUB_EVENTS.receiveMessage, resolve),
      );
      const text = `Still there? (${transport})`;
      const sent = await call(`${nginx.origin}${API.message.send}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${bob.token}` },
        body: JSON.stringify({ productId, receiverId: alice.id, message: text }),
      });
      expect(sent.status, sent.body.toString()).toBe(200);
      expect((await received).message).toBe(text);
      await aliceChat.stop();
    }
  });

  it('keeps hub tokens out of the access log when a browser puts them in the WebSocket URL', async () => {
    const negotiated = await call(`${nginx.origin}${HUBS.general}/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bob.token}`, cookie: 'rummage_route=browser' },
    });
    const { connectionToken } = JSON.parse(negotiated.body.toString()) as { connectionToken: string };
    const url = `${nginx.origin.replace('http', 'ws')}${HUBS.general}?id=${connectionToken}&access_token=${bob.token}`;
    const socket = new WebSocket(url, { headers: { cookie: 'rummage_route=browser' }, origin: nginx.origin });
    await new Promise((resolve, reject) => (socket.once('open', resolve), socket.once('error', reject)));
    socket.close();
    // nginx writes a WebSocket's line once it has closed.
    await vi.waitFor(() => expect(nginx.accessLog()).toContain(`GET ${HUBS.general} HTTP/1.1" 101`), {
      timeout: 5_000,
    });
    expect(nginx.accessLog()).not.toContain(bob.token);
    expect(nginx.accessLog()).not.toContain(connectionToken);
  });

  it('limits each client by its own address, which nginx passes on and the client cannot forge', async () => {
    const wrongLogin = (from: string, forged: string) =>
      call(`${nginx.origin}${API.account.login}`, {
        method: 'POST',
        from,
        headers: { 'content-type': 'application/json', 'x-forwarded-for': forged },
        body: JSON.stringify({ userName: 'nobody', password: 'Wrong123!' }),
      });
    const statuses: number[] = [];
    for (let i = 0; i <= LOGIN_LIMIT; i++)
      statuses.push((await wrongLogin('127.0.0.2', `10.0.0.${i}`)).status);
    expect(statuses).toEqual([...Array<number>(LOGIN_LIMIT).fill(401), 429]);
    expect((await wrongLogin('127.0.0.3', '10.0.0.1')).status).toBe(401);
  });

  it('keeps answering and moves hub clients to the other process when one process stops', async () => {
    const bobChat = hubClient(HUBS.chat, bob, 'rummage_route=probe-stop');
    await bobChat.start();
    const probe = await call(`${nginx.origin}${HUBS.chat}/negotiate`, {
      method: 'POST',
      headers: { cookie: 'rummage_route=probe-stop' },
    });
    const doomed = processes.find((server) => upstreamOf(probe) === `127.0.0.1:${server.port}`)!;
    const survivor = processes.find((server) => server !== doomed)!;
    const reconnected = new Promise((resolve) => bobChat.onreconnected(resolve));

    // Reads and writes while the process shuts down: nginx must hand each one to a process that takes it.
    const stopping = doomed.stop();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const answer =
        i % 2 === 0
          ? await call(`${nginx.origin}${API.category}`)
          : await call(`${nginx.origin}${apiPath(API.product.likeUnlike, { id: productId })}`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${bob.token}` },
              body: '{}',
            });
      statuses.push(answer.status);
    }
    await stopping;
    expect(
      statuses.every((status) => status === 200),
      statuses.join(' '),
    ).toBe(true);
    await reconnected;

    const received: string[] = [];
    bobChat.on(HUB_EVENTS.receiveMessage, (message: ChatMessage) => received.push(message.message));
    // A reconnected page opens its chat again (group membership lives with the connection).
    await bobChat.invoke(HUB_METHODS.chat.joinChat, alice.id, productId);
    const aliceChat = hubClient(HUBS.chat, alice);
    await aliceChat.start();
    await aliceChat.invoke(HUB_METHODS.chat.sendMessage, bob.id, 'Yes, come by after six.', productId, '');
    await vi.waitFor(() => expect(received).toContain('Yes, come by after six.'), { timeout: 5_000 });
    const after = await call(`${nginx.origin}${API.category}`);
    expect(upstreamOf(after).split(', ').pop()).toBe(`127.0.0.1:${survivor.port}`);
  });
});
