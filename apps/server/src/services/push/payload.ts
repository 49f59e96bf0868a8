/**
 * A push message's size. Push services take at most 4,096 bytes of encrypted payload (RFC 8030 §7.2, and what
 * FCM and Mozilla enforce); a longer one is refused with 413 and never arrives. The JSON is kept under
 * MAX_PUSH_PAYLOAD_BYTES, which leaves room for the encryption's record overhead: the title and then the body
 * are cut, at a whole character (grapheme: an emoji or an accented letter stays whole), and end with "…".
 */
import type { PushPayload } from '@rummage/contract';

export const MAX_PUSH_PAYLOAD_BYTES = 3_000;

/** A title is a line: this many characters are plenty, and leave the room to the body. */
const MAX_TITLE_CHARACTERS = 200;

const ELLIPSIS = '…';
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

function characters(text: string): string[] {
  return Array.from(graphemes.segment(text), (part) => part.segment);
}

/** `text` cut to at most `count` characters, "…" included when cut. */
function cutText(parts: readonly string[], count: number): string {
  if (parts.length <= count) return parts.join('');
  return count <= 0 ? '' : parts.slice(0, count - 1).join('') + ELLIPSIS;
}

const bytesOf = (push: PushPayload) => Buffer.byteLength(JSON.stringify(push), 'utf8');

export function fitPushPayload(push: PushPayload, maxBytes = MAX_PUSH_PAYLOAD_BYTES): PushPayload {
  const titled = { ...push, title: cutText(characters(push.title), MAX_TITLE_CHARACTERS) };
  if (bytesOf(titled) <= maxBytes) return titled;
  const body = characters(push.body);
  // The most characters of the body that fit: bytes grow with the count, so a binary search finds it.
  let fits = 0;
  let tooMany = body.length;
  while (tooMany - fits > 1) {
    const middle = Math.floor((fits + tooMany) / 2);
    if (bytesOf({ ...titled, body: cutText(body, middle) }) <= maxBytes) fits = middle;
    else tooMany = middle;
  }
  return { ...titled, body: cutText(body, fits) };
}
