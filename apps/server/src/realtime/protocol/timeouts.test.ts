import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_USERS } from '../test/hubs.js';
import {
  hubClient,
  negotiate,
  RawHubSocket,
  serverTransport,
  startHubServer,
  TRANSPORTS,
  type HubServer,
} from '../test/server.js';
import { RECORD_SEPARATOR as RS } from './framing.js';

/** Keep-alive, client timeout, handshake timeout and expiry (docs/realtime.md#keep-alive-and-timeouts and #tests), with short server timings. */
let server: HubServer;
const alice = { authorization: `Bearer ${TEST_USERS.alice.token}` };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  server = await startHubServer({
    timing: {
      keepAliveMs: 100,
      clientTimeoutMs: 500,
      handshakeTimeoutMs: 300,
      disconnectTimeoutMs: 300,
      longPollTimeoutMs: 200,
    },
  });
});

afterAll(async () => {
  await server.close();
});

describe('server keep-alive and client timeout', () => {
  it('pings a client it has sent nothing to', async () => {
    const socket = await RawHubSocket.open(server);
    await socket.handshake();
    expect(await socket.until((record) => record.type === 6)).toEqual({ type: 6 });
    socket.close();
  });

  it('drops a client that went silent after pinging, with a Close that allows reconnecting', async () => {
    const socket = await RawHubSocket.open(server);
    await socket.handshake();
    socket.send({ type: 6 });
    expect(await socket.until((record) => record.type === 7)).toEqual({
      type: 7,
      error: 'Connection closed with an error.',
      allowReconnect: true,
    });
    await socket.closed;
  });

  it('cancels a handshake that does not come', async () => {
    const socket = await RawHubSocket.open(server);
    expect(await socket.until((record) => 'error' in record)).toEqual({ error: 'Handshake was canceled.' });
    await socket.closed;
  });

  it.each(TRANSPORTS)('keeps an idle official client over %s connected', async (transport) => {
    const connection = hubClient(server, {
      transport,
      configure: (builder) => builder.withKeepAliveInterval(100).withServerTimeout(1_000),
    });
    let closed = false;
    connection.onclose(() => (closed = true));
    await connection.start();
    expect(serverTransport(server, connection.connectionId)).toBe(transport);
    // Longer than the server's client timeout and the client's server timeout, and several poll timeouts.
    await sleep(1_500);
    expect(await connection.invoke('Echo', 'still here')).toBe('still here');
    expect(closed).toBe(false);
    await connection.stop();
  });
});

describe('expiry', () => {
  it('forgets a negotiated connection whose transport never came', async () => {
    const { connectionId, connectionToken } = await negotiate(server);
    expect(server.realtime.connections('test').map((info) => info.connectionId)).toContain(connectionId);
    await vi.waitFor(() =>
      expect(server.realtime.connections('test').map((info) => info.connectionId)).not.toContain(
        connectionId,
      ),
    );
    const poll = await fetch(`${server.origin}/hubs/test?id=${connectionToken}`, { headers: alice });
    await poll.text();
    expect(poll.status).toBe(404);
  });

  it('disconnects a long-polling client that stopped polling', async () => {
    const { connectionId, connectionToken } = await negotiate(server);
    const url = `${server.origin}/hubs/test?id=${connectionToken}`;
    await (await fetch(url, { headers: alice })).text();
    const handshake = await fetch(url, {
      method: 'POST',
      headers: { ...alice, 'content-type': 'text/plain' },
      body: `{"protocol":"json","version":1}${RS}`,
    });
    await handshake.text();
    await vi.waitFor(() => expect(server.events).toContain(`connected:${connectionId}`));
    await vi.waitFor(() => expect(server.events).toContain(`disconnected:${connectionId}`));
    const poll = await fetch(url, { headers: alice });
    await poll.text();
    expect(poll.status).toBe(404);
  });
});
