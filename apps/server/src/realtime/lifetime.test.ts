import { describe, expect, it } from 'vitest';
import type { Backplane, BackplaneMessage, BackplaneScope } from './backplane/backplane.js';
import { HubLifetimeManager } from './lifetime.js';

/**
 * In-process stand-in for a broker: every process gets its own Backplane; a published message reaches the other
 * processes that subscribed its channel, never the publisher (the Backplane contract).
 */
function linkedBackplanes(count: number) {
  const channel = (hub: string, scope: BackplaneScope, target?: string) => `${hub}:${scope}:${target ?? ''}`;
  const processes = Array.from({ length: count }, (_, index) => {
    const subscriptions = new Map<string, number>();
    let handler: (message: BackplaneMessage) => void = () => undefined;
    const published: BackplaneMessage[] = [];
    const backplane: Backplane = {
      serverId: `server-${index}`,
      publish(message) {
        published.push(message);
        for (const other of processes) {
          if (other.backplane === backplane) continue;
          if (other.subscriptions.has(channel(message.hub, message.scope, message.target)))
            other.deliver(message);
        }
      },
      async subscribe(hub, scope, target) {
        const key = channel(hub, scope, target);
        subscriptions.set(key, (subscriptions.get(key) ?? 0) + 1);
      },
      unsubscribe(hub, scope, target) {
        const key = channel(hub, scope, target);
        const left = (subscriptions.get(key) ?? 0) - 1;
        if (left > 0) subscriptions.set(key, left);
        else subscriptions.delete(key);
      },
      onMessage(next) {
        handler = next;
      },
      isConnected: () => true,
      close: async () => undefined,
    };
    return { backplane, subscriptions, published, deliver: (message: BackplaneMessage) => handler(message) };
  });
  return processes;
}

/** Two processes with a 'chat' hub each, and a way to add connections that record what they receive. */
function cluster() {
  const [one, two] = linkedBackplanes(2) as [
    ReturnType<typeof linkedBackplanes>[number],
    ReturnType<typeof linkedBackplanes>[number],
  ];
  const managers = [one, two].map((process) => {
    const manager = new HubLifetimeManager('chat', process.backplane);
    process.backplane.onMessage((message) => manager.receive(message));
    return manager;
  }) as [HubLifetimeManager, HubLifetimeManager];
  const received = new Map<string, string[]>();
  const ended = new Map<string, string>();
  /** Ended connections whose client was told it may reconnect. */
  const mayReconnect = new Set<string>();
  const connect = (manager: HubLifetimeManager, connectionId: string, userId: string, sessionId?: number) => {
    received.set(connectionId, []);
    manager.add({
      connectionId,
      userId,
      sessionId,
      write: (frame) => received.get(connectionId)?.push(frame),
      // As the endpoint does: the connection closes and leaves the manager.
      end: (error, allowReconnect) => {
        ended.set(connectionId, error);
        if (allowReconnect) mayReconnect.add(connectionId);
        manager.remove(connectionId);
      },
    });
  };
  const texts = (connectionId: string) =>
    (received.get(connectionId) ?? [])
      .flatMap((frame) => frame.split('\x1e').filter(Boolean))
      .map((record) => (JSON.parse(record) as { arguments: unknown[] }).arguments[0]);
  return { one, two, managers, connect, texts, received, ended, mayReconnect };
}

describe('HubLifetimeManager', () => {
  it('sends to everyone on every process, except the excluded connections, as one Invocation record', async () => {
    const { managers, connect, texts, received } = cluster();
    connect(managers[0], 'a1', '1');
    connect(managers[0], 'a2', '2');
    connect(managers[1], 'b1', '3');
    await managers[0].clients.all.send('ReceiveMessage', 'hello');
    await managers[1].clients.allExcept(['a2', 'b1']).send('ReceiveMessage', 'not a2, not b1');
    expect(received.get('a1')?.[0]).toBe('{"type":1,"target":"ReceiveMessage","arguments":["hello"]}\x1e');
    expect(texts('a1')).toEqual(['hello', 'not a2, not b1']);
    expect(texts('a2')).toEqual(['hello']);
    expect(texts('b1')).toEqual(['hello']);
  });

  it('reaches group members on any process and listens to a group only while it has a local member', async () => {
    const { two, managers, connect, texts } = cluster();
    connect(managers[0], 'a1', '1');
    connect(managers[1], 'b1', '2');
    connect(managers[1], 'b2', '3');
    connect(managers[1], 'b3', '4');
    await managers[1].groups.addToGroup('b1', 'chat-9');
    await managers[1].groups.addToGroup('b2', 'chat-9');
    expect(two.subscriptions.has('chat:group:chat-9')).toBe(true);

    await managers[0].clients.group('chat-9').send('ReceiveMessage', 'group');
    await managers[0].clients.groupExcept('chat-9', ['b2']).send('ReceiveMessage', 'group but b2');
    expect(texts('b1')).toEqual(['group', 'group but b2']);
    expect(texts('b2')).toEqual(['group']);
    expect(texts('b3')).toEqual([]);
    expect(texts('a1')).toEqual([]);

    await managers[1].groups.removeFromGroup('b1', 'chat-9');
    expect(two.subscriptions.has('chat:group:chat-9')).toBe(true);
    managers[1].remove('b2');
    expect(two.subscriptions.has('chat:group:chat-9')).toBe(false);
    await managers[0].clients.group('chat-9').send('ReceiveMessage', 'nobody left');
    expect(texts('b1')).toEqual(['group', 'group but b2']);
  });

  it("reaches all of a user's connections wherever they are, and forgets the user after the last one", async () => {
    const { one, managers, connect, texts } = cluster();
    connect(managers[0], 'a1', '7');
    connect(managers[0], 'a2', '7');
    connect(managers[1], 'b1', '7');
    connect(managers[1], 'b2', '8');
    await managers[1].clients.user(7).send('ReceiveUnreadMessagesCount', 3);
    await managers[0].clients.users([8, '8']).send('ReceiveUnreadMessagesCount', 1);
    expect([texts('a1'), texts('a2'), texts('b1'), texts('b2')]).toEqual([[3], [3], [3], [1]]);
    expect(managers[0].context.localConnectionCount(7)).toBe(2);
    expect(managers[0].context.localConnectionCount()).toBe(2);

    managers[0].remove('a1');
    expect(one.subscriptions.get('chat:user:7')).toBe(1);
    managers[0].remove('a2');
    expect(one.subscriptions.has('chat:user:7')).toBe(false);
    expect(one.subscriptions.has('chat:all')).toBe(false);
    expect(managers[0].context.localConnectionCount(7)).toBe(0);
  });

  it('writes to a local connection directly and sends to one on another process through the backplane', async () => {
    const { one, managers, connect, texts } = cluster();
    connect(managers[0], 'a1', '1');
    connect(managers[1], 'b1', '2');
    await managers[0].clients.client('a1').send('Message', 'local');
    expect(one.published).toEqual([]);
    await managers[0].clients.client('b1').send('Message', 'remote');
    expect(texts('a1')).toEqual(['local']);
    expect(texts('b1')).toEqual(['remote']);

    const caller = managers[0].callerClients('a1');
    connect(managers[0], 'a2', '3');
    await caller.others.send('Message', 'not the caller');
    expect([texts('a1'), texts('a2'), texts('b1')]).toEqual([
      ['local'],
      ['not the caller'],
      ['remote', 'not the caller'],
    ]);
  });

  it('writes what arrives from the backplane in one turn to each connection at once, in order', async () => {
    const { managers, connect, texts, received } = cluster();
    connect(managers[0], 'a1', '1');
    connect(managers[1], 'b1', '2');
    connect(managers[1], 'b2', '3');
    await managers[1].groups.addToGroup('b1', 'g');
    // Published in one turn, as a burst read from the backplane's stream arrives.
    const sends = [
      managers[0].clients.all.send('Message', 'one'),
      managers[0].clients.all.send('Message', 'two'),
      managers[0].clients.group('g').send('Message', 'to the group'),
      managers[0].clients.all.send('Message', 'three'),
    ];
    expect(received.get('b1')).toEqual([]);
    await Promise.all(sends);
    expect(texts('b1')).toEqual(['one', 'two', 'to the group', 'three']);
    expect(texts('b2')).toEqual(['one', 'two', 'three']);
    // Adjacent sends to the same audience became one write (one WebSocket frame of several records).
    expect(received.get('b1')).toHaveLength(3);
    expect(received.get('b2')).toHaveLength(2);
    expect(texts('a1')).toEqual(['one', 'two', 'three']);
    expect(received.get('a1')).toHaveLength(3);
  });

  it("ends a user's connections on every process, and nobody else's", async () => {
    const { managers, connect, texts, received, ended } = cluster();
    connect(managers[0], 'a1', '7');
    connect(managers[1], 'b1', '7');
    connect(managers[1], 'b2', '8');
    expect(managers[0].endUser('7', 'Banned.')).toBe(1);
    expect([...ended]).toEqual([
      ['b1', 'Banned.'],
      ['a1', 'Banned.'],
    ]);
    // Ended by the receiving process, not written on: a client ignoring the Close record cannot stay.
    expect(received.get('b1')).toEqual([]);
    expect(managers[1].context.localConnectionCount(7)).toBe(0);

    await managers[0].clients.all.send('ReceiveMessage', 'after');
    expect(texts('b2')).toEqual(['after']);
    expect(received.get('a1')).toEqual([]);
    expect(received.get('b1')).toEqual([]);
  });

  it("ends only the named sessions' connections on every process, and lets a role change reconnect", () => {
    const { managers, connect, ended, mayReconnect } = cluster();
    connect(managers[0], 'a1', '7', 70);
    connect(managers[1], 'b1', '7', 70);
    connect(managers[1], 'b2', '7', 71);
    expect(managers[0].endUser('7', 'Logged out.', { sessionIds: [70] })).toBe(1);
    expect([...ended]).toEqual([
      ['b1', 'Logged out.'],
      ['a1', 'Logged out.'],
    ]);
    expect(managers[1].context.localConnectionCount(7)).toBe(1);

    expect(managers[0].endUser('7', 'Role changed.', { allowReconnect: true })).toBe(0);
    expect(ended.get('b2')).toBe('Role changed.');
    expect([...mayReconnect]).toEqual(['b2']);
  });

  it('ignores group changes for connections it does not own and messages for other hubs', async () => {
    const { managers, connect, texts } = cluster();
    connect(managers[0], 'a1', '1');
    await managers[0].groups.addToGroup('elsewhere', 'g');
    managers[0].receive({
      hub: 'general',
      scope: 'all',
      frame: '{"type":1,"target":"x","arguments":["no"]}\x1e',
    });
    expect(texts('a1')).toEqual([]);
    await expect(managers[0].clients.all.send('Message', 10n)).rejects.toThrow();
  });
});
