/**
 * Which Redis channels the backplane's subscriber connection listens to, kept here rather than in ioredis, and
 * when Redis has confirmed them (docs/realtime.md#scale-out).
 *
 * Why not ioredis's own bookkeeping (`autoResubscribe`): a SUBSCRIBE written while ioredis is still in its
 * connection handshake puts the connection into subscriber mode before the handshake's INFO (ready check) goes
 * out; Redis refuses the INFO, ioredis reconnects, and because the connection never reached 'ready' it forgets the
 * channels it had just subscribed (redis/ioredis#2037, 5.8.2 and later). Under CPU load that lost a process its
 * `all` channel for good while every command had "succeeded". So commands go only while the connection is ready,
 * and every (re)connect subscribes the whole map again.
 *
 * Changes made in one turn of the event loop (a burst of connections) go out as one SUBSCRIBE and one UNSUBSCRIBE.
 * A subscribe resolves once Redis confirmed the channel, so a hub connection is only counted as joined when
 * messages for it can reach it; while Redis is away it resolves at once (fire-and-forget, as SignalR's backplane)
 * and at most SUBSCRIBE_WAIT_MS later in any case.
 */
import type { Redis } from 'ioredis';

/** How long a new connection waits for Redis to confirm its channels before it is counted as joined anyway. */
export const SUBSCRIBE_WAIT_MS = 2_000;

/** Channels per SUBSCRIBE command: a reconnect with 10,000 connections re-subscribes in a few commands. */
const CHANNELS_PER_COMMAND = 1_000;

interface Waiter {
  promise: Promise<void>;
  resolve(): void;
}

function waiter(): Waiter {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/** The promise, but settled (never rejected) after `ms` at the latest. */
function bounded(promise: Promise<unknown>, ms: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref();
    void promise.finally(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export class RedisSubscriptions<Info> {
  private readonly channels = new Map<string, { info: Info; count: number; confirmed: Promise<void> }>();
  /** Channels added or removed since the last flush; their final state is read from `channels` at flush time. */
  private changed = new Set<string>();
  private nextFlush: Promise<void> | undefined;
  /** Commands Redis has not answered yet (settled() waits for them). */
  private readonly pending = new Set<Promise<unknown>>();
  /** Set while a fresh connection's re-subscription is due or running; resolved when Redis confirmed it. */
  private resubscribed: Waiter | undefined = waiter();
  private wasReady = false;
  private closed = false;

  constructor(
    private readonly subscriber: Redis,
    private readonly onCommandFailed: (err: unknown) => void,
  ) {
    subscriber.on('ready', () => this.subscribeAll());
    subscriber.on('close', () => {
      if (!this.closed) this.resubscribed ??= waiter();
    });
  }

  /** What subscribe() was given for the channel, while at least one subscriber holds it. */
  info(channel: string): Info | undefined {
    return this.channels.get(channel)?.info;
  }

  /** Reference-counted; resolves when Redis confirmed the channel (bounded: see the file comment). */
  subscribe(channel: string, info: Info): Promise<void> {
    if (this.closed) return Promise.resolve();
    const existing = this.channels.get(channel);
    if (existing) {
      existing.count += 1;
      return existing.confirmed;
    }
    const entry = { info, count: 1, confirmed: Promise.resolve() };
    this.channels.set(channel, entry);
    entry.confirmed = this.ready() ? this.change(channel) : this.untilResubscribed();
    return entry.confirmed;
  }

  unsubscribe(channel: string): void {
    if (this.closed) return;
    const existing = this.channels.get(channel);
    if (!existing) return;
    existing.count -= 1;
    if (existing.count > 0) return;
    this.channels.delete(channel);
    // While not ready nothing is subscribed on the connection that is coming: nothing to undo.
    if (this.ready()) void this.change(channel);
  }

  /** Resolves once Redis answered every command issued so far, and the current connection is re-subscribed. */
  async settled(): Promise<void> {
    for (;;) {
      if (this.closed) return;
      if (this.nextFlush) await this.nextFlush;
      else if (this.resubscribed) await this.resubscribed.promise;
      else if (this.pending.size > 0) await Promise.all([...this.pending]);
      else return;
    }
  }

  close(): void {
    this.closed = true;
    this.channels.clear();
    this.changed.clear();
    this.resubscribed?.resolve();
  }

  private ready(): boolean {
    return this.subscriber.status === 'ready';
  }

  /** While Redis is known to be away, a new subscriber does not wait; before the first connect it does, briefly. */
  private untilResubscribed(): Promise<void> {
    if (this.wasReady || !this.resubscribed) return Promise.resolve();
    return bounded(this.resubscribed.promise, SUBSCRIBE_WAIT_MS);
  }

  private change(channel: string): Promise<void> {
    this.changed.add(channel);
    this.nextFlush ??= new Promise<void>((resolve) =>
      // setImmediate rather than a microtask: the connections of one burst arrive in separate I/O callbacks.
      setImmediate(() => {
        this.nextFlush = undefined;
        const channels = [...this.changed];
        this.changed.clear();
        resolve(bounded(this.flush(channels), SUBSCRIBE_WAIT_MS));
      }),
    );
    return this.nextFlush;
  }

  private flush(channels: readonly string[]): Promise<unknown> {
    // Not ready any more: the next 'ready' subscribes the whole map.
    if (this.closed || !this.ready()) return Promise.resolve();
    const on = channels.filter((channel) => this.channels.has(channel));
    const off = channels.filter((channel) => !this.channels.has(channel));
    return Promise.all([
      ...chunks(on, CHANNELS_PER_COMMAND).map((some) => this.track(this.subscriber.subscribe(...some))),
      ...chunks(off, CHANNELS_PER_COMMAND).map((some) => this.track(this.subscriber.unsubscribe(...some))),
    ]);
  }

  /** A fresh connection (the first, or after a drop) has no channels: subscribe every one the map holds. */
  private subscribeAll(): void {
    if (this.closed) return;
    this.wasReady = true;
    const done = this.resubscribed ?? waiter();
    this.resubscribed = undefined;
    const all = [...this.channels.keys()];
    const confirmed = Promise.all(
      chunks(all, CHANNELS_PER_COMMAND).map((some) => this.track(this.subscriber.subscribe(...some))),
    ).then(() => undefined);
    for (const entry of this.channels.values()) entry.confirmed = confirmed;
    void confirmed.then(done.resolve);
  }

  private track(command: Promise<unknown>): Promise<void> {
    const settled = command.then(
      () => undefined,
      (err: unknown) => this.onCommandFailed(err),
    );
    this.pending.add(settled);
    void settled.finally(() => this.pending.delete(settled));
    return settled;
  }
}
