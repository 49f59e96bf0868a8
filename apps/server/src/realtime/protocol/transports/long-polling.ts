import type { ServerResponse } from 'node:http';
import type { ServerConnection, TransportSink } from '../connection.js';
import type { HubTiming } from '../timing.js';

export interface PollAnswer {
  status: 200 | 204;
  body: string;
}

interface PendingPoll {
  answer(result: PollAnswer): void;
  timer: NodeJS.Timeout;
}

const EMPTY: PollAnswer = { status: 200, body: '' };
const TERMINATED: PollAnswer = { status: 204, body: '' };

/**
 * Long polling (docs/realtime.md#transports): records wait here until the client's next poll collects them all at once. A poll
 * with nothing to collect is held up to longPollTimeoutMs; 204 tells the client the connection is over.
 * Between polls the connection is idle; a client that stops polling for disconnectTimeoutMs is gone.
 */
export class LongPollingSink implements TransportSink {
  readonly kind = 'LongPolling' as const;
  private queued: string[] = [];
  private pending: PendingPoll | undefined;
  private ended = false;
  private lastPollAt = Date.now();

  constructor(
    private readonly connection: ServerConnection,
    private readonly timing: HubTiming,
  ) {}

  write(data: string): void {
    if (this.ended) return;
    this.queued.push(data);
    this.flush();
  }

  /** What was queued (a Close record, a handshake error) still goes out on the next poll; the one after gets 204. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.flush();
  }

  terminate(): void {
    this.stop();
  }

  /** DELETE: the client stopped; a poll still waiting ends with 204. */
  stop(): void {
    this.ended = true;
    this.queued = [];
    if (this.pending) this.answer(TERMINATED);
    this.connection.transportClosed();
  }

  /** A poll after the first. A newer poll ends an older one with 204, as ASP.NET does. */
  poll(response: ServerResponse): Promise<PollAnswer> {
    this.lastPollAt = Date.now();
    if (this.pending) this.answer(TERMINATED);
    if (this.queued.length > 0) return Promise.resolve(this.take());
    if (this.ended) {
      this.connection.transportClosed();
      return Promise.resolve(TERMINATED);
    }
    return new Promise((resolve) => {
      const pending: PendingPoll = {
        answer: resolve,
        timer: setTimeout(() => this.answer(EMPTY), this.timing.longPollTimeoutMs),
      };
      this.pending = pending;
      response.once('close', () => {
        // The client went away mid-poll; from now on the disconnect timeout runs.
        if (this.pending !== pending) return;
        clearTimeout(pending.timer);
        this.pending = undefined;
        this.lastPollAt = Date.now();
      });
    });
  }

  scan(now: number): void {
    if (!this.pending && now - this.lastPollAt >= this.timing.disconnectTimeoutMs) this.stop();
  }

  private flush(): void {
    if (!this.pending) return;
    if (this.queued.length > 0) this.answer(this.take());
    else if (this.ended) {
      this.answer(TERMINATED);
      this.connection.transportClosed();
    }
  }

  private take(): PollAnswer {
    const body = this.queued.join('');
    this.queued = [];
    return { status: 200, body };
  }

  private answer(result: PollAnswer): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = undefined;
    clearTimeout(pending.timer);
    this.lastPollAt = Date.now();
    pending.answer(result);
  }
}
