/**
 * Who is connected to one hub on this process, and how a message reaches them: local connections are written to
 * directly; the backplane carries the same pre-serialized frame to the other processes, which apply it to their
 * own connections (docs/realtime.md#scale-out). Group membership lives only on the process that owns the
 * connection, as in SignalR's Redis backplane.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Backplane, BackplaneMessage, BackplaneScope } from './backplane/backplane.js';
import type { ClientProxy, GroupManager, HubCallerClients, HubClients, HubContext } from './hub.js';
import { closeFrame, invocationFrame, MessageType, RECORD_SEPARATOR } from './protocol/framing.js';
import { SharedFrame } from './protocol/shared-frame.js';

export interface LifetimeConnection {
  readonly connectionId: string;
  /** AuthUser.id as a string: the key of user-addressed sends and of the backplane's user scope. */
  readonly userId: string;
  /** The session the connection was opened with (endUser can end just some sessions of a person). */
  readonly sessionId?: number;
  /** Writes whole records; never throws, drops silently once the connection closed. */
  write(frame: string, shared?: SharedFrame): void;
  /** Ends the connection with a Close record telling the client not to reconnect (or to, with allowReconnect). */
  end(error: string, allowReconnect?: boolean): void;
}

/** Which of a person's connections endUser ends, and whether their clients may come back. */
export interface EndUserOptions {
  /** Only the connections opened with these sessions (a logout); all of the person's when absent. */
  sessionIds?: readonly number[];
  /** Close with allowReconnect: the client reconnects at once and the new connection is checked afresh. */
  allowReconnect?: boolean;
}

type Delivery = (frame: string) => void;

export class HubLifetimeManager {
  private readonly connections = new Map<string, LifetimeConnection>();
  private readonly users = new Map<string, Set<string>>();
  private readonly groupMembers = new Map<string, Set<string>>();
  private readonly memberships = new Map<string, Set<string>>();
  /**
   * Connections negotiated but not connected yet (no transport, or a handshake under way), by user: endUser ends
   * them too, since a WebSocket that follows its negotiate is let in on the session read that negotiate made
   * (protocol/upgrade.ts). Their user's audience is watched on the backplane meanwhile, for endUser from elsewhere.
   */
  private readonly negotiated = new Map<string, Map<string, LifetimeConnection>>();
  /** Backplane messages received in the current turn, delivered once it ends (deliverInbox). */
  private inbox: BackplaneMessage[] = [];

  readonly clients: HubClients;
  readonly groups: GroupManager;
  readonly context: HubContext;

  constructor(
    readonly hub: string,
    private readonly backplane: Backplane,
    private readonly log?: FastifyBaseLogger,
  ) {
    this.clients = {
      all: this.proxy((frame) => this.sendAll(frame)),
      allExcept: (ids) => this.proxy((frame) => this.sendAll(frame, ids)),
      client: (id) => this.proxy((frame) => this.sendConnection(frame, id)),
      group: (name) => this.proxy((frame) => this.sendGroup(frame, name)),
      groupExcept: (name, ids) => this.proxy((frame) => this.sendGroup(frame, name, ids)),
      user: (userId) => this.proxy((frame) => this.sendUser(frame, String(userId))),
      users: (userIds) =>
        this.proxy((frame) => {
          for (const userId of new Set(userIds.map(String))) this.sendUser(frame, userId);
        }),
    };
    this.groups = {
      addToGroup: (connectionId, group) => this.addToGroup(connectionId, group),
      removeFromGroup: async (connectionId, group) => this.removeFromGroup(connectionId, group),
    };
    this.context = {
      clients: this.clients,
      groups: this.groups,
      localConnectionCount: (userId) =>
        userId === undefined ? this.connections.size : (this.users.get(String(userId))?.size ?? 0),
    };
  }

  /** Clients as seen from inside a hub method of `callerId`. */
  callerClients(callerId: string): HubCallerClients {
    return {
      ...this.clients,
      caller: this.proxy((frame) => this.sendConnection(frame, callerId)),
      others: this.proxy((frame) => this.sendAll(frame, [callerId])),
    };
  }

  /**
   * Local sends reach the connection at once; the promise resolves once the backplane confirmed its channels, so
   * messages other processes send from then on reach it too (the endpoint runs onConnected and the client's
   * invocations only after that, as ASP.NET's RedisHubLifetimeManager.OnConnectedAsync).
   */
  add(connection: LifetimeConnection): Promise<unknown> {
    const { connectionId, userId } = connection;
    this.connections.set(connectionId, connection);
    addMember(this.users, userId, connectionId);
    // The backplane counts references, so each connection subscribes its channels and waits for their confirmation,
    // a user's second tab included.
    return Promise.all([
      this.backplane.subscribe(this.hub, 'all'),
      this.backplane.subscribe(this.hub, 'user', userId),
      this.backplane.subscribe(this.hub, 'connection', connectionId),
    ]);
  }

  /** A connection was negotiated: endUser reaches it until it is added (connected) or gone (removeNegotiated). */
  addNegotiated(connection: LifetimeConnection): void {
    let mine = this.negotiated.get(connection.userId);
    if (!mine) this.negotiated.set(connection.userId, (mine = new Map()));
    mine.set(connection.connectionId, connection);
    void this.backplane.subscribe(this.hub, 'user', connection.userId);
  }

  removeNegotiated(connectionId: string, userId: string): void {
    const mine = this.negotiated.get(userId);
    if (!mine?.delete(connectionId)) return;
    if (mine.size === 0) this.negotiated.delete(userId);
    this.backplane.unsubscribe(this.hub, 'user', userId);
  }

  remove(connectionId: string): void {
    const connection = this.connections.get(connectionId);
    if (!connection) return;
    for (const group of this.memberships.get(connectionId) ?? []) this.leaveGroup(connectionId, group);
    this.memberships.delete(connectionId);
    removeMember(this.users, connection.userId, connectionId);
    this.connections.delete(connectionId);
    this.backplane.unsubscribe(this.hub, 'all');
    this.backplane.unsubscribe(this.hub, 'user', connection.userId);
    this.backplane.unsubscribe(this.hub, 'connection', connectionId);
  }

  /**
   * Ends the connections of a person on every process (a ban, a logout: `sessionIds` narrows it to those
   * sessions). Elsewhere it travels as a Close record addressed to the user, which the receiving process acts on
   * itself rather than writing it on: a client that ignored the record would otherwise stay connected.
   * Returns how many connections ended on this process.
   */
  endUser(userId: string, reason: string, options: EndUserOptions = {}): number {
    const close = { error: reason, allowReconnect: options.allowReconnect ?? false };
    const sessions = options.sessionIds ? [...options.sessionIds] : undefined;
    this.backplane.publish({
      hub: this.hub,
      scope: 'user',
      target: userId,
      frame: closeFrame(close),
      ...(sessions && { sessions }),
    });
    return (
      this.end(this.users.get(userId) ?? [], close, sessions) + this.endNegotiated(userId, close, sessions)
    );
  }

  /**
   * A message another process published: deliver it to the matching local connections. Plain sends that arrive in
   * one turn (one read of the backplane's stream during a burst) are delivered together, once it ends; anything
   * else (a Close that ends connections) is acted on at once, after what arrived before it.
   */
  receive(message: BackplaneMessage): void {
    if (message.hub !== this.hub) return;
    if (!joinable(message)) {
      this.deliverInbox();
      this.apply(message);
    } else if (this.inbox.push(message) === 1) {
      queueMicrotask(() => this.deliverInbox());
    }
  }

  /**
   * In arrival order; adjacent invocations for the same audience are joined into one write per connection (several
   * records in one WebSocket frame, which the protocol allows and clients split), as a burst sent on this process
   * leaves each socket in one writev: one write and one SharedFrame per connection and batch instead of per message.
   */
  private deliverInbox(): void {
    const messages = this.inbox;
    this.inbox = [];
    for (let first = 0; first < messages.length;) {
      const head = messages[first]!;
      let end = first + 1;
      let length = head.frame.length;
      while (end < messages.length && length < MAX_JOINED_CHARS && sameAudience(head, messages[end]!)) {
        length += messages[end]!.frame.length;
        end += 1;
      }
      const frame = end - first === 1 ? head.frame : joinFrames(messages, first, end);
      this.apply(end - first === 1 ? head : { ...head, frame });
      first = end;
    }
  }

  private apply(message: BackplaneMessage): void {
    const excluded = message.excluded;
    switch (message.scope) {
      case 'all':
        this.deliver(message.frame, this.connections.keys(), excluded);
        return;
      case 'group':
        if (message.target !== undefined) {
          this.deliver(message.frame, this.groupMembers.get(message.target) ?? [], excluded);
        }
        return;
      case 'user': {
        if (message.target === undefined) return;
        const members = this.users.get(message.target) ?? [];
        const closing = closeRecord(message.frame);
        if (closing === undefined) this.deliver(message.frame, members, excluded);
        else {
          this.end(members, closing, message.sessions);
          this.endNegotiated(message.target, closing, message.sessions);
        }
        return;
      }
      case 'connection':
        if (message.target !== undefined) this.deliver(message.frame, [message.target], excluded);
        return;
    }
  }

  // Published before the local writes, so the other processes write to their connections while this one does.
  private sendAll(frame: string, excluded?: readonly string[]): void {
    this.publish('all', frame, undefined, excluded);
    this.deliver(frame, this.connections.keys(), excluded);
  }

  /** A local connection is written to directly; any other id may live on another process. */
  private sendConnection(frame: string, connectionId: string): void {
    if (this.connections.has(connectionId)) this.deliver(frame, [connectionId]);
    else this.publish('connection', frame, connectionId);
  }

  private sendGroup(frame: string, group: string, excluded?: readonly string[]): void {
    this.publish('group', frame, group, excluded);
    this.deliver(frame, this.groupMembers.get(group) ?? [], excluded);
  }

  private sendUser(frame: string, userId: string): void {
    this.publish('user', frame, userId);
    this.deliver(frame, this.users.get(userId) ?? []);
  }

  private deliver(frame: string, ids: Iterable<string>, excluded?: readonly string[]): void {
    const skip = excluded && excluded.length > 0 ? new Set(excluded) : undefined;
    // Copy first: a write can close a connection, and closing edits these sets.
    const targets = [...ids];
    const shared = targets.length > 1 ? new SharedFrame(frame) : undefined;
    for (const id of targets) {
      if (skip?.has(id)) continue;
      const connection = this.connections.get(id);
      if (!connection) continue;
      try {
        connection.write(frame, shared);
      } catch (error) {
        this.log?.warn({ err: error, hub: this.hub }, 'hub write failed');
      }
    }
  }

  private end(ids: Iterable<string>, close: Close, sessions?: readonly number[]): number {
    // Copy first: ending a connection removes it from these sets.
    const targets = [...ids]
      .flatMap((id) => this.connections.get(id) ?? [])
      .filter((connection) => !sessions || sessions.includes(connection.sessionId ?? Number.NaN));
    for (const connection of targets) connection.end(close.error, close.allowReconnect);
    return targets.length;
  }

  private endNegotiated(userId: string, close: Close, sessions?: readonly number[]): number {
    const targets = [...(this.negotiated.get(userId)?.values() ?? [])].filter(
      (connection) => !sessions || sessions.includes(connection.sessionId ?? Number.NaN),
    );
    for (const connection of targets) connection.end(close.error, close.allowReconnect);
    return targets.length;
  }

  private publish(scope: BackplaneScope, frame: string, target?: string, excluded?: readonly string[]): void {
    this.backplane.publish({
      hub: this.hub,
      scope,
      ...(target !== undefined && { target }),
      ...(excluded && excluded.length > 0 && { excluded: [...excluded] }),
      frame,
    });
  }

  /** Serializes once per send, however many connections and processes it reaches. */
  private proxy(send: Delivery): ClientProxy {
    return {
      send: async (method, ...args) => send(invocationFrame(method, args)),
    };
  }

  /** Resolves once the group's channel is confirmed, so the caller hears the group's sends from other processes. */
  private async addToGroup(connectionId: string, group: string): Promise<void> {
    // Membership is kept by the process owning the connection; hubs only ever add their caller.
    if (!this.connections.has(connectionId)) {
      this.log?.debug({ hub: this.hub, group }, 'addToGroup for a connection not on this process ignored');
      return;
    }
    const groups = this.memberships.get(connectionId) ?? new Set<string>();
    if (groups.has(group)) return;
    groups.add(group);
    this.memberships.set(connectionId, groups);
    addMember(this.groupMembers, group, connectionId);
    await this.backplane.subscribe(this.hub, 'group', group);
  }

  private removeFromGroup(connectionId: string, group: string): void {
    const groups = this.memberships.get(connectionId);
    if (!groups?.delete(group)) return;
    this.leaveGroup(connectionId, group);
  }

  private leaveGroup(connectionId: string, group: string): void {
    if (removeMember(this.groupMembers, group, connectionId))
      this.backplane.unsubscribe(this.hub, 'group', group);
  }
}

interface Close {
  error: string;
  allowReconnect: boolean;
}

/** A joined frame stays a modest WebSocket frame however long the burst. */
const MAX_JOINED_CHARS = 64 * 1024;

/** Plain sends may be joined; a Close (endUser) is acted on, and session-scoped messages are rare. */
function joinable(message: BackplaneMessage): boolean {
  return !message.excluded && !message.sessions && closeRecord(message.frame) === undefined;
}

/** Both joinable already (only joinable messages wait in the inbox). */
function sameAudience(head: BackplaneMessage, next: BackplaneMessage): boolean {
  return next.scope === head.scope && next.target === head.target;
}

function joinFrames(messages: readonly BackplaneMessage[], first: number, end: number): string {
  let frame = '';
  for (let i = first; i < end; i++) frame += messages[i]!.frame;
  return frame;
}

/** The error and allowReconnect of a Close record sent by endUser; undefined for any other frame. */
function closeRecord(frame: string): Close | undefined {
  // Invocations are by far the most frequent frames: skip parsing them.
  if (!frame.startsWith(`{"type":${MessageType.Close}`)) return undefined;
  try {
    const record = JSON.parse(frame.slice(0, -RECORD_SEPARATOR.length)) as {
      type?: unknown;
      error?: unknown;
      allowReconnect?: unknown;
    };
    if (record.type !== MessageType.Close) return undefined;
    return {
      error: typeof record.error === 'string' ? record.error : '',
      allowReconnect: record.allowReconnect === true,
    };
  } catch {
    return undefined;
  }
}

function addMember(index: Map<string, Set<string>>, key: string, member: string): void {
  const members = index.get(key);
  if (members) members.add(member);
  else index.set(key, new Set([member]));
}

/** Removes `member` under `key`; true when it was there (its group subscription is released once per member). */
function removeMember(index: Map<string, Set<string>>, key: string, member: string): boolean {
  const members = index.get(key);
  if (!members?.delete(member)) return false;
  if (members.size === 0) index.delete(key);
  return true;
}
