/**
 * What one backplane message is in the Redis stream (docs/realtime.md#scale-out): an entry of flat fields, the frame
 * among them exactly as written to the sockets, so neither side escapes or parses it.
 *
 * `o` (origin process) and `q` (its sequence number) come first: a receiver skips its own messages and copies it has
 * delivered already by comparing two short strings, and an audience it has no connections for by `a`, before it
 * looks at anything else. Excluded connection ids `x` and sessions `s` are JSON, and present only when set.
 */

export interface Envelope {
  /** The publishing process (Backplane.serverId). */
  origin: string;
  /** Counts up from 1 in each process: a receiver delivers a message only if it is above the last one it had. */
  seq: number;
  /** Who it is for: see `audience`. */
  audience: string;
  excluded?: string[];
  sessions?: number[];
  frame: string;
}

/** The key of one hub's audience (`chat:all`, `chat:group:<name>`…), matched against a process's subscriptions. */
export function audience(hub: string, scope: string, target?: string): string {
  if (scope === 'all') return `${hub}:all`;
  if (target === undefined || target === '') {
    throw new TypeError(`A backplane '${scope}' message needs a target`);
  }
  return `${hub}:${scope}:${target}`;
}

/** The stream entry's fields, flat, as XADD takes them. */
export function encodeEnvelope(envelope: Envelope): string[] {
  const fields = ['o', envelope.origin, 'q', String(envelope.seq), 'a', envelope.audience];
  if (envelope.excluded && envelope.excluded.length > 0) fields.push('x', JSON.stringify(envelope.excluded));
  if (envelope.sessions) fields.push('s', JSON.stringify(envelope.sessions));
  fields.push('f', envelope.frame);
  return fields;
}

/** The fields of a stream entry as XREAD returns them; throws on an entry that is not a backplane message. */
export function decodeEnvelope(fields: readonly string[]): Envelope {
  let origin: string | undefined;
  let seq = NaN;
  let target: string | undefined;
  let frame: string | undefined;
  let excluded: string | undefined;
  let sessions: string | undefined;
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const value = fields[i + 1]!;
    switch (fields[i]) {
      case 'o':
        origin = value;
        break;
      case 'q':
        seq = Number(value);
        break;
      case 'a':
        target = value;
        break;
      case 'x':
        excluded = value;
        break;
      case 's':
        sessions = value;
        break;
      case 'f':
        frame = value;
        break;
    }
  }
  if (!origin || !Number.isSafeInteger(seq) || !target || frame === undefined) {
    throw new TypeError('a backplane message needs an origin, a sequence number, an audience and a frame');
  }
  const envelope: Envelope = { origin, seq, audience: target, frame };
  if (excluded !== undefined) envelope.excluded = (JSON.parse(excluded) as unknown[]).map(String);
  if (sessions !== undefined) {
    envelope.sessions = (JSON.parse(sessions) as unknown[]).filter((id): id is number =>
      Number.isInteger(id),
    );
  }
  return envelope;
}
