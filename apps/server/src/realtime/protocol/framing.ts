/**
 * SignalR JSON hub protocol framing (docs/realtime.md#records): every record is JSON followed by the
 * record separator 0x1E. Frames, SSE events and poll bodies only ever carry whole records.
 */

export const RECORD_SEPARATOR = '\x1e';

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
  Ack: 8,
  Sequence: 9,
} as const;

/** ASP.NET's texts, copied so clients that match on them keep working (docs/realtime.md#records). */
export const errorTexts = {
  protocolNotSupported: (protocol: string) => `The protocol '${protocol}' is not supported.`,
  versionNotSupported: (version: unknown) =>
    `The server does not support version ${String(version)} of the 'json' protocol.`,
  handshakeCanceled: 'Handshake was canceled.',
  handshakeFailed: 'An unexpected error occurred during connection handshake.',
  connectionClosedWithError: 'Connection closed with an error.',
  invocationFailed: (method: string) => `Failed to invoke '${method}' due to an error on the server.`,
  methodDoesNotExist: (method: string) =>
    `Failed to invoke '${method}' due to an error on the server. HubException: Method does not exist.`,
  unexpectedError: (method: string) => `An unexpected error occurred invoking '${method}' on the server.`,
  hubException: (method: string, message: string) =>
    `An unexpected error occurred invoking '${method}' on the server. HubException: ${message}`,
  streamingMismatch: (method: string) =>
    `The client attempted to invoke the non-streaming '${method}' method with a streaming invocation.`,
} as const;

export const PING_FRAME = `{"type":6}${RECORD_SEPARATOR}`;
export const HANDSHAKE_OK_FRAME = `{}${RECORD_SEPARATOR}`;

export function frame(message: object): string {
  return JSON.stringify(message) + RECORD_SEPARATOR;
}

export function handshakeErrorFrame(error: string): string {
  return frame({ error });
}

export function closeFrame(close: { error?: string; allowReconnect?: boolean }): string {
  return frame({
    type: MessageType.Close,
    ...(close.error ? { error: close.error } : {}),
    ...(close.allowReconnect ? { allowReconnect: true } : {}),
  });
}

/** Broadcasts never carry an invocationId: the client would answer them as client-result requests. */
export function invocationFrame(target: string, args: readonly unknown[]): string {
  return frame({ type: MessageType.Invocation, target, arguments: args });
}

/**
 * A Completion for `invocationId`. An error is never empty (the client resolves on ""), and a result that does
 * not serialize turns into the generic error rather than a broken record.
 */
export function completionFrame(
  invocationId: string,
  outcome: { result: unknown } | { error: string },
  method = '',
): string {
  if ('error' in outcome) {
    return frame({ type: MessageType.Completion, invocationId, error: outcome.error || 'Error' });
  }
  try {
    return frame({ type: MessageType.Completion, invocationId, result: outcome.result });
  } catch {
    return frame({ type: MessageType.Completion, invocationId, error: errorTexts.unexpectedError(method) });
  }
}

/**
 * What the server acts on. Completion, StreamItem and CancelInvocation are ignored, but they are numbered like
 * invocations under stateful reconnect (`sequenced`); unknown types are ignored.
 */
export type IncomingMessage =
  | { type: 1; invocationId?: string; target: string; arguments: unknown[]; streamIds?: unknown[] }
  | { type: 4; invocationId: string; target: string; arguments: unknown[] }
  | { type: 6 }
  | { type: 7; error?: string }
  | { type: 8 | 9; sequenceId: number }
  | { type: 'ignored'; sequenced: boolean };

/** A record that breaks the protocol; the connection is closed with "Connection closed with an error." */
export class ProtocolError extends Error {}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function parseMessage(record: string): IncomingMessage {
  let value: unknown;
  try {
    value = JSON.parse(record);
  } catch {
    throw new ProtocolError('Error reading JSON.');
  }
  if (!isRecord(value) || typeof value.type !== 'number') {
    throw new ProtocolError("Missing required property 'type'.");
  }
  switch (value.type) {
    case MessageType.Invocation:
    case MessageType.StreamInvocation: {
      const { target, invocationId, streamIds } = value;
      const args = value.arguments ?? [];
      if (typeof target !== 'string' || target === '') throw new ProtocolError("Missing 'target'.");
      if (invocationId !== undefined && typeof invocationId !== 'string') {
        throw new ProtocolError("Expected 'invocationId' to be of type String.");
      }
      if (!Array.isArray(args)) throw new ProtocolError("Expected 'arguments' to be of type Array.");
      if (value.type === MessageType.StreamInvocation) {
        if (!invocationId) throw new ProtocolError("Missing 'invocationId'.");
        return { type: 4, invocationId, target, arguments: args };
      }
      return {
        type: 1,
        target,
        arguments: args,
        ...(invocationId !== undefined && { invocationId }),
        ...(Array.isArray(streamIds) && { streamIds }),
      };
    }
    case MessageType.Ping:
      return { type: 6 };
    case MessageType.Close:
      return { type: 7, ...(typeof value.error === 'string' && { error: value.error }) };
    case MessageType.Ack:
    case MessageType.Sequence:
      if (typeof value.sequenceId !== 'number') {
        throw new ProtocolError(
          `Invalid SequenceId for ${value.type === MessageType.Ack ? 'Ack' : 'Sequence'} message.`,
        );
      }
      return { type: value.type, sequenceId: value.sequenceId };
    case MessageType.StreamItem:
    case MessageType.Completion:
    case MessageType.CancelInvocation:
      return { type: 'ignored', sequenced: true };
    default:
      return { type: 'ignored', sequenced: false };
  }
}

export type HandshakeResult = { ok: true; version: number } | { ok: false; error: string };

/** Only the JSON protocol exists here; ASP.NET's JSON protocol accepts every version up to 2. */
export function checkHandshake(record: string): HandshakeResult {
  let value: unknown;
  try {
    value = JSON.parse(record);
  } catch {
    return { ok: false, error: errorTexts.handshakeFailed };
  }
  if (!isRecord(value) || typeof value.protocol !== 'string' || typeof value.version !== 'number') {
    return { ok: false, error: errorTexts.handshakeFailed };
  }
  if (value.protocol !== 'json') return { ok: false, error: errorTexts.protocolNotSupported(value.protocol) };
  if (value.version > 2) return { ok: false, error: errorTexts.versionNotSupported(value.version) };
  return { ok: true, version: value.version };
}

/**
 * Splits incoming text into whole records and keeps the unterminated rest for the next chunk (a WebSocket
 * frame or POST body may end mid-record). A record, or a rest, over `maxBytes` is a protocol error.
 */
export class RecordReader {
  private rest = '';

  constructor(private readonly maxBytes: number) {}

  push(text: string): string[] {
    const data = this.rest + text;
    const parts = data.split(RECORD_SEPARATOR);
    this.rest = parts.pop() ?? '';
    if (exceeds(this.rest, this.maxBytes)) throw new ProtocolError(this.sizeText());
    for (const part of parts) {
      if (exceeds(part, this.maxBytes)) throw new ProtocolError(this.sizeText());
    }
    return parts;
  }

  private sizeText(): string {
    return `The maximum message size of ${this.maxBytes}B was exceeded.`;
  }
}

/** A UTF-16 unit is at most 3 UTF-8 bytes, so most records need no byte count. */
function exceeds(text: string, maxBytes: number): boolean {
  if (text.length > maxBytes) return true;
  if (text.length * 3 <= maxBytes) return false;
  return Buffer.byteLength(text, 'utf8') > maxBytes;
}
