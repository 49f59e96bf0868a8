import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Limiter } from '../../services/images/limiter.js';
import type { Presence } from '../../services/presence/index.js';
import type { HubMetrics, HubRefusal } from '../../services/metrics/index.js';
import type { Authenticated } from '../../modules/account/session.service.js';
import {
  HubException,
  type HubCallerContext,
  type HubDefinition,
  type HubInvocation,
  type HubMethod,
} from '../hub.js';
import type { HubLifetimeManager, LifetimeConnection } from '../lifetime.js';
import {
  ServerConnection,
  type ConnectionHost,
  type HubInvocationMessage,
  type TransportKind,
} from './connection.js';
import { completionFrame, errorTexts } from './framing.js';
import type { HubTiming } from './timing.js';

/** 16 random bytes in base64url, as ASP.NET: the client puts tokens into `?id=` without URL-encoding them. */
function newId(): string {
  return randomBytes(16).toString('base64url');
}

/** What every hub of the process shares about running invocations (realtime/index.ts). */
export interface InvocationAdmission {
  /** A few invocations run at once, process-wide; a connection's next one waits at the back of the line. */
  turns: Limiter;
  /**
   * Invocations received and waiting behind their connection's current one (each connection runs one at a time),
   * all connections together: with `turns`, how many more are on their way (frame gathering, gather.ts).
   */
  lined: { count: number };
  /** True while the process sheds load: invocations are refused with a readable error instead of run. */
  shedding(): boolean;
  metrics: HubMetrics;
}

export interface ConnectionInfo {
  connectionId: string;
  userId: number;
  sessionId: number;
  /** The role read when the connection was opened. */
  role: Authenticated['user']['role'];
  transport: TransportKind | undefined;
}

/**
 * One hub mounted at its path: its own connection table (a token from another hub is unknown here), method
 * dispatch with ASP.NET's error texts, and the hub's lifecycle hooks.
 */
export class HubEndpoint implements ConnectionHost {
  private readonly byToken = new Map<string, ServerConnection>();
  private readonly byId = new Map<string, ServerConnection>();
  private readonly methods = new Map<string, HubMethod>();
  private readonly invocations = new WeakMap<ServerConnection, HubInvocation>();

  constructor(
    readonly definition: HubDefinition,
    readonly lifetime: HubLifetimeManager,
    readonly timing: HubTiming,
    private readonly log: FastifyBaseLogger,
    private readonly admission: InvocationAdmission,
    /** Set for the hubs whose pages show notifications: their connections make the person online. */
    private readonly presence?: Presence,
  ) {
    for (const [name, method] of Object.entries(definition.methods)) {
      this.methods.set(name.toLowerCase(), method);
    }
  }

  get path(): string {
    return this.definition.path;
  }

  /**
   * Negotiate v0 clients use the public id as their token (docs/realtime.md#negotiate); v1 gets a separate secret.
   * `statefulReconnect`: the negotiate answer offers it (docs/realtime.md#stateful-reconnect).
   */
  create(
    { user, sessionId }: Authenticated,
    negotiateVersion: number,
    statefulReconnect = false,
    /** credentialOf() the bearer token that negotiated: its first WebSocket needs no second session read. */
    credential?: string,
    say?: (text: string) => string,
  ): ServerConnection {
    const connectionId = newId();
    const token = negotiateVersion >= 1 ? newId() : connectionId;
    const connection = new ServerConnection(
      connectionId,
      token,
      user,
      sessionId,
      this,
      statefulReconnect,
      say,
    );
    connection.credential = credential;
    this.byToken.set(token, connection);
    this.byId.set(connectionId, connection);
    this.lifetime.addNegotiated(this.lifetimeEntry(connection));
    return connection;
  }

  find(token: string): ServerConnection | undefined {
    return this.byToken.get(token);
  }

  findById(connectionId: string): ServerConnection | undefined {
    return this.byId.get(connectionId);
  }

  list(): ConnectionInfo[] {
    return [...this.byId.values()]
      .filter((connection) => !connection.isClosed)
      .map((connection) => ({
        connectionId: connection.connectionId,
        userId: connection.user.id,
        sessionId: connection.sessionId,
        role: connection.user.role,
        transport: connection.transport?.kind,
      }));
  }

  /** `late`: the scan itself ran late (a stalled event loop), so what clients sent meanwhile is still unread. */
  scan(now: number, late = false): void {
    for (const connection of this.byToken.values()) connection.scan(now, late);
  }

  /** Process shutdown: ask clients to come back (to another process), then wait for the transports to go. */
  async shutdown(graceMs: number): Promise<void> {
    const connections = [...this.byToken.values()];
    for (const connection of connections) connection.close({ allowReconnect: true });
    const deadline = Date.now() + graceMs;
    while (this.byToken.size > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    for (const connection of this.byToken.values()) connection.terminate();
    this.byToken.clear();
    this.byId.clear();
  }

  async connected(connection: ServerConnection): Promise<void> {
    // Awaited before onConnected and the client's first invocation: once a client's invoke is answered, sends from
    // other processes reach it (a send published before the subscription is confirmed would be lost).
    const subscribed = this.lifetime.add(this.lifetimeEntry(connection));
    this.lifetime.removeNegotiated(connection.connectionId, String(connection.user.id));
    this.presence?.connected(connection.user.id, connection.connectionId);
    await subscribed;
    await this.definition.onConnected?.(this.invocationFor(connection));
  }

  async invoke(connection: ServerConnection, message: HubInvocationMessage): Promise<string | undefined> {
    const { target, invocationId } = message;
    const answer = (outcome: { result: unknown } | { error: string }) =>
      invocationId ? completionFrame(invocationId, outcome, target) : undefined;
    const method = this.methods.get(target.toLowerCase());
    if (!method) return answer({ error: errorTexts.methodDoesNotExist(target) });
    if (message.type === 4) return answer({ error: errorTexts.streamingMismatch(target) });
    // Upload streams are not supported, so an invocation that names streams cannot bind either.
    const counts = typeof method.argCount === 'number' ? [method.argCount] : method.argCount;
    if (!counts.includes(message.arguments.length) || (message.streamIds?.length ?? 0) > 0) {
      return answer({ error: errorTexts.invocationFailed(target) });
    }
    const { metrics } = this.admission;
    const started = metrics.enabled ? performance.now() : 0;
    const finished = (outcome: 'ok' | 'error') => {
      if (metrics.enabled)
        metrics.invoked(this.definition.name, outcome, (performance.now() - started) / 1000);
    };
    try {
      const result = await method.handler(this.invocationFor(connection), ...message.arguments);
      finished('ok');
      return answer({ result });
    } catch (error) {
      finished('error');
      if (error instanceof HubException || (error instanceof Error && error.name === 'HubException')) {
        return answer({ error: errorTexts.hubException(target, connection.say(error.message)) });
      }
      this.log.error({ err: error, hub: this.definition.name, method: target }, 'hub method failed');
      return answer({ error: errorTexts.unexpectedError(target) });
    }
  }

  turn(task: () => Promise<void>): Promise<void> {
    // Started from a fresh macrotask: a slot handed over as a microtask would let a long line of invocations on
    // the embedded database run back to back without ever letting timers, sockets or the load monitor in.
    return this.admission.turns.run(() => new Promise((resolve) => setImmediate(resolve)).then(task));
  }

  shedding(): boolean {
    return this.admission.shedding();
  }

  lined(change: number): void {
    this.admission.lined.count += change;
  }

  refused(reason: HubRefusal): void {
    this.admission.metrics.refused(this.definition.name, reason);
  }

  async disconnected(connection: ServerConnection, error?: Error): Promise<void> {
    // Leaving the lifetime manager first means nothing is routed to the dead connection while the hook runs,
    // and a late addToGroup from a still-running onConnected cannot re-add it.
    this.lifetime.remove(connection.connectionId);
    this.presence?.disconnected(connection.user.id, connection.connectionId);
    await connection.idle();
    await this.definition.onDisconnected?.(this.invocationFor(connection), error);
  }

  released(connection: ServerConnection): void {
    this.lifetime.removeNegotiated(connection.connectionId, String(connection.user.id));
    if (this.byToken.get(connection.token) === connection) this.byToken.delete(connection.token);
    if (this.byId.get(connection.connectionId) === connection) this.byId.delete(connection.connectionId);
  }

  reportError(error: unknown, message: string): void {
    this.log.warn({ err: error, hub: this.definition.name }, message);
  }

  private lifetimeEntry(connection: ServerConnection): LifetimeConnection {
    return {
      connectionId: connection.connectionId,
      userId: String(connection.user.id),
      sessionId: connection.sessionId,
      write: (frame, shared) => connection.write(frame, shared),
      end: (error, allowReconnect = false) => connection.close({ error, allowReconnect }),
    };
  }

  private invocationFor(connection: ServerConnection): HubInvocation {
    let invocation = this.invocations.get(connection);
    if (!invocation) {
      const context: HubCallerContext = {
        connectionId: connection.connectionId,
        user: connection.user,
        sessionId: connection.sessionId,
        items: connection.items,
        abort: (reason?: string) => connection.close(reason ? { error: reason } : {}),
        say: connection.say,
      };
      invocation = {
        context,
        clients: this.lifetime.callerClients(connection.connectionId),
        groups: this.lifetime.groups,
      };
      this.invocations.set(connection, invocation);
    }
    return invocation;
  }
}
