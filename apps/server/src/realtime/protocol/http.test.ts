import { get as httpGet, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_USERS } from '../test/hubs.js';
import { negotiate, RawHubSocket, startHubServer, type HubServer } from '../test/server.js';
import { RECORD_SEPARATOR as RS } from './framing.js';

/** Negotiate, long polling, SSE and the error statuses, at the HTTP level (docs/realtime.md#the-wire-protocol and #tests). */
let server: HubServer;
type Headers = Record<string, string>;
const alice: Headers = { authorization: `Bearer ${TEST_USERS.alice.token}` };
const bob: Headers = { authorization: `Bearer ${TEST_USERS.bob.token}` };

beforeAll(async () => {
  server = await startHubServer({ allowedOrigins: ['https://rummage.example'] });
});

afterAll(async () => {
  await server.close();
});

const hubUrl = (query: string, path = '/hubs/test') => `${server.origin}${path}${query}`;

interface Answer {
  status: number;
  headers: globalThis.Headers;
  text: string;
  json(): unknown;
}

/** fetch with the body always read: an unread body keeps undici's socket busy and holds the server's close(). */
async function call(url: string, init: RequestInit): Promise<Answer> {
  const response = await fetch(url, init);
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) };
}

const get = (url: string, headers: Headers = alice) => call(url, { headers });
const del = (url: string, headers: Headers = alice) => call(url, { method: 'DELETE', headers });
const post = (url: string, body?: string, headers: Headers = alice) =>
  call(url, { method: 'POST', headers: { ...headers, 'content-type': 'text/plain;charset=UTF-8' }, body });

const records = (body: string) =>
  body
    .split(RS)
    .slice(0, -1)
    .map((record) => JSON.parse(record) as Record<string, unknown>);

describe('negotiate', () => {
  it('answers v1 with a secret token apart from the public id, the three transports in order and stateful reconnect when asked', async () => {
    const answer = await post(hubUrl('/negotiate?negotiateVersion=1&useStatefulReconnect=true'));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('application/json');
    const body = answer.json() as Record<string, unknown>;
    expect(Object.keys(body)).toEqual([
      'connectionId',
      'connectionToken',
      'negotiateVersion',
      'availableTransports',
      'useStatefulReconnect',
    ]);
    expect(body.connectionToken).not.toBe(body.connectionId);
    expect(body.connectionToken).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(body.negotiateVersion).toBe(1);
    expect(body.availableTransports).toEqual([
      { transport: 'WebSockets', transferFormats: ['Text', 'Binary'] },
      { transport: 'ServerSentEvents', transferFormats: ['Text'] },
      { transport: 'LongPolling', transferFormats: ['Text', 'Binary'] },
    ]);
    // Asked for, so offered (docs/realtime.md#stateful-reconnect).
    expect(body.useStatefulReconnect).toBe(true);
  });

  it('answers v0 without a token (the id is the token) and caps a newer version at 1', async () => {
    const v0 = (await post(hubUrl('/negotiate'))).json() as Record<string, unknown>;
    expect(v0).not.toHaveProperty('connectionToken');
    expect(v0.negotiateVersion).toBe(0);
    expect((await get(hubUrl(`?id=${String(v0.connectionId)}`))).status).toBe(200);

    const v7 = (await post(hubUrl('/negotiate?negotiateVersion=7'))).json() as Record<string, unknown>;
    expect(v7.negotiateVersion).toBe(1);
    const bad = await post(hubUrl('/negotiate?negotiateVersion=-1'));
    expect(bad.status).toBe(200);
    expect(bad.json()).toHaveProperty('error');
  });

  it('refuses other methods with 405 and a missing or unknown token with 401', async () => {
    expect((await get(hubUrl('/negotiate'))).status).toBe(405);
    expect((await post(hubUrl('/negotiate?negotiateVersion=1'), undefined, {})).status).toBe(401);
    const mallory = { authorization: 'Bearer token-mallory' };
    expect((await post(hubUrl('/negotiate?negotiateVersion=1'), undefined, mallory)).status).toBe(401);
    // Browsers' SSE and WebSocket requests carry the token in the query, some with a "Bearer " prefix.
    const queryToken = await post(
      hubUrl(`/negotiate?access_token=Bearer%20${TEST_USERS.alice.token}`),
      '',
      {},
    );
    expect(queryToken.status).toBe(200);
  });
});

describe('connection requests', () => {
  it("answers 400 without an id, 404 for an unknown one or another hub's, 401 for another user", async () => {
    const { connectionToken } = await negotiate(server);
    const missing = await get(hubUrl(''));
    expect(missing.status).toBe(400);
    expect(missing.json()).toEqual({ message: 'Connection ID required' });
    expect((await get(hubUrl('?id=nope'))).status).toBe(404);
    expect((await get(hubUrl(`?id=${connectionToken}`, '/hubs/other'))).status).toBe(404);

    expect((await get(hubUrl(`?id=${connectionToken}`), bob)).status).toBe(401);
    expect((await post(hubUrl(`?id=${connectionToken}`), 'x', bob)).status).toBe(401);
    expect((await del(hubUrl(`?id=${connectionToken}`), bob)).status).toBe(401);
    expect((await get(hubUrl(`?id=${connectionToken}`), {})).status).toBe(401);
    await expect(
      RawHubSocket.open(server, { token: TEST_USERS.bob.token, id: connectionToken }),
    ).rejects.toThrow('upgrade answered 401');
    await expect(RawHubSocket.open(server, { id: 'nope' })).rejects.toThrow('upgrade answered 404');
    await expect(RawHubSocket.open(server, { token: '', id: connectionToken })).rejects.toThrow(
      'upgrade answered 401',
    );
    // Still usable by its owner.
    expect((await get(hubUrl(`?id=${connectionToken}`))).status).toBe(200);
  });

  it('keeps a connection on its first transport', async () => {
    const { connectionToken: polled } = await negotiate(server);
    expect((await get(hubUrl(`?id=${polled}`))).status).toBe(200);
    const sse = await get(hubUrl(`?id=${polled}`), { ...alice, accept: 'text/event-stream' });
    expect(sse.status).toBe(400);
    expect(sse.json()).toEqual({ message: 'Cannot change transports mid-connection' });
    await expect(RawHubSocket.open(server, { id: polled })).rejects.toThrow('upgrade answered 400');

    const { connectionToken: socketed } = await negotiate(server);
    const socket = await RawHubSocket.open(server, { id: socketed });
    expect((await post(hubUrl(`?id=${socketed}`), 'x')).status).toBe(405);
    expect((await get(hubUrl(`?id=${socketed}`))).status).toBe(400);
    expect((await del(hubUrl(`?id=${socketed}`))).status).toBe(400);
    await expect(RawHubSocket.open(server, { id: socketed })).rejects.toThrow('upgrade answered 409');
    socket.close();
  });
});

describe('WebSocket origins', () => {
  it("accepts the page's own origin and the allowed ones, and refuses other sites with 403", async () => {
    for (const origin of [server.origin, 'https://rummage.example', undefined]) {
      const socket = await RawHubSocket.open(server, { origin });
      socket.close();
    }
    await expect(RawHubSocket.open(server, { origin: 'https://evil.example' })).rejects.toThrow(
      'upgrade answered 403',
    );
  });
});

describe('long polling', () => {
  it('answers the first poll at once, holds later ones, ends an older poll and the DELETEd one with 204', async () => {
    const { connectionToken } = await negotiate(server);
    const url = hubUrl(`?id=${connectionToken}&_=${Date.now()}`);
    const first = await get(url);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/octet-stream');
    expect(first.text).toBe('');

    expect((await post(url, `{"protocol":"json","version":1}${RS}`)).status).toBe(200);
    expect((await get(url)).text).toBe(`{}${RS}`);

    // Whichever of two concurrent polls the server saw first ends with 204 when the other arrives.
    const polls = [get(url), get(url)];
    expect((await Promise.race(polls)).status).toBe(204);

    expect((await del(url)).status).toBe(202);
    expect((await Promise.all(polls)).map((poll) => poll.status)).toEqual([204, 204]);
    expect((await get(url)).status).toBe(404);
  });

  it('reads several records from one POST and answers them in order', async () => {
    const { connectionToken } = await negotiate(server);
    const url = hubUrl(`?id=${connectionToken}`);
    await get(url);
    const invoke = (id: string, value: string) =>
      JSON.stringify({ type: 1, invocationId: id, target: 'Echo', arguments: [value] }) + RS;
    const body = `{"protocol":"json","version":1}${RS}${invoke('1', 'one')}${invoke('2', 'two')}`;
    expect((await post(url, body)).status).toBe(200);

    const received: Array<Record<string, unknown>> = [];
    while (received.filter((record) => record.type === 3).length < 2) {
      received.push(...records((await get(url)).text));
    }
    expect(received).toEqual([
      {},
      { type: 3, invocationId: '1', result: 'one' },
      { type: 3, invocationId: '2', result: 'two' },
    ]);
    await del(url);
  });
});

describe('server-sent events', () => {
  it('opens with a comment at once, sends records as events, and allows one stream per connection', async () => {
    const { connectionToken } = await negotiate(server);
    const url = hubUrl(`?id=${connectionToken}&access_token=${TEST_USERS.alice.token}`);
    // node:http rather than fetch: undici keeps reconnecting for a cancelled stream and holds the server open.
    const stream = await new Promise<IncomingMessage>((resolve, reject) =>
      httpGet(url, { agent: false, headers: { accept: 'text/event-stream' } }, resolve).on('error', reject),
    );
    expect(stream.statusCode).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream');
    expect(stream.headers['cache-control']).toBe('no-cache,no-store');
    expect(stream.headers['content-encoding']).toBe('identity');
    let text = '';
    const chunks: Array<() => void> = [];
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      text += chunk;
      for (const wake of chunks.splice(0)) wake();
    });
    const readUntil = async (expected: string) => {
      while (!text.includes(expected)) await new Promise<void>((resolve) => chunks.push(resolve));
    };
    await readUntil(':\r\n');

    expect((await get(url, { accept: 'text/event-stream' })).status).toBe(409);

    const invocation = JSON.stringify({ type: 1, invocationId: '1', target: 'Echo', arguments: ['sse'] });
    await post(url, `{"protocol":"json","version":1}${RS}${invocation}${RS}`, {});
    await readUntil('"sse"');
    expect(text).toBe(
      `:\r\ndata: {}${RS}\r\n\r\ndata: {"type":3,"invocationId":"1","result":"sse"}${RS}\r\n\r\n`,
    );
    stream.destroy();
  });
});
