/**
 * The reading side of the Redis backplane (docs/realtime.md#scale-out, decision 0021): one dedicated connection
 * per process reads the backplane stream with XREAD BLOCK, from the id after the last entry it read. A dropped
 * connection therefore loses nothing: the next read after the reconnect starts where the last one ended.
 *
 * Where a read starts after a reconnect:
 * - the same Redis (same run id): after the last entry read, but no earlier than the catch-up window;
 * - a Redis that restarted or was replaced (run id changed), or a stream whose newest entry is older than the last
 *   one read (recreated on a clock that went back): the start of the window on that Redis's clock. Publishers send
 *   what they kept again after a restart, so what the old stream held is found there too;
 * - the very first connect: after the stream's newest entry; a process that just started has no connections that
 *   could want anything published before.
 * Copies (a publisher sent a message again because Redis's answer was lost) are skipped by the publisher's
 * sequence number, so each message is delivered once and, per publisher, in order.
 */
import type { Redis } from 'ioredis';
import { decodeEnvelope, type Envelope } from './envelope.js';
import { compareStreamIds, redisServerClock } from './redis-stream.js';

/** Entries per read: a burst is delivered in batches this size, each in one turn of the event loop. */
const ENTRIES_PER_READ = 1_000;
/** How long one blocking read waits for entries before it returns empty and the next one starts. */
export const READ_BLOCK_MS = 5_000;
/**
 * A read that has not returned this long after its block ended went to a connection that died without a word (no
 * reset reached us): TCP alone would notice only after many minutes, so the reader drops the socket and reconnects.
 */
const READ_GRACE_MS = 3_000;
const RETRY_MS = 1_000;
/** A publisher not heard from for this long is forgotten (processes get a new id at each start). */
const FORGET_PUBLISHER_MS = 60 * 60_000;

type StreamEntry = [id: string, fields: string[]];

export interface StreamReaderOptions {
  reader: Redis;
  stream: string;
  serverId: string;
  catchUpMs: number;
  /** READ_BLOCK_MS unless a test needs a silent connection noticed sooner. */
  blockMs?: number;
  /** Whether this process has connections the audience reaches now; an entry for no one here is only counted. */
  wanted(audience: string): boolean;
  deliver(envelope: Envelope): void;
  warn(obj: object, msg: string): void;
}

export class BackplaneStreamReader {
  /** The id of the last entry read; reads continue after it. */
  private position: string | undefined;
  private runId: string | undefined;
  private reading = false;
  private readonly lastSeq = new Map<string, { seq: number; at: number }>();
  private lastForgotten = Date.now();
  private waiters: Array<() => void> = [];
  private closed = false;

  constructor(private readonly options: StreamReaderOptions) {
    options.reader.on('ready', () => this.changed());
    options.reader.on('close', () => {
      this.reading = false;
      this.changed();
    });
    void this.loop();
  }

  /** True while reads go on; false from a dropped connection until reading has resumed. */
  isReading(): boolean {
    return this.reading && !this.closed;
  }

  /** True once the first read had a place to start: messages published from then on will be read. */
  hasStarted(): boolean {
    return this.position !== undefined;
  }

  /** Resolves once the reader reads (again), or on close. */
  async untilReading(): Promise<void> {
    while (!this.closed && !this.reading) await this.nextChange();
  }

  close(): void {
    this.closed = true;
    this.changed();
  }

  private async loop(): Promise<void> {
    const { reader } = this.options;
    while (!this.closed) {
      if (reader.status !== 'ready') {
        await this.nextChange();
        continue;
      }
      const blockMs = this.options.blockMs ?? READ_BLOCK_MS;
      const silent = setTimeout(() => {
        this.options.warn({}, 'redis backplane: Redis stopped answering the reader; reconnecting');
        reader.stream.destroy();
      }, blockMs + READ_GRACE_MS);
      silent.unref();
      try {
        if (!this.reading) await this.resume();
        const reply = (await reader.xread(
          'COUNT',
          ENTRIES_PER_READ,
          'BLOCK',
          blockMs,
          'STREAMS',
          this.options.stream,
          this.position as string,
        )) as Array<[string, StreamEntry[]]> | null;
        if (reply && !this.closed) this.take(reply[0]?.[1] ?? []);
      } catch (err) {
        clearTimeout(silent);
        this.reading = false;
        // A dropped connection is reported by the connection itself; anything else while connected is odd enough
        // to say, and to wait a moment before trying again.
        if (this.closed || reader.status !== 'ready') continue;
        this.options.warn({ err }, 'redis backplane: reading the stream failed; trying again');
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS).unref());
      } finally {
        clearTimeout(silent);
      }
    }
  }

  /** Decides where reading continues on this connection (see the file comment). */
  private async resume(): Promise<void> {
    const { reader, stream, catchUpMs } = this.options;
    const [clock, newest] = await Promise.all([
      redisServerClock(reader),
      reader.xrevrange(stream, '+', '-', 'COUNT', 1) as Promise<StreamEntry[]>,
    ]);
    const newestId = newest[0]?.[0] ?? '0-0';
    const windowStart = `${Math.max(0, Date.now() + clock.offsetMs - catchUpMs)}-0`;
    if (this.position === undefined) {
      this.position = newestId;
    } else if (clock.runId !== this.runId || compareStreamIds(newestId, this.position) < 0) {
      this.position = windowStart;
    } else if (compareStreamIds(this.position, windowStart) < 0) {
      this.position = windowStart;
    }
    this.runId = clock.runId;
    this.reading = reader.status === 'ready';
    this.changed();
  }

  private take(entries: readonly StreamEntry[]): void {
    const { serverId, wanted, deliver } = this.options;
    const now = Date.now();
    for (const [id, fields] of entries) {
      this.position = id;
      // Own messages were delivered locally already (decision 0005); the origin is written first.
      if (fields[0] === 'o' && fields[1] === serverId) continue;
      let envelope: Envelope;
      try {
        envelope = decodeEnvelope(fields);
      } catch (err) {
        this.options.warn({ err, id }, 'redis backplane: unreadable message ignored');
        continue;
      }
      const last = this.lastSeq.get(envelope.origin);
      if (last && envelope.seq <= last.seq) continue;
      this.lastSeq.set(envelope.origin, { seq: envelope.seq, at: now });
      if (!wanted(envelope.audience)) continue;
      try {
        deliver(envelope);
      } catch (err) {
        this.options.warn({ err, id }, 'redis backplane: message handler failed');
      }
    }
    if (now - this.lastForgotten > FORGET_PUBLISHER_MS) {
      this.lastForgotten = now;
      for (const [origin, last] of this.lastSeq) {
        if (now - last.at > FORGET_PUBLISHER_MS) this.lastSeq.delete(origin);
      }
    }
  }

  private nextChange(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private changed(): void {
    for (const wake of this.waiters.splice(0)) wake();
  }
}
