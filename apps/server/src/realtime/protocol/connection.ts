import { messages } from '@rummage/contract';
import type { AuthUser } from '../../modules/account/session.service.js';
import type { HubRefusal } from '../../services/metrics/index.js';
import {
  checkHandshake,
  closeFrame,
  completionFrame,
  errorTexts,
  HANDSHAKE_OK_FRAME,
  handshakeErrorFrame,
  parseMessage,
  PING_FRAME,
  RecordReader,
  type IncomingMessage,
} from './framing.js';
import type { SharedFrame } from './shared-frame.js';
import type { HubTiming } from './timing.js';

export type TransportKind = 'WebSockets' | 'ServerSentEvents' | 'LongPolling';

/** The server → client half of a transport. It reports its own end through `connection.transportClosed()`. */
export interface TransportSink {
  readonly kind: TransportKind;
  /** Whole RS-terminated records; `shared` is the same record when it goes to many connections at once. */
  write(data: string, shared?: SharedFrame): void;
  /** Closes after what was written so far has gone out. */
  end(): void;
  /** Drops the transport at once, as a broken network would. */
  terminate(): void;
  /** Periodic check (long polling expires a client that stopped polling). */
  scan?(now: number): void;
}

export type HubInvocationMessage = Extract<IncomingMessage, { type: 1 | 4 }>;

/** What the hub side does for a connection; implemented per hub by HubEndpoint. */
export interface ConnectionHost {
  readonly timing: HubTiming;
  /** Runs after the handshake answer went out; a rejection closes the connection with an error. */
  connected(connection: ServerConnection): Promise<void>;
  /** Answers the Completion record to send, or nothing for a non-blocking send. Never rejects. */
  invoke(connection: ServerConnection, message: HubInvocationMessage): Promise<string | undefined>;
  /**
   * Runs one invocation when its turn comes. Process-wide, a few run at once and connections take turns
   * (realtime/index.ts), so one busy connection cannot hold the database or the event loop from the rest.
   */
  turn(task: () => Promise<void>): Promise<void>;
  /** True while the process sheds load (plugins/pressure.ts): new invocations are refused, as new requests are. */
  shedding(): boolean;
  /** An invocation was answered with a refusal instead of run (metrics). */
  refused(reason: HubRefusal): void;
  /** Once per connection that completed its handshake. */
  disconnected(connection: ServerConnection, error?: Error): Promise<void>;
  /** The transport is gone: forget the connection token. */
  released(connection: ServerConnection): void;
  reportError(error: unknown, message: string): void;
}

type State = 'negotiated' | 'handshaking' | 'connected' | 'closed';

/**
 * One SignalR connection: handshake, record parsing, keep-alive, client timeout and its invocations: one runs at a
 * time and in order (ASP.NET MaximumParallelInvocationsPerClient = 1), a few wait behind it, any more are refused at
 * once (docs/realtime.md, "Backpressure"). Transports feed it text and carry its frames.
 */
export class ServerConnection {
  readonly items = new Map<string, unknown>();
  transport: TransportSink | undefined;
  private state: State = 'negotiated';
  private readonly reader: RecordReader;
  private readonly createdAt = Date.now();
  private attachedAt = 0;
  private lastSentAt = 0;
  private lastReceivedAt = 0;
  private clientTimeoutArmed = false;
  /** onConnected, then the invocation running now; disconnect waits for it. */
  private current: Promise<void> = Promise.resolve();
  private hasConnected = false;
  private readonly waiting: HubInvocationMessage[] = [];
  private isRunning = false;
  private isReleased = false;

  constructor(
    readonly connectionId: string,
    readonly token: string,
    readonly user: AuthUser,
    /** The session the connection was opened with: it ends when that session does. */
    readonly sessionId: number,
    private readonly host: ConnectionHost,
  ) {
    this.reader = new RecordReader(host.timing.maxMessageBytes);
  }

  get isClosed(): boolean {
    return this.state === 'closed';
  }

  get isConnected(): boolean {
    return this.state === 'connected';
  }

  attach(sink: TransportSink): void {
    this.transport = sink;
    this.state = 'handshaking';
    this.attachedAt = Date.now();
  }

  /** Settles when the invocation running now (and onConnected) has finished. */
  idle(): Promise<void> {
    return this.current;
  }

  /** Text from the client: a WebSocket frame or a POST body, possibly several records or part of one. */
  receive(text: string): void {
    if (this.state !== 'handshaking' && this.state !== 'connected') return;
    this.lastReceivedAt = Date.now();
    let records: string[];
    try {
      records = this.reader.push(text);
    } catch (error) {
      if (this.state === 'handshaking') this.failHandshake(errorTexts.handshakeCanceled);
      else this.failProtocol(error);
      return;
    }
    for (const record of records) {
      if (this.state === 'handshaking') this.handshake(record);
      else if (this.state === 'connected') this.handle(record);
      else return;
    }
  }

  /** Sends whole records; dropped once the connection is closed. */
  write(data: string, shared?: SharedFrame): void {
    if (this.state === 'closed' || !this.transport) return;
    this.lastSentAt = Date.now();
    this.transport.write(data, shared);
  }

  /**
   * Server-side close. With a completed handshake the client first gets a Close record: without `allowReconnect`
   * it stays away ("Server returned an error on close: <error>"), with it an automatic reconnect starts.
   */
  close(close: { error?: string; allowReconnect?: boolean } = {}, cause?: Error): void {
    if (this.state === 'closed') return;
    if (this.state === 'connected') this.write(closeFrame(close));
    this.finish(cause);
  }

  /** The transport went away (socket closed, event stream dropped, DELETE, polls stopped). */
  transportClosed(error?: Error): void {
    this.finish(error);
    this.release();
  }

  /** Forgets a connection whose transport never attached. */
  expire(): void {
    this.finish();
    this.release();
  }

  /** Drops the transport without a Close record, as a network failure would. */
  terminate(): void {
    if (this.transport) this.transport.terminate();
    else this.expire();
  }

  /**
   * Keep-alive, client timeout and handshake timeout; called by the endpoint's periodic scan. After a stall
   * (`late`), what clients sent meanwhile is still unread: nothing expires until it has been read.
   */
  scan(now: number, late = false): void {
    const timing = this.host.timing;
    if (this.state === 'negotiated') {
      if (!late && now - this.createdAt >= timing.disconnectTimeoutMs) this.expire();
      return;
    }
    if (!late) this.transport?.scan?.(now);
    if (!late && this.state === 'handshaking' && now - this.attachedAt >= timing.handshakeTimeoutMs) {
      this.failHandshake(errorTexts.handshakeCanceled);
      return;
    }
    if (this.state !== 'connected') return;
    if (!late && this.clientTimeoutArmed && now - this.lastReceivedAt >= timing.clientTimeoutMs) {
      this.close({ error: errorTexts.connectionClosedWithError, allowReconnect: true });
      return;
    }
    // Long polling is keep-alive by itself: the client sends no pings and runs no server-timeout timer.
    if (this.transport?.kind !== 'LongPolling' && now - this.lastSentAt >= timing.keepAliveMs) {
      this.write(PING_FRAME);
    }
  }

  private handshake(record: string): void {
    const result = checkHandshake(record);
    if (!result.ok) {
      this.failHandshake(result.error);
      return;
    }
    this.write(HANDSHAKE_OK_FRAME);
    this.state = 'connected';
    this.current = this.host
      .connected(this)
      .catch((error: unknown) => {
        this.host.reportError(error, 'hub onConnected failed');
        this.close({ error: errorTexts.connectionClosedWithError }, asError(error));
      })
      .then(() => {
        this.hasConnected = true;
        this.runNext();
      });
  }

  private handle(record: string): void {
    let message: IncomingMessage;
    try {
      message = parseMessage(record);
    } catch (error) {
      this.failProtocol(error);
      return;
    }
    switch (message.type) {
      case 1:
      case 4:
        this.enqueue(message);
        return;
      case 6:
        // ASP.NET arms the client timeout on the first Ping, so clients that never ping (long polling) are spared.
        this.clientTimeoutArmed = true;
        return;
      case 7:
        this.finish();
        return;
      default:
        return;
    }
  }

  private enqueue(message: HubInvocationMessage): void {
    if (this.host.shedding()) {
      this.host.refused('shedding');
      this.refuse(message, messages.common.serviceUnavailable);
    } else if (
      // The one that runs next counts as running: before onConnected has finished (the backplane confirming the
      // connection's channels, docs/realtime.md#scale-out) all of them wait.
      this.waiting.length + (this.isRunning ? 1 : 0) >=
      1 + this.host.timing.maxWaitingInvocations
    ) {
      this.host.refused('too_many_waiting');
      this.refuse(message, messages.common.tooManyAtOnce);
    } else {
      this.waiting.push(message);
      this.runNext();
    }
  }

  /** A refusal costs no turn: answered at once, as a hub method's HubException reads (a send gets nothing). */
  private refuse(message: HubInvocationMessage, text: string): void {
    if (message.invocationId === undefined) return;
    const error = errorTexts.hubException(message.target, text);
    this.write(completionFrame(message.invocationId, { error }, message.target));
  }

  /** Hands the next waiting invocation to the process-wide turns, once the previous one has finished. */
  private runNext(): void {
    if (this.isRunning || !this.hasConnected) return;
    const message = this.waiting.shift();
    if (!message) return;
    this.isRunning = true;
    this.current = this.host
      .turn(async () => {
        if (this.state !== 'connected') return;
        const answer = await this.host.invoke(this, message);
        if (answer) this.write(answer);
      })
      .catch((error: unknown) => this.host.reportError(error, 'hub invocation failed'))
      .finally(() => {
        this.isRunning = false;
        if (this.state === 'connected') this.runNext();
        else this.waiting.length = 0;
      });
  }

  private failHandshake(error: string): void {
    if (this.state !== 'handshaking') return;
    this.transport?.write(handshakeErrorFrame(error));
    this.finish();
  }

  private failProtocol(error: unknown): void {
    this.host.reportError(error, 'hub connection broke the protocol');
    this.close({ error: errorTexts.connectionClosedWithError }, asError(error));
  }

  private finish(error?: Error): void {
    if (this.state === 'closed') return;
    const wasConnected = this.state === 'connected';
    this.state = 'closed';
    this.transport?.end();
    if (!this.transport) this.release();
    if (wasConnected) {
      this.host.disconnected(this, error).catch((cause: unknown) => {
        this.host.reportError(cause, 'hub onDisconnected failed');
      });
    }
  }

  private release(): void {
    if (this.isReleased) return;
    this.isReleased = true;
    this.host.released(this);
  }
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
