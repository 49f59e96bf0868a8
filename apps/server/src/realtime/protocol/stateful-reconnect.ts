import { frame, MessageType } from './framing.js';
import type { SharedFrame } from './shared-frame.js';

interface Unacknowledged {
  id: number;
  record: string;
  shared?: SharedFrame;
  bytes: number;
}

/**
 * The server's half of SignalR stateful reconnect (docs/realtime.md#stateful-reconnect), as ASP.NET Core 8's
 * MessageBuffer keeps it. Both sides number the invocation-type records they send (Invocation, StreamItem,
 * Completion, StreamInvocation, CancelInvocation) from 1, without writing the number into the record. Each side
 * acknowledges what it received with Ack(latest id); on a new WebSocket each side first sends Sequence(first id
 * it will resend), then resends everything not acknowledged, and the receiver skips ids it already has. Pings,
 * Close, Ack and Sequence are never numbered.
 */
export class SequencedLink {
  private readonly unacknowledged: Unacknowledged[] = [];
  private unacknowledgedBytes = 0;
  private nextSendId = 1;
  private nextReceiveId = 1;
  private latestReceivedId = 0;
  private latestAcknowledgedToClient = 0;
  /** After a new transport, everything before the client's Sequence belongs to the old one and is skipped. */
  private waitingForSequence = false;

  constructor(private readonly maxBytes: number) {}

  /**
   * Numbers one outgoing record and keeps it until the client acknowledges it. False once the unacknowledged
   * records outgrow the bound: the client is gone or not reading, and the connection must end instead of growing.
   */
  sent(record: string, shared?: SharedFrame): boolean {
    const bytes = Buffer.byteLength(record, 'utf8');
    this.unacknowledged.push({ id: this.nextSendId++, record, shared, bytes });
    this.unacknowledgedBytes += bytes;
    return this.unacknowledgedBytes <= this.maxBytes;
  }

  /** The client's Ack: everything up to `sequenceId` arrived and need not be kept. */
  acknowledged(sequenceId: number): void {
    let drop = 0;
    while (drop < this.unacknowledged.length && this.unacknowledged[drop]!.id <= sequenceId) {
      this.unacknowledgedBytes -= this.unacknowledged[drop]!.bytes;
      drop++;
    }
    if (drop > 0) this.unacknowledged.splice(0, drop);
  }

  /** What a new transport gets first: Sequence(first kept id), then every kept record, in order. */
  resume(): { sequence: string; records: readonly Unacknowledged[] } {
    this.waitingForSequence = true;
    // An Ack sent on the old transport may have been lost with it: acknowledge again once the client resumes.
    this.latestAcknowledgedToClient = 0;
    const first = this.unacknowledged[0]?.id ?? this.nextSendId;
    return {
      sequence: frame({ type: MessageType.Sequence, sequenceId: first }),
      records: this.unacknowledged,
    };
  }

  /**
   * The client's Sequence after a new transport: the id of the first record it resends. An id beyond what it
   * could have sent breaks the protocol (false).
   */
  sequenceReceived(sequenceId: number): boolean {
    if (!Number.isSafeInteger(sequenceId) || sequenceId < 1 || sequenceId > this.nextReceiveId) return false;
    this.nextReceiveId = sequenceId;
    this.waitingForSequence = false;
    return true;
  }

  /** Whether an incoming record is read: not while the old transport's leftovers pass, and never twice. */
  shouldRead(type: 'sequenced' | 'control' | 'sequence'): boolean {
    if (this.waitingForSequence) return type === 'sequence';
    if (type !== 'sequenced') return true;
    const id = this.nextReceiveId++;
    if (id <= this.latestReceivedId) return false;
    this.latestReceivedId = id;
    return true;
  }

  /** The Ack to send now, when the client sent something since the last one (sent about once a second). */
  pendingAck(): string | undefined {
    if (this.waitingForSequence || this.latestReceivedId === this.latestAcknowledgedToClient)
      return undefined;
    this.latestAcknowledgedToClient = this.latestReceivedId;
    return frame({ type: MessageType.Ack, sequenceId: this.latestReceivedId });
  }

  /** Kept records and their size, for the connection list and tests. */
  get kept(): { records: number; bytes: number } {
    return { records: this.unacknowledged.length, bytes: this.unacknowledgedBytes };
  }
}
