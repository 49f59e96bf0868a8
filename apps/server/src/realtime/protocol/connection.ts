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
import { SequencedLink } from './stateful-reconnect.js';
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
  /** Invocations waiting behind a connection's current one grew or shrank by `change`. */
  lined(change: number): void;
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

/** `detached`: a stateful connection whose WebSocket dropped, waiting for its client to come back. */
type State = 'negotiated' | 'handshaking' | 'connected' | 'detached' | 'closed';

/**
 * One SignalR connection: handshake, record parsing, keep-alive, client timeout and its invocations: one runs at a
 * time and in order (ASP.NET MaximumParallelInvocationsPerClient = 1), a few wait behind it, any more are refused at
 * once (docs/realtime.md, "Backpressure"). Transports feed it text and carry its frames.
 */
export class ServerConnection {
  readonly items = new Map<string, unknown>();
  transport: TransportSink | undefined;
  /**
   * credentialOf() the bearer token that negotiated the connection, until a transport asks for it: a WebSocket
   * presenting the same token is let in on that negotiate's session read (upgrade.ts).
   */
  credential: string | undefined;
  private state: State = 'negotiated';
  private reader: RecordReader;
  private readonly createdAt = Date.now();
  private attachedAt = 0;
  private detachedAt = 0;
  /** Set by the handshake when stateful reconnect was negotiated and the client speaks it. */
  private link: SequencedLink | undefined;
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
    /** The negotiate answer offered stateful reconnect (the client asked for it and the server keeps buffers). */
    private readonly statefulReconnectOffered = false,
    /** A refusal's text in the person's language (plugins/locale.ts), decided when the connection was made. */
    readonly say: (text: string) => string = (text) => text,
  ) {
    this.reader = new RecordReader(host.timing.maxMessageBytes);
  }

  get isClosed(): boolean {
    return this.state === 'closed';
  }

  get isConnected(): boolean {
    return this.state === 'connected';
  }

  /**
   * A WebSocket may take over a stateful connection: its client lost the old one (which the server may not have
   * noticed yet) and reconnects with the same token.
   */
  get canResume(): boolean {
    return this.link !== undefined && (this.state === 'detached' || this.state === 'connected');
  }

  /**
   * True when this, the first request for the connection, carries the token that negotiated it, and nothing has
   * attached or ended meanwhile. Asked once: any later request reads its session as every hub request does.
   */
  negotiatedWith(credential: string): boolean {
    const same = this.state === 'negotiated' && this.credential === credential;
    this.credential = undefined;
    return same;
  }

  attach(sink: TransportSink): void {
    if (this.canResume) return this.resume(sink);
    this.transport = sink;
    this.state = 'handshaking';
    this.attachedAt = Date.now();
  }

  /**
   * The client is back on a new WebSocket: first Sequence and every record it has not acknowledged, then what
   * comes next. Its own resends follow its Sequence, and those already read are skipped.
   */
  private resume(sink: TransportSink): void {
    const old = this.transport;
    this.transport = sink;
    this.state = 'connected';
    // Whatever part of a record the old socket left unfinished is not the start of the new one's first record.
    this.reader = new RecordReader(this.host.timing.maxMessageBytes);
    this.lastReceivedAt = Date.now();
    old?.terminate();
    const { sequence, records } = this.link!.resume();
    this.transmit(sequence);
    for (const kept of records) this.transmit(kept.record, kept.shared);
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

  /**
   * Sends one Invocation or Completion record; dropped once the connection is closed. Under stateful reconnect it
   * is kept until the client acknowledges it, also while the client is away.
   */
  write(record: string, shared?: SharedFrame): void {
    if (this.link && (this.state === 'connected' || this.state === 'detached')) {
      if (!this.link.sent(record, shared)) {
        // The client is not reading, or will not be back in time to read it all: it reconnects afresh and
        // reloads what it missed, as a client without stateful reconnect does.
        this.host.reportError(new Error('stateful reconnect buffer full'), 'hub connection ended');
        this.close({ allowReconnect: true });
        return;
      }
      if (this.state === 'detached') return;
    }
    this.transmit(record, shared);
  }

  /** Writes records as they are (pings, Close, handshake answers, and what write() lets through). */
  private transmit(data: string, shared?: SharedFrame): void {
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
    if (this.state === 'connected') this.transmit(closeFrame(close));
    this.finish(cause);
  }

  /**
   * The transport went away (socket closed, event stream dropped, DELETE, polls stopped). `from` names the
   * transport that reports it: one that was already taken over by a resumed WebSocket no longer counts.
   */
  transportClosed(error?: Error, from?: TransportSink): void {
    if (from && from !== this.transport) return;
    // A stateful connection outlives a WebSocket that broke (a clean close is the client leaving for good).
    if (error && this.link && this.state === 'connected') {
      this.state = 'detached';
      this.detachedAt = Date.now();
      return;
    }
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
    if (this.state === 'detached') {
      // Its client did not come back in time: the connection ends as if the socket had just closed.
      if (!late && now - this.detachedAt >= timing.statefulReconnectBufferMs) this.finish();
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
    const ack = this.link?.pendingAck();
    if (ack) this.transmit(ack);
    if (this.transport?.kind !== 'LongPolling' && now - this.lastSentAt >= timing.keepAliveMs) {
      this.transmit(PING_FRAME);
    }
  }

  private handshake(record: string): void {
    const result = checkHandshake(record);
    if (!result.ok) {
      this.failHandshake(result.error);
      return;
    }
    this.transmit(HANDSHAKE_OK_FRAME);
    // ASP.NET's rule: stateful reconnect needs the negotiate offer, protocol version 2 and a WebSocket.
    if (this.statefulReconnectOffered && result.version >= 2 && this.transport?.kind === 'WebSockets') {
      this.link = new SequencedLink(this.host.timing.statefulReconnectBufferBytes);
    }
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
    if (this.link && !this.link.shouldRead(readAs(message))) return;
    switch (message.type) {
      case 1:
      case 4:
        this.enqueue(message);
        return;
      case 8:
        this.link?.acknowledged(message.sequenceId);
        return;
      case 9:
        if (this.link && !this.link.sequenceReceived(message.sequenceId)) {
          this.failProtocol(new Error('Sequence ID greater than amount of messages received.'));
        }
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
      this.host.lined(1);
      this.runNext();
    }
  }

  /** A refusal costs no turn: answered at once, as a hub method's HubException reads (a send gets nothing). */
  private refuse(message: HubInvocationMessage, text: string): void {
    if (message.invocationId === undefined) return;
    const error = errorTexts.hubException(message.target, this.say(text));
    this.write(completionFrame(message.invocationId, { error }, message.target));
  }

  /** Hands the next waiting invocation to the process-wide turns, once the previous one has finished. */
  private runNext(): void {
    if (this.isRunning || !this.hasConnected) return;
    const message = this.waiting.shift();
    if (!message) return;
    this.host.lined(-1);
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
        else this.dropWaiting();
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
    const wasDetached = this.state === 'detached';
    const wasConnected = this.state === 'connected' || wasDetached;
    this.state = 'closed';
    this.dropWaiting();
    this.transport?.end();
    // A detached connection's socket is already gone and will not report its end again.
    if (!this.transport || wasDetached) this.release();
    if (wasConnected) {
      this.host.disconnected(this, error).catch((cause: unknown) => {
        this.host.reportError(cause, 'hub onDisconnected failed');
      });
    }
  }

  /** Invocations still waiting when the connection ends never run. */
  private dropWaiting(): void {
    this.host.lined(-this.waiting.length);
    this.waiting.length = 0;
  }

  private release(): void {
    if (this.isReleased) return;
    this.isReleased = true;
    this.host.released(this);
  }
}

function readAs(message: IncomingMessage): 'sequenced' | 'control' | 'sequence' {
  if (message.type === 9) return 'sequence';
  if (message.type === 1 || message.type === 4) return 'sequenced';
  if (message.type === 'ignored' && message.sequenced) return 'sequenced';
  return 'control';
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
