/**
 * The publishing side of the Redis backplane (docs/realtime.md#scale-out, decision 0021). Each message gets this
 * process's next sequence number and is appended to the backplane stream, and stays in memory for the catch-up
 * window, so neither a dropped connection nor a Redis that restarted empty loses it:
 * - while the publisher is away, messages wait here and go out, in order, once it is back;
 * - after a reconnect, every message Redis has not confirmed goes out again; one that had reached Redis is then in
 *   the stream twice, and readers skip the copy by its sequence number;
 * - after Redis restarted (its run id changed) everything kept goes out again: readers may not have read what the
 *   old stream held when it went, and they skip what they had.
 * A message older than the window is dropped instead: delivered that late it could overwrite newer state a page has
 * fetched since (decision 0005).
 */
import type { Redis } from 'ioredis';
import { encodeEnvelope, type Envelope } from './envelope.js';
import { redisServerClock } from './redis-stream.js';

/** Messages kept at most, whatever the window: the process's memory stays bounded under any burst. */
export const MAX_KEPT = 20_000;

const RETRY_MS = 1_000;
/**
 * The stream expires this long after the window once nobody appends: no installation or test run leaves one behind.
 * Renewed at most once a second per process, not with every message.
 */
const EXPIRE_AFTER_WINDOW_MS = 60_000;
const RENEW_EVERY_MS = 1_000;

interface Outgoing {
  readonly fields: string[];
  readonly at: number;
  /** Redis confirmed it since the last restart of Redis. */
  confirmed: boolean;
  /** XADDs of it still unanswered. */
  attempts: number;
  /** Waited for Redis longer than the window: not sent again. */
  dropped: boolean;
}

export interface OutboxOptions {
  publisher: Redis;
  stream: string;
  serverId: string;
  catchUpMs: number;
  warn(obj: object, msg: string): void;
}

export class BackplaneOutbox {
  private readonly kept: Outgoing[] = [];
  /** Index of the oldest kept message: removing from the front of a long array would copy it each time. */
  private head = 0;
  private nextSeq = 1;
  private up = false;
  private runId: string | undefined;
  private clockOffsetMs = 0;
  /** Counts reconnects, so a recovery that a newer one overtook stops. */
  private recoveries = 0;
  private unconfirmed = 0;
  private renewedAt = 0;
  private waiters: Array<() => void> = [];
  private closed = false;

  constructor(private readonly options: OutboxOptions) {
    const { publisher } = options;
    publisher.on('ready', () => void this.recover());
    publisher.on('close', () => this.down());
    if (publisher.status === 'ready') void this.recover();
  }

  publish(message: Omit<Envelope, 'origin' | 'seq'>): void {
    if (this.closed) return;
    const outgoing: Outgoing = {
      fields: encodeEnvelope({ ...message, origin: this.options.serverId, seq: this.nextSeq++ }),
      at: Date.now(),
      confirmed: false,
      attempts: 0,
      dropped: false,
    };
    this.forgetOld(outgoing.at);
    this.kept.push(outgoing);
    this.unconfirmed += 1;
    if (this.up) this.send(outgoing);
  }

  /** Resolves once Redis is connected and has confirmed every message published so far. */
  async settled(): Promise<void> {
    while (!this.closed && !(this.up && this.unconfirmed === 0)) {
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  /** Waits, at most `ms`, for messages already on their way: a send just before shutdown still reaches the others. */
  async close(ms: number): Promise<void> {
    if (this.up && this.unconfirmed > 0) {
      await Promise.race([this.settled(), new Promise((resolve) => setTimeout(resolve, ms).unref())]);
    }
    this.closed = true;
    this.kept.length = 0;
    this.head = 0;
    this.changed();
  }

  private down(): void {
    this.up = false;
    this.recoveries += 1;
  }

  /** A (re)connect: learn which Redis this is, then send again what it may lack, in publish order. */
  private async recover(): Promise<void> {
    const recovery = ++this.recoveries;
    const { publisher } = this.options;
    let clock;
    try {
      clock = await redisServerClock(publisher);
    } catch (err) {
      if (recovery !== this.recoveries || this.closed) return;
      this.options.warn({ err }, 'redis backplane: cannot tell which Redis answers; trying again');
      setTimeout(() => recovery === this.recoveries && void this.recover(), RETRY_MS).unref();
      return;
    }
    if (recovery !== this.recoveries || this.closed || publisher.status !== 'ready') return;
    const restarted = this.runId !== undefined && clock.runId !== this.runId;
    this.runId = clock.runId;
    this.clockOffsetMs = clock.offsetMs;
    this.forgetOld(Date.now());
    // Every message kept is inside the window now.
    for (let i = this.head; i < this.kept.length; i++) {
      const outgoing = this.kept[i]!;
      if (outgoing.dropped) continue;
      if (restarted && outgoing.confirmed) {
        outgoing.confirmed = false;
        this.unconfirmed += 1;
      }
      if (!outgoing.confirmed) this.send(outgoing);
    }
    this.up = true;
    this.changed();
  }

  private send(outgoing: Outgoing): void {
    outgoing.attempts += 1;
    // Trimmed by age on Redis's clock, so the stream holds about the catch-up window and no more.
    const oldest = Date.now() + this.clockOffsetMs - this.options.catchUpMs;
    this.options.publisher
      .xadd(this.options.stream, 'MINID', '~', String(Math.max(0, oldest)), '*', ...outgoing.fields)
      .then(
        () => {
          if (!outgoing.confirmed && !outgoing.dropped) this.settle();
          outgoing.confirmed = true;
        },
        (err: unknown) => {
          // Another attempt may still succeed (ioredis resending on a shared connection).
          if (outgoing.attempts > 1 || outgoing.confirmed || outgoing.dropped || !this.up) return;
          // Sending on would put later messages in the stream before this one, and readers skip a message
          // numbered below one they had. So stop, and send it again with everything after it, in order: at the
          // reconnect if the connection dropped, else (Redis loading, out of memory…) a moment later, until the
          // window ends.
          this.down();
          this.options.warn({ err }, 'redis backplane: appending a hub message failed; sending again');
          const recovery = this.recoveries;
          setTimeout(() => {
            if (recovery === this.recoveries && this.options.publisher.status === 'ready')
              void this.recover();
          }, RETRY_MS).unref();
        },
      )
      .finally(() => {
        outgoing.attempts -= 1;
      });
    const now = Date.now();
    if (now - this.renewedAt >= RENEW_EVERY_MS) {
      this.renewedAt = now;
      const { publisher, stream, catchUpMs } = this.options;
      publisher.pexpire(stream, catchUpMs + EXPIRE_AFTER_WINDOW_MS).catch(() => undefined);
    }
  }

  private giveUp(outgoing: Outgoing): void {
    outgoing.dropped = true;
    this.settle();
  }

  private settle(): void {
    this.unconfirmed -= 1;
    if (this.unconfirmed === 0) this.changed();
  }

  /** Messages past the window, and beyond MAX_KEPT, are not kept: a later restart of Redis will not resend them. */
  private forgetOld(now: number): void {
    while (this.head < this.kept.length) {
      const oldest = this.kept[this.head]!;
      const expired = now - oldest.at > this.options.catchUpMs;
      if (!expired && this.kept.length - this.head < MAX_KEPT) break;
      if (!oldest.confirmed && !oldest.dropped) {
        // Not sent again from now on, and settled() does not wait for it; one still on its way may yet arrive.
        if (oldest.attempts === 0) {
          this.options.warn(
            {},
            'redis backplane: hub message dropped, Redis away for longer than the window',
          );
        }
        this.giveUp(oldest);
      }
      this.head += 1;
    }
    if (this.head > 1_024 && this.head * 2 > this.kept.length) {
      this.kept.splice(0, this.head);
      this.head = 0;
    }
  }

  private changed(): void {
    for (const wake of this.waiters.splice(0)) wake();
  }
}
