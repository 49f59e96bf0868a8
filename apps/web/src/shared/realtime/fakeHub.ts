import type { HubFactory, HubLike } from './hubClient';

type Handler = (...args: unknown[]) => void;

export interface Invocation {
  method: string;
  args: unknown[];
}

/**
 * A stand-in for a SignalR connection in tests: records what the page invokes and lets the test play the
 * server (push events, drop and restore the connection). Event names match case-insensitively, as SignalR's do.
 */
export class FakeHub implements HubLike {
  readonly invocations: Invocation[] = [];
  started = 0;
  stopped = false;
  /** Answers invocations; by default every call succeeds with no result. */
  onInvoke: (method: string, args: unknown[]) => unknown = () => undefined;
  /** Makes the next start() calls fail while > 0. */
  failStarts = 0;
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly reconnecting: ((error?: Error) => void)[] = [];
  private readonly reconnected: ((id?: string) => void)[] = [];
  private readonly closed: ((error?: Error) => void)[] = [];

  constructor(readonly path: string) {}

  async start(): Promise<void> {
    this.started += 1;
    if (this.failStarts > 0) {
      this.failStarts -= 1;
      throw new Error('Failed to connect');
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
  }

  async invoke<T>(method: string, ...args: unknown[]): Promise<T> {
    this.invocations.push({ method, args });
    return (await this.onInvoke(method, args)) as T;
  }

  on(event: string, handler: Handler): void {
    const key = event.toLowerCase();
    if (!this.handlers.has(key)) this.handlers.set(key, new Set());
    this.handlers.get(key)?.add(handler);
  }

  off(event: string, handler: Handler): void {
    this.handlers.get(event.toLowerCase())?.delete(handler);
  }

  onreconnecting(callback: (error?: Error) => void): void {
    this.reconnecting.push(callback);
  }

  onreconnected(callback: (id?: string) => void): void {
    this.reconnected.push(callback);
  }

  onclose(callback: (error?: Error) => void): void {
    this.closed.push(callback);
  }

  /** The server pushes `event`. */
  emit(event: string, ...args: unknown[]): void {
    this.handlers.get(event.toLowerCase())?.forEach((handler) => handler(...args));
  }

  listenerCount(event: string): number {
    return this.handlers.get(event.toLowerCase())?.size ?? 0;
  }

  /** The connection drops; automatic reconnect is trying. */
  dropConnection(): void {
    this.reconnecting.forEach((callback) => callback(new Error('Connection lost')));
  }

  /** Automatic reconnect succeeded. */
  restoreConnection(): void {
    this.reconnected.forEach((callback) => callback('reconnected-id'));
  }

  /** Automatic reconnect gave up. */
  close(error?: Error): void {
    this.closed.forEach((callback) => callback(error));
  }

  calls(method: string): unknown[][] {
    return this.invocations.filter((call) => call.method === method).map((call) => call.args);
  }
}

/**
 * A factory that hands out FakeHubs and remembers them, newest last, with the token each one got.
 * `configure` prepares each new hub before the page starts it (for example to make its start fail).
 */
export function fakeHubFactory(configure?: (hub: FakeHub) => void) {
  const hubs: FakeHub[] = [];
  const tokens: (string | null)[] = [];
  const factory: HubFactory = (path, getToken) => {
    const hub = new FakeHub(path);
    configure?.(hub);
    hubs.push(hub);
    tokens.push(getToken());
    return hub;
  };
  /** The newest live connection to `path`. */
  const hub = (path: string): FakeHub | undefined =>
    [...hubs].reverse().find((candidate) => candidate.path === path && !candidate.stopped);
  return { factory, hubs, tokens, hub };
}
