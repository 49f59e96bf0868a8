import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RawHubSocket, startHubServer, type HubServer } from '../test/server.js';
import { RECORD_SEPARATOR as RS } from './framing.js';

/** The JSON hub protocol over a hand-driven WebSocket (docs/realtime.md#records and #tests). */
let server: HubServer;

beforeAll(async () => {
  server = await startHubServer();
});

afterAll(async () => {
  await server.close();
});

const invoke = (invocationId: string, target: string, ...args: unknown[]) => ({
  type: 1,
  invocationId,
  target,
  arguments: args,
});
const isCompletion = (id: string) => (record: Record<string, unknown>) =>
  record.type === 3 && record.invocationId === id;

describe('handshake', () => {
  it('answers {} and processes records that follow the handshake in the same frame', async () => {
    const socket = await RawHubSocket.open(server);
    socket.send({ protocol: 'json', version: 1 }, invoke('1', 'Echo', 'same frame'));
    expect(await socket.until(isCompletion('1'))).toEqual({
      type: 3,
      invocationId: '1',
      result: 'same frame',
    });
    expect(socket.records[0]).toEqual({});
    socket.close();
  });

  it("refuses an unknown protocol or version with ASP.NET's texts and closes", async () => {
    const messagePack = await RawHubSocket.open(server);
    messagePack.send({ protocol: 'messagepack', version: 1 });
    expect(await messagePack.until((record) => 'error' in record)).toEqual({
      error: "The protocol 'messagepack' is not supported.",
    });
    await messagePack.closed;

    const future = await RawHubSocket.open(server);
    future.send({ protocol: 'json', version: 3 });
    expect(await future.until((record) => 'error' in record)).toEqual({
      error: "The server does not support version 3 of the 'json' protocol.",
    });
    await future.closed;

    const garbage = await RawHubSocket.open(server);
    garbage.sendText(`not json${RS}`);
    expect(await garbage.until((record) => 'error' in record)).toEqual({
      error: 'An unexpected error occurred during connection handshake.',
    });
    await garbage.closed;
  });

  it('accepts version 2 without switching on stateful reconnect', async () => {
    const socket = await RawHubSocket.open(server);
    socket.send({ protocol: 'json', version: 2 });
    await socket.until((record) => Object.keys(record).length === 0);
    socket.send(invoke('1', 'Echo', 'v2'));
    await socket.until(isCompletion('1'));
    expect(socket.records.some((record) => record.type === 8 || record.type === 9)).toBe(false);
    socket.close();
  });
});

describe('messages', () => {
  it('sends no Completion for an invocation without invocationId', async () => {
    const socket = await RawHubSocket.open(server);
    await socket.handshake();
    socket.send({ type: 1, target: 'SendToCaller', arguments: ['fire and forget'] });
    socket.send(invoke('1', 'Echo', 'after'));
    await socket.until(isCompletion('1'));
    const pushed = socket.records.filter((record) => record.type === 1);
    expect(pushed).toEqual([{ type: 1, target: 'Message', arguments: ['fire and forget'] }]);
    expect(socket.records.filter((record) => record.type === 3)).toHaveLength(1);
    socket.close();
  });

  it('reads several records in one frame and a record split across frames', async () => {
    const socket = await RawHubSocket.open(server);
    await socket.handshake();
    socket.send(invoke('1', 'Echo', 'a'), invoke('2', 'Echo', 'b'));
    const split = JSON.stringify(invoke('3', 'Echo', 'ü split')) + RS;
    socket.sendText(split.slice(0, 20));
    socket.sendText(split.slice(20));
    await socket.until(isCompletion('3'));
    const completions = socket.records.filter((record) => record.type === 3);
    expect(completions.map((record) => record.result)).toEqual(['a', 'b', 'ü split']);
    socket.close();
  });

  it('runs one invocation at a time per connection, in arrival order', async () => {
    const socket = await RawHubSocket.open(server);
    await socket.handshake();
    socket.send(invoke('1', 'Slow', 150, 'first'), invoke('2', 'Echo', 'second'));
    await socket.until(isCompletion('2'));
    const order = socket.records.filter((record) => record.type === 3).map((record) => record.invocationId);
    expect(order).toEqual(['1', '2']);
    socket.close();
  });

  it('answers a stream invocation with the mismatch text and ignores cancels, acks and unknown types', async () => {
    const socket = await RawHubSocket.open(server);
    await socket.handshake();
    socket.send(
      { type: 4, invocationId: '1', target: 'Echo', arguments: ['x'] },
      { type: 5, invocationId: '1' },
      { type: 8, sequenceId: 1 },
      { type: 42, anything: true },
      { type: 2, invocationId: '9', item: 1 },
      invoke('2', 'Echo', 'alive'),
    );
    await socket.until(isCompletion('2'));
    expect(socket.records.find(isCompletion('1'))).toEqual({
      type: 3,
      invocationId: '1',
      error: "The client attempted to invoke the non-streaming 'Echo' method with a streaming invocation.",
    });
    socket.close();
  });

  it('closes with an error on a record over 32 KB', async () => {
    const socket = await RawHubSocket.open(server);
    await socket.handshake();
    socket.send(invoke('1', 'Echo', 'x'.repeat(33 * 1024)));
    expect(await socket.until((record) => record.type === 7)).toEqual({
      type: 7,
      error: 'Connection closed with an error.',
    });
    await socket.closed;
    expect(socket.records.some(isCompletion('1'))).toBe(false);
  });

  it('closes with an error on a malformed record', async () => {
    const socket = await RawHubSocket.open(server);
    await socket.handshake();
    socket.send({ type: 1, invocationId: '1', arguments: [] });
    expect(await socket.until((record) => record.type === 7)).toEqual({
      type: 7,
      error: 'Connection closed with an error.',
    });
    await socket.closed;
  });

  it("treats the client's Close as the end: onDisconnected runs once", async () => {
    const socket = await RawHubSocket.open(server);
    await socket.handshake();
    socket.send(invoke('1', 'Whoami'));
    const { connectionId } = (await socket.until(isCompletion('1'))).result as { connectionId: string };
    socket.send({ type: 7 });
    await socket.closed;
    await vi.waitFor(() => expect(server.events).toContain(`disconnected:${connectionId}`));
    expect(server.events.filter((event) => event === `disconnected:${connectionId}`)).toHaveLength(1);
    expect(server.realtime.connections('test').some((info) => info.connectionId === connectionId)).toBe(
      false,
    );
  });

  it('creates the connection on the fly when the client skips negotiation', async () => {
    const socket = await RawHubSocket.open(server, { id: null });
    await socket.handshake();
    socket.send(invoke('1', 'Whoami'));
    const { connectionId } = (await socket.until(isCompletion('1'))).result as { connectionId: string };
    expect(server.realtime.connections('test')).toContainEqual({
      connectionId,
      userId: 1,
      sessionId: 1,
      role: 'user',
      transport: 'WebSockets',
    });
    socket.close();
    await expect(RawHubSocket.open(server, { id: null, token: '' })).rejects.toThrow('upgrade answered 401');
  });
});

describe('broadcast', () => {
  it('delivers the same record intact to every socket, short and long, multi-byte text included', async () => {
    const sockets = await Promise.all([1, 2, 3].map(() => RawHubSocket.open(server)));
    await Promise.all(sockets.map((socket) => socket.handshake()));
    // One frame is built once and written to all three: header lengths of 7 and 16 bits, UTF-8 of 2 and 4 bytes.
    const texts = ['hé 🙂', `prix ${'é🙂'.repeat(3_000)} fin`];
    for (const [index, text] of texts.entries()) {
      sockets[0]!.send(invoke(String(index + 1), 'SendToAll', text));
      for (const socket of sockets) {
        expect(
          await socket.until((record) =>
            record.type === 1 && record.target === 'Message' && record.arguments
              ? (record.arguments as unknown[])[0] === text
              : false,
          ),
        ).toEqual({ type: 1, target: 'Message', arguments: [text] });
      }
    }
    for (const socket of sockets) socket.close();
  });
});
