import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_USERS } from '../test/hubs.js';
import {
  hubClient,
  nextClose,
  nextPush,
  serverTransport,
  signalR,
  startHubServer,
  TRANSPORTS,
  type HubConnection,
  type HubServer,
} from '../test/server.js';

/** Conformance with the official @microsoft/signalr client (docs/realtime.md#tests), over each transport. */
let server: HubServer;

beforeAll(async () => {
  server = await startHubServer();
});

afterAll(async () => {
  await server.close();
});

describe.each(TRANSPORTS)('official client over %s', (transport) => {
  /** Starts, and checks the server attached the transport this block is about. */
  const startOn = async (connection: HubConnection) => {
    await connection.start();
    expect(serverTransport(server, connection.connectionId)).toBe(transport);
  };

  it('invokes a method and gets its result back, unicode intact, then closes cleanly on stop', async () => {
    const connection = hubClient(server, { transport });
    await startOn(connection);
    expect(await connection.invoke('Echo', '你好，世界！ 🎉')).toBe('你好，世界！ 🎉');
    expect(await connection.invoke('echo', { nested: [1, null, 'x'] })).toEqual({ nested: [1, null, 'x'] });
    expect(await connection.invoke('Nothing')).toBeUndefined();

    const connectionId = connection.connectionId;
    const closed = nextClose(connection);
    await connection.stop();
    expect(await closed).toBeUndefined();
    await vi.waitFor(() => expect(server.events).toContain(`disconnected:${connectionId}`));
  });

  it("rejects failed invocations with ASP.NET's texts and keeps the connection", async () => {
    const connection = hubClient(server, { transport });
    await startOn(connection);
    await expect(connection.invoke('Throw', 'Not your listing.')).rejects.toThrow(
      "An unexpected error occurred invoking 'Throw' on the server. HubException: Not your listing.",
    );
    const plain = await connection.invoke('Fail').catch((error: Error) => error.message);
    expect(plain).toBe("An unexpected error occurred invoking 'Fail' on the server.");
    await expect(connection.invoke('NoSuchMethod', 1)).rejects.toThrow(
      "Failed to invoke 'NoSuchMethod' due to an error on the server. HubException: Method does not exist.",
    );
    const argCount = await connection.invoke('Echo', 1, 2).catch((error: Error) => error.message);
    expect(argCount).toBe("Failed to invoke 'Echo' due to an error on the server.");
    expect(await connection.invoke('Echo', 'still here')).toBe('still here');
    await connection.stop();
  });

  it('pushes to the caller, everyone, the others, a group and a user', async () => {
    const alice = hubClient(server, { transport });
    const bob = hubClient(server, { transport, token: TEST_USERS.bob.token });
    await Promise.all([startOn(alice), startOn(bob)]);

    const toCaller = nextPush(alice, 'message');
    await alice.invoke('SendToCaller', 'just you');
    expect(await toCaller).toBe('just you');

    const toAll = [nextPush(alice, 'MESSAGE'), nextPush(bob, 'Message')];
    await alice.invoke('SendToAll', 'everyone');
    expect(await Promise.all(toAll)).toEqual(['everyone', 'everyone']);

    const aliceHeard: unknown[] = [];
    alice.on('message', (value: unknown) => aliceHeard.push(value));
    const toOthers = nextPush(bob, 'message');
    await alice.invoke('SendToOthers', 'not alice');
    expect(await toOthers).toBe('not alice');

    await bob.invoke('JoinGroup', 'garage-7');
    const toGroup = nextPush(bob, 'message');
    await alice.invoke('SendToGroup', 'garage-7', 'group news');
    expect(await toGroup).toBe('group news');

    const toUser = nextPush(bob, 'message');
    await alice.invoke('SendToUser', TEST_USERS.bob.user.id, 'for bob');
    expect(await toUser).toBe('for bob');

    // Round trips after the pushes: anything meant for bob only would have reached alice by now.
    await alice.invoke('Echo', 'sync');
    expect(aliceHeard).toEqual([]);
    await Promise.all([alice.stop(), bob.stop()]);
  });

  it('keeps its handlers across stop() and start()', async () => {
    const connection = hubClient(server, { transport });
    const heard: unknown[] = [];
    connection.on('message', (value: unknown) => heard.push(value));
    await startOn(connection);
    await connection.stop();
    await startOn(connection);
    const pushed = nextPush(connection, 'message');
    await connection.invoke('SendToCaller', 'after restart');
    await pushed;
    expect(heard).toEqual(['after restart']);
    await connection.stop();
  });

  it('reconnects with a new connection id after the server drops the transport', async () => {
    const connection = hubClient(server, {
      transport,
      configure: (builder) => builder.withAutomaticReconnect([0, 50, 100, 200]),
    });
    await startOn(connection);
    const firstId = connection.connectionId;
    const reconnecting = new Promise<void>((resolve) => connection.onreconnecting(() => resolve()));
    const reconnected = new Promise<string | undefined>((resolve) => connection.onreconnected(resolve));

    expect(server.realtime.disconnect('test', firstId ?? '', 'terminate')).toBe(true);
    await reconnecting;
    const newId = await reconnected;
    expect(newId).toBeTruthy();
    expect(newId).not.toBe(firstId);
    expect(await connection.invoke('Whoami')).toEqual({ connectionId: newId, username: 'alice' });
    expect(serverTransport(server, newId ?? null)).toBe(transport);
    await connection.stop();
  });

  it('stays away after a Close with an error, and comes back after a Close that allows reconnecting', async () => {
    const kicked = hubClient(server, {
      transport,
      configure: (builder) => builder.withAutomaticReconnect([0, 50]),
    });
    let reconnectingAfterKick = false;
    kicked.onreconnecting(() => (reconnectingAfterKick = true));
    await startOn(kicked);
    const closed = nextClose(kicked);
    await kicked.invoke('Kick', 'bye').catch(() => undefined);
    expect((await closed)?.message).toBe('Server returned an error on close: bye');
    expect(reconnectingAfterKick).toBe(false);
    expect(kicked.state).toBe(signalR.HubConnectionState.Disconnected);

    const invited = hubClient(server, {
      transport,
      configure: (builder) => builder.withAutomaticReconnect([0, 50]),
    });
    await startOn(invited);
    const firstId = invited.connectionId ?? '';
    const reconnected = new Promise<string | undefined>((resolve) => invited.onreconnected(resolve));
    server.realtime.disconnect('test', firstId, { error: 'moving you', allowReconnect: true });
    expect(await reconnected).not.toBe(firstId);
    expect(await invited.invoke('Echo', 'back')).toBe('back');
    await invited.stop();
  });

  it('closes with an error when the hub cannot be set up (onConnected throws), without reconnecting', async () => {
    const connection = hubClient(server, {
      transport,
      path: '/hubs/broken',
      configure: (builder) => builder.withAutomaticReconnect([0, 50]),
    });
    let reconnecting = false;
    connection.onreconnecting(() => (reconnecting = true));
    const closed = nextClose(connection);
    const startError = await connection.start().then(
      () => undefined,
      (error: Error) => error,
    );
    const error = startError ?? (await closed);
    expect(error?.message).toContain('Connection closed with an error.');
    expect(reconnecting).toBe(false);
  });

  it('refuses a client without a valid token: start() fails with the 401', async () => {
    const connection = hubClient(server, { transport, token: 'token-mallory' });
    await expect(connection.start()).rejects.toThrow("Status code '401'");
  });

  it('reports an unsupported hub protocol as a handshake error', async () => {
    const json = new signalR.JsonHubProtocol();
    const fakeMessagePack: SignalRTypesProtocol = {
      name: 'messagepack',
      version: 1,
      transferFormat: signalR.TransferFormat.Text,
      // The JSON protocol under another name: the server must refuse it by name in the handshake.
      parseMessages: (input, logger) => json.parseMessages(String(input), logger),
      writeMessage: (message) => json.writeMessage(message),
    };
    const connection = hubClient(server, {
      transport,
      configure: (builder) => builder.withHubProtocol(fakeMessagePack),
    });
    await expect(connection.start()).rejects.toThrow(
      "Server returned handshake error: The protocol 'messagepack' is not supported.",
    );
  });
});

type SignalRTypesProtocol = Parameters<
  InstanceType<typeof signalR.HubConnectionBuilder>['withHubProtocol']
>[0];

describe('official client, transport-independent', () => {
  it('talks to two hubs at once, each with its own methods', async () => {
    const test = hubClient(server, { transport: 'WebSockets' });
    const other = hubClient(server, { transport: 'WebSockets', path: '/hubs/other' });
    await Promise.all([test.start(), other.start()]);
    expect(await test.invoke('Echo', 'a')).toBe('a');
    expect(await other.invoke('Echo', 'a')).toBe('other:a');
    expect(serverTransport(server, other.connectionId, 'other')).toBe('WebSockets');
    await Promise.all([test.stop(), other.stop()]);
  });

  it('connects over WebSockets without negotiating (skipNegotiation), and reconnects the same way', async () => {
    const connection = hubClient(server, {
      transport: 'WebSockets',
      skipNegotiation: true,
      configure: (builder) => builder.withAutomaticReconnect([0, 50]),
    });
    await connection.start();
    expect(connection.connectionId).toBeNull();
    const { connectionId } = (await connection.invoke('Whoami')) as { connectionId: string };
    expect(serverTransport(server, connectionId)).toBe('WebSockets');

    const reconnected = new Promise<void>((resolve) => connection.onreconnected(() => resolve()));
    server.realtime.disconnect('test', connectionId, 'terminate');
    await reconnected;
    const after = (await connection.invoke('Whoami')) as { connectionId: string };
    expect(after.connectionId).not.toBe(connectionId);
    await connection.stop();
  });

  it("ends with the client's server-timeout error when the server sends nothing", async () => {
    // This server pings every 15 s; the client expects a message within 300 ms.
    const connection = hubClient(server, {
      transport: 'WebSockets',
      configure: (builder) => builder.withKeepAliveInterval(100).withServerTimeout(300),
    });
    const closed = nextClose(connection);
    await connection.start();
    expect((await closed)?.message).toBe(
      'Server timeout elapsed without receiving a message from the server.',
    );
  });
});
