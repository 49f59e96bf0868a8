import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cuttableLine, type CuttableLine } from '../../test/cuttable-line.js';
import { TEST_USERS } from '../test/hubs.js';
import {
  hubClient,
  RawHubSocket,
  signalR,
  startHubServer,
  type HubConnection,
  type HubServer,
} from '../test/server.js';
import { SequencedLink } from './stateful-reconnect.js';

/**
 * Stateful reconnect (docs/realtime.md#stateful-reconnect): a client whose WebSocket drops comes back on a new
 * one and gets every record it missed, once and in order, on the same connection.
 */
const WINDOW_MS = 3_000;
let server: HubServer;
let line: CuttableLine;
const clients: HubConnection[] = [];

beforeAll(async () => {
  server = await startHubServer({ timing: { statefulReconnectBufferMs: WINDOW_MS } });
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.stop()));
  await line?.close();
});
afterAll(async () => {
  await server.close();
});

/** Alice through a line the test cuts; a new connection attempt waits while it is down (TCP retrying). */
async function aliceThroughLine(options: { automaticReconnect?: boolean } = {}): Promise<HubConnection> {
  line = await cuttableLine(Number(new URL(server.origin).port), { whileDown: 'hold' });
  const alice = hubClient(
    { ...server, origin: line.origin },
    {
      transport: 'WebSockets',
      configure: (builder) => {
        const stateful = builder.withStatefulReconnect();
        return options.automaticReconnect ? stateful.withAutomaticReconnect([0, 500, 1000]) : stateful;
      },
    },
  );
  clients.push(alice);
  await alice.start();
  return alice;
}

async function bobDirect(): Promise<HubConnection> {
  const bob = hubClient(server, { transport: 'WebSockets', token: TEST_USERS.bob.token });
  clients.push(bob);
  await bob.start();
  return bob;
}

const texts = (from: number, count: number) => Array.from({ length: count }, (_, n) => `m${from + n}`);

describe('stateful reconnect with the official client', () => {
  it('delivers every push of a 1.5 s drop once, in order, on the same connection, and its own sends once', async () => {
    const alice = await aliceThroughLine();
    const bob = await bobDirect();
    const received: string[] = [];
    alice.on('Message', (text: string) => received.push(text));
    let reconnecting = false;
    alice.onreconnecting(() => (reconnecting = true));
    const connectionId = alice.connectionId;

    for (const text of texts(1, 10)) await bob.invoke('SendToUser', TEST_USERS.alice.user.id, text);
    line.cut();
    // The server sees the socket reset: the connection waits for its client instead of ending.
    await vi.waitFor(() => expect(server.events).not.toContain(`disconnected:${connectionId}`));
    for (const text of texts(11, 30)) await bob.invoke('SendToUser', TEST_USERS.alice.user.id, text);
    // Alice's own sends while the line is down wait in her client and arrive once it is back.
    const recorded = texts(100, 3).map((text) => alice.invoke('Record', `alice ${text}`));
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    line.restore();
    await Promise.all(recorded);
    for (const text of texts(41, 10)) await bob.invoke('SendToUser', TEST_USERS.alice.user.id, text);

    await vi.waitFor(() => expect(received).toHaveLength(50), { timeout: 10_000 });
    expect(received).toEqual(texts(1, 50));
    expect(server.events.filter((event) => event.startsWith('send:alice'))).toEqual(
      texts(100, 3).map((text) => `send:alice ${text}`),
    );
    expect(alice.connectionId).toBe(connectionId);
    expect(alice.state).toBe(signalR.HubConnectionState.Connected);
    expect(reconnecting).toBe(false);
    expect(server.events).not.toContain(`disconnected:${connectionId}`);
    // Still one connection, usable both ways.
    expect(await alice.invoke('Echo', 'after')).toBe('after');
  });

  it('survives several drops in a row, sending and receiving across each', async () => {
    const alice = await aliceThroughLine();
    const bob = await bobDirect();
    const received: string[] = [];
    alice.on('Message', (text: string) => received.push(text));
    let sent = 0;
    for (let drop = 0; drop < 3; drop++) {
      for (const text of texts(sent, 5)) await bob.invoke('SendToUser', TEST_USERS.alice.user.id, text);
      sent += 5;
      line.cut();
      for (const text of texts(sent, 5)) await bob.invoke('SendToUser', TEST_USERS.alice.user.id, text);
      sent += 5;
      await new Promise((resolve) => setTimeout(resolve, 300));
      line.restore();
      expect(await alice.invoke('Echo', `drop ${drop}`)).toBe(`drop ${drop}`);
    }
    await vi.waitFor(() => expect(received).toHaveLength(sent), { timeout: 10_000 });
    expect(received).toEqual(texts(0, sent));
  });

  it('ends the connection when the client stays away past the window: it starts afresh, told so', async () => {
    const alice = await aliceThroughLine({ automaticReconnect: true });
    const connectionId = alice.connectionId;
    const reconnecting = new Promise((resolve) => alice.onreconnecting(resolve));
    line.cut();
    await vi.waitFor(() => expect(server.events).toContain(`disconnected:${connectionId}`), {
      timeout: WINDOW_MS + 3_000,
    });
    line.restore();
    // Its held attempt to resume finds no connection; the automatic reconnect opens a new one, and a page
    // reloads what it missed (docs/realtime.md#close-and-reconnect).
    await reconnecting;
    await vi.waitFor(() => expect(alice.state).toBe(signalR.HubConnectionState.Connected), {
      timeout: 10_000,
    });
    expect(alice.connectionId).not.toBe(connectionId);
  });
});

describe('stateful reconnect on the wire', () => {
  const statefulSocket = async (target: HubServer = server) => {
    const answer = await fetch(
      `${target.origin}/hubs/test/negotiate?negotiateVersion=1&useStatefulReconnect=true`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${TEST_USERS.alice.token}` },
      },
    );
    const negotiated = (await answer.json()) as { connectionToken: string; useStatefulReconnect?: boolean };
    expect(negotiated.useStatefulReconnect).toBe(true);
    const socket = await RawHubSocket.open(target, { id: negotiated.connectionToken });
    socket.send({ protocol: 'json', version: 2 });
    await socket.until((record) => Object.keys(record).length === 0);
    return { socket, id: negotiated.connectionToken };
  };
  const completions = (socket: RawHubSocket) => socket.records.filter((record) => record.type === 3);

  it('acknowledges what the client sent, resends what the client did not acknowledge, and skips resent invocations', async () => {
    const { socket, id } = await statefulSocket();
    socket.send(
      { type: 1, invocationId: '1', target: 'Echo', arguments: ['one'] },
      { type: 1, invocationId: '2', target: 'Echo', arguments: ['two'] },
      { type: 1, invocationId: '3', target: 'Echo', arguments: ['three'] },
    );
    await vi.waitFor(() => expect(completions(socket)).toHaveLength(3));
    // The server acknowledges the client's three invocations within about a second.
    expect(await socket.until((record) => record.type === 8)).toEqual({ type: 8, sequenceId: 3 });
    // The client acknowledges the first two completions, then its socket breaks.
    socket.send({ type: 8, sequenceId: 2 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.ws.terminate();

    const resumed = await RawHubSocket.open(server, { id });
    // First Sequence (the first record kept), then that record again: the third completion.
    await vi.waitFor(() => expect(resumed.records.length).toBeGreaterThanOrEqual(2));
    expect(resumed.records[0]).toEqual({ type: 9, sequenceId: 3 });
    expect(resumed.records[1]).toEqual({ type: 3, invocationId: '3', result: 'three' });
    // The client resends from its third invocation (it never saw the Ack): the server does not run it again.
    resumed.send(
      { type: 9, sequenceId: 3 },
      { type: 1, invocationId: '3', target: 'Record', arguments: ['resent'] },
      { type: 1, invocationId: '4', target: 'Record', arguments: ['fresh'] },
    );
    await resumed.until((record) => record.type === 3 && record.invocationId === '4');
    expect(server.events).toContain('send:fresh');
    expect(server.events).not.toContain('send:resent');
    resumed.close();
  });

  it('refuses a Sequence beyond what the client could have sent', async () => {
    const { socket, id } = await statefulSocket();
    socket.ws.terminate();
    const resumed = await RawHubSocket.open(server, { id });
    resumed.send({ type: 9, sequenceId: 5 });
    expect(await resumed.until((record) => record.type === 7)).toEqual({
      type: 7,
      error: 'Connection closed with an error.',
    });
  });

  it('keeps at most its buffer: a client away with more than that to catch up is ended, not caught up partly', async () => {
    const small = await startHubServer({ timing: { statefulReconnectBufferBytes: 2_000 } });
    try {
      const { socket, id } = await statefulSocket(small);
      const connectionId = small.realtime.connections('test')[0]!.connectionId;
      socket.ws.terminate();
      await vi.waitFor(() => expect(small.realtime.connections('test')).toHaveLength(1));
      const context = small.realtime.context('test');
      for (let n = 0; n < 100; n++)
        await context.clients.user(TEST_USERS.alice.user.id).send('Message', `m${n}`);
      await vi.waitFor(() => expect(small.events).toContain(`disconnected:${connectionId}`));
      await expect(RawHubSocket.open(small, { id })).rejects.toThrow('upgrade answered 404');
    } finally {
      await small.close();
    }
  });

  it('is offered only when asked for, and a clean close by the client ends the connection at once', async () => {
    const plain = await fetch(`${server.origin}/hubs/test/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_USERS.alice.token}` },
    });
    expect(await plain.json()).not.toHaveProperty('useStatefulReconnect');

    const { socket, id } = await statefulSocket();
    const connectionId = server.realtime.connections('test').at(-1)!.connectionId;
    socket.close();
    await vi.waitFor(() => expect(server.events).toContain(`disconnected:${connectionId}`));
    await expect(RawHubSocket.open(server, { id })).rejects.toThrow('upgrade answered 404');
  });

  it('is not offered when the buffer is 0', async () => {
    const off = await startHubServer({ timing: { statefulReconnectBufferBytes: 0 } });
    try {
      const answer = await fetch(
        `${off.origin}/hubs/test/negotiate?negotiateVersion=1&useStatefulReconnect=true`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${TEST_USERS.alice.token}` },
        },
      );
      expect(await answer.json()).not.toHaveProperty('useStatefulReconnect');
    } finally {
      await off.close();
    }
  });
});

describe('SequencedLink', () => {
  it('numbers records from 1, drops what is acknowledged and resends the rest after a Sequence', () => {
    const link = new SequencedLink(1_000);
    for (const text of ['a', 'b', 'c']) expect(link.sent(`{"type":1,"target":"${text}"}\x1e`)).toBe(true);
    link.acknowledged(2);
    const { sequence, records } = link.resume();
    expect(sequence).toBe('{"type":9,"sequenceId":3}\x1e');
    expect(records.map((record) => record.id)).toEqual([3]);
    expect(link.kept.records).toBe(1);
  });

  it('skips everything before the client Sequence after a resume, and invocations it already read', () => {
    const link = new SequencedLink(1_000);
    expect(link.shouldRead('sequenced')).toBe(true);
    expect(link.shouldRead('sequenced')).toBe(true);
    link.resume();
    expect(link.shouldRead('sequenced')).toBe(false);
    expect(link.shouldRead('control')).toBe(false);
    expect(link.sequenceReceived(4)).toBe(false);
    expect(link.sequenceReceived(2)).toBe(true);
    expect(link.shouldRead('sequenced')).toBe(false);
    expect(link.shouldRead('sequenced')).toBe(true);
    expect(link.pendingAck()).toBe('{"type":8,"sequenceId":3}\x1e');
    expect(link.pendingAck()).toBeUndefined();
  });

  it('says when the kept records outgrow the bound', () => {
    const link = new SequencedLink(30);
    expect(link.sent('x'.repeat(20))).toBe(true);
    expect(link.sent('x'.repeat(20))).toBe(false);
  });
});
