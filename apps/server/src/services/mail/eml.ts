/**
 * A deliberately small RFC 5322 / MIME reader for the .eml files this server itself writes with
 * nodemailer, so tests and operators can read the outbox without a mail-parser dependency. It handles
 * what nodemailer emits: folded headers, RFC 2047 encoded words (B and Q), multipart bodies and the
 * 7bit / 8bit / quoted-printable / base64 transfer encodings. It is not a general-purpose parser.
 */

export interface ParsedMail {
  to: string;
  subject: string;
  /** The text/plain body (the first one, for multipart mail), trailing line breaks removed. */
  text: string;
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function decodeCharset(bytes: Uint8Array, charset: string): string {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    // Unknown label: nodemailer only writes UTF-8, so that is the best guess.
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** Quoted-printable to bytes; `underscoreIsSpace` is the RFC 2047 "Q" variant used in headers. */
function decodeQuotedPrintable(input: string, underscoreIsSpace = false): Uint8Array {
  const text = input.replace(/=\n/g, ''); // soft line breaks
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    const hex = text.slice(i + 1, i + 3);
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else if (ch === '_' && underscoreIsSpace) {
      bytes.push(0x20);
    } else {
      bytes.push(...Buffer.from(ch, 'utf8'));
    }
  }
  return Uint8Array.from(bytes);
}

const ENCODED_WORD = /=\?([^?*]+)(?:\*[^?]*)?\?([BbQq])\?([^?]*)\?=/g;

/**
 * Decodes RFC 2047 encoded words; whitespace between two adjacent encoded words is dropped.
 * Nodemailer splits long encoded headers only at character boundaries, so word-by-word decoding is
 * exact for our files; a multi-byte character split by another mailer would show as U+FFFD.
 */
export function decodeWords(value: string): string {
  const joined = value.replace(/(\?=)\s+(?==\?)/g, '$1');
  return joined.replace(ENCODED_WORD, (_match, charset: string, encoding: string, data: string) => {
    const bytes =
      encoding.toUpperCase() === 'B' ? Buffer.from(data, 'base64') : decodeQuotedPrintable(data, true);
    return decodeCharset(bytes, charset);
  });
}

function parsePart(raw: string): Part {
  const split = raw.indexOf('\n\n');
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? '' : raw.slice(split + 2);
  const headers = new Map<string, string>();
  // Unfold: a line starting with whitespace continues the previous header (RFC 5322 §2.2.3).
  for (const line of head.replace(/\n(?=[ \t])/g, '').split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function contentType(part: Part): { type: string; params: Map<string, string> } {
  const [type = 'text/plain', ...rest] = (part.headers.get('content-type') ?? 'text/plain').split(';');
  const params = new Map<string, string>();
  for (const param of rest) {
    const eq = param.indexOf('=');
    if (eq === -1) continue;
    const value = param.slice(eq + 1).trim();
    params.set(param.slice(0, eq).trim().toLowerCase(), value.replace(/^"(.*)"$/, '$1'));
  }
  return { type: type.trim().toLowerCase(), params };
}

function decodeBody(part: Part, charset: string): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').trim().toLowerCase();
  if (encoding === 'base64')
    return decodeCharset(Buffer.from(part.body.replace(/\s+/g, ''), 'base64'), charset);
  if (encoding === 'quoted-printable') return decodeCharset(decodeQuotedPrintable(part.body), charset);
  return part.body; // 7bit, 8bit, binary: the file was read as UTF-8 already
}

/** Depth-first search for the first text/plain leaf. */
function findText(part: Part): string | null {
  const { type, params } = contentType(part);
  if (type.startsWith('multipart/')) {
    const boundary = params.get('boundary');
    if (!boundary) return null;
    const delimiter = `\n--${boundary}`;
    // Prefix a newline so a delimiter on the very first line is found too; the line break before each
    // delimiter belongs to the delimiter (RFC 2046 §5.1.1), so parts carry no trailing newline from it.
    const chunks = `\n${part.body}`.split(delimiter).slice(1);
    for (const chunk of chunks) {
      if (chunk.startsWith('--')) break; // closing delimiter
      const found = findText(parsePart(chunk.replace(/^[ \t]*\n/, '')));
      if (found !== null) return found;
    }
    return null;
  }
  if (type !== 'text/plain') return null;
  return decodeBody(part, params.get('charset') ?? 'utf-8');
}

/** Parses one .eml file's content (LF or CRLF line ends). */
export function parseEml(source: string): ParsedMail {
  const message = parsePart(source.replace(/\r\n/g, '\n'));
  return {
    to: decodeWords(message.headers.get('to') ?? ''),
    subject: decodeWords(message.headers.get('subject') ?? ''),
    text: (findText(message) ?? '').replace(/\n+$/, ''),
  };
}
