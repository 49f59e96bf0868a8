/**
 * Abusive HTTP clients for the fault suite: sockets that never finish their request (slowloris), bodies far over
 * every limit streamed without holding them in memory, and a PNG whose header promises 400 megapixels.
 */
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { crc32, createDeflate } from 'node:zlib';

export interface RawAnswer {
  /** 0 when the server closed the connection without an answer. */
  status: number;
  body: string;
  ms: number;
}

/**
 * One connection of an attacker's link to the server: the abusive bodies it carries go out at `bytesPerSecond`.
 * Without it a client on the server's own machine sends as fast as loopback and its CPU allow, so the attack grows
 * with the server's speed (a faster feed drew more bodies and left normal clients a smaller share) and takes its
 * CPU from the server's cores; a real attacker's link has a rate that does not depend on how fast the server reads.
 */
export class Uplink {
  private nextFreeAt = performance.now();
  /** Bytes written to the server so far, for the test to say how strong the attack really was. */
  sentBytes = 0;
  constructor(readonly bytesPerSecond: number) {}

  /** Resolves when `bytes` may go out: the link sends one chunk after another at its rate. */
  async reserve(bytes: number): Promise<void> {
    const now = performance.now();
    const startAt = Math.max(now, this.nextFreeAt);
    this.nextFreeAt = startAt + (bytes * 1000) / this.bytesPerSecond;
    if (startAt > now) await new Promise((resolve) => setTimeout(resolve, startAt - now));
  }
}

/**
 * POSTs `head`, then `chunk` `times` times, then `tail`, honouring back-pressure, so a 50 MB body costs this
 * process one chunk of memory. Without a content-length header the body goes out chunked. Keeps sending after an
 * early answer, as a careless or hostile client does, until the body is out or the server drops the socket. With
 * an `uplink`, each chunk waits for its turn on that link.
 */
export function postStream(
  url: string,
  headers: Record<string, string>,
  body: { head?: Buffer; chunk: Buffer; times: number; tail?: Buffer },
  options: { timeoutMs?: number; uplink?: Uplink } = {},
): Promise<RawAnswer> {
  const { timeoutMs = 60_000, uplink } = options;
  const started = performance.now();
  return new Promise((resolve) => {
    let answer: RawAnswer | undefined;
    let settled = false;
    const finish = (result: RawAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve(result);
    };
    const timer = setTimeout(
      () => finish({ status: -1, body: 'no answer in time', ms: timeoutMs }),
      timeoutMs,
    );
    const req = request(url, { method: 'POST', agent: false, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (part: string) => (text += part));
      response.once('end', () => {
        answer = { status: response.statusCode ?? 0, body: text, ms: performance.now() - started };
        finish(answer);
      });
      response.once('error', () => finish({ status: 0, body: text, ms: performance.now() - started }));
    });
    req.once('error', () => finish(answer ?? { status: 0, body: '', ms: performance.now() - started }));
    req.once('close', () =>
      setTimeout(() => finish(answer ?? { status: 0, body: '', ms: performance.now() - started }), 50),
    );
    const send = async () => {
      if (body.head) req.write(body.head);
      for (let i = 0; i < body.times && !req.destroyed && !settled; i++) {
        await uplink?.reserve(body.chunk.length);
        if (req.destroyed || settled) break;
        const accepted = req.write(body.chunk);
        if (uplink) uplink.sentBytes += body.chunk.length;
        if (!accepted) {
          await new Promise<void>((resume) => {
            const done = () => {
              req.off('drain', done).off('close', done);
              resume();
            };
            req.once('drain', done).once('close', done);
          });
        }
      }
      if (!req.destroyed && !settled) req.end(body.tail);
    };
    void send();
  });
}

export type SlowKind = 'idle' | 'headers' | 'body';

export interface SlowSocket {
  kind: SlowKind;
  openedAt: number;
  /** When the server closed it, if it did. */
  closedAt?: number;
  /** The first line of what the server said before closing, if anything (e.g. "HTTP/1.1 408 Request Timeout"). */
  said?: string;
}

/**
 * One slowloris socket: `idle` connects and says nothing; `headers` sends a request line and then one header line
 * every `dripMs`, never the blank line; `body` sends complete headers announcing 1 MB and then one byte per
 * `dripMs`. Resolves once the server has closed it (or `abort` is called).
 */
export function slowSocket(
  port: number,
  kind: SlowKind,
  path: string,
  dripMs = 500,
): { socket: Socket; record: SlowSocket; closed: Promise<SlowSocket> } {
  const record: SlowSocket = { kind, openedAt: performance.now() };
  const socket = connect(port, '127.0.0.1');
  let drip: NodeJS.Timeout | undefined;
  socket.setNoDelay(true);
  socket.on('error', () => undefined);
  socket.once('connect', () => {
    if (kind === 'headers') {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n`);
      let n = 0;
      drip = setInterval(() => socket.write(`X-Slow-${n++}: a\r\n`), dripMs);
    } else if (kind === 'body') {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n[`,
      );
      drip = setInterval(() => socket.write('0'), dripMs);
    }
  });
  socket.on('data', (data: Buffer) => {
    record.said ??= data.toString('latin1').split('\r\n')[0];
  });
  const closed = new Promise<SlowSocket>((resolve) => {
    socket.once('close', () => {
      clearInterval(drip);
      record.closedAt ??= performance.now();
      resolve(record);
    });
  });
  return { socket, record, closed };
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A complete, valid 8-bit greyscale PNG of `width`×`height` black pixels: a few hundred KB on the wire for
 * 20000×20000, 400 MB once decoded (a "pixel flood"). The rows are compressed as a stream, never held whole.
 */
export async function pixelFloodPng(width: number, height: number): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const rowsPerWrite = 100;
  const rows = Buffer.alloc((width + 1) * rowsPerWrite); // each row: filter byte 0, then the pixels
  const deflate = createDeflate({ level: 9 });
  const compressed: Buffer[] = [];
  deflate.on('data', (part: Buffer) => compressed.push(part));
  const done = new Promise<void>((resolve, reject) => {
    deflate.once('end', resolve);
    deflate.once('error', reject);
  });
  for (let written = 0; written < height; written += rowsPerWrite) {
    const count = Math.min(rowsPerWrite, height - written);
    const part = count === rowsPerWrite ? rows : rows.subarray(0, (width + 1) * count);
    if (!deflate.write(part)) await new Promise((resume) => deflate.once('drain', resume));
  }
  deflate.end();
  await done;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.concat(compressed)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
