/**
 * What travels on a backplane channel (docs/realtime.md#scale-out): a one-line JSON header — origin process `o`,
 * excluded connection ids `x`, sessions `s` — then a newline and the frame exactly as written to the sockets.
 *
 * The frame is not a JSON string inside the header because escaping every quote of it on the sender and parsing it
 * back on every receiver was most of the backplane's cost per message; now a receiver parses a few dozen bytes
 * and slices the frame out. JSON.stringify never writes a raw newline, so the first one ends the header.
 * A process also hears its own messages on the channels it subscribes, and skips them by the header's first bytes
 * without parsing anything.
 *
 * Processes of the release before (the frame inside the JSON as `f`, no newline) are still understood, so a rolling
 * deploy loses nothing on the new side; old processes drop what new ones send until they are replaced.
 */

export interface Envelope {
  /** The publishing process (Backplane.serverId). */
  o: string;
  x?: string[];
  s?: number[];
  frame: string;
}

type Header = Omit<Envelope, 'frame'>;

export function encodeEnvelope({ frame, ...header }: Envelope): string {
  return `${JSON.stringify(header)}\n${frame}`;
}

/** The first bytes of every envelope `serverId` publishes (in either format): enough to skip one's own. */
export function envelopePrefix(serverId: string): string {
  return `{"o":${JSON.stringify(serverId)}`;
}

/** Throws on a payload that is neither format. */
export function decodeEnvelope(payload: string): Envelope {
  const newline = payload.indexOf('\n');
  let header: Header & { f?: unknown };
  let frame: unknown;
  if (newline >= 0) {
    header = JSON.parse(payload.slice(0, newline)) as Header;
    frame = payload.slice(newline + 1);
  } else {
    header = JSON.parse(payload) as Header & { f?: unknown };
    frame = header.f;
  }
  if (typeof header?.o !== 'string' || typeof frame !== 'string') {
    throw new TypeError('a backplane envelope needs an origin and a frame');
  }
  const envelope: Envelope = { o: header.o, frame };
  if (Array.isArray(header.x) && header.x.length > 0) envelope.x = header.x.map(String);
  if (Array.isArray(header.s)) envelope.s = header.s.filter(Number.isInteger);
  return envelope;
}
