import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { ServerConnection, TransportSink } from '../connection.js';

/** ASP.NET's response headers; X-Accel-Buffering keeps nginx from holding events back. */
const SSE_HEADERS = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache,no-store',
  pragma: 'no-cache',
  'content-encoding': 'identity',
  'x-accel-buffering': 'no',
} as const;

const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/** One event per write: a `data:` line for each line of the records, then a blank line. */
function event(data: string): string {
  let out = '';
  for (const line of data.split('\n')) out += `data: ${line}\r\n`;
  return `${out}\r\n`;
}

/**
 * Server-Sent Events: the server → client half (sends arrive by POST). The comment line goes out at once because
 * the client's start() waits for the EventSource to open, and some browsers only open on data.
 */
export function attachServerSentEvents(connection: ServerConnection, reply: FastifyReply): FastifyReply {
  const stream = new PassThrough();
  stream.write(':\r\n');
  const sink: TransportSink = {
    kind: 'ServerSentEvents',
    write(data) {
      if (stream.writableEnded) return;
      stream.write(event(data));
      // A client that stopped reading would make these buffers grow without end.
      if (stream.writableLength + reply.raw.writableLength > MAX_BUFFERED_BYTES) reply.raw.destroy();
    },
    end() {
      if (!stream.writableEnded) stream.end();
    },
    terminate() {
      reply.raw.destroy();
    },
  };
  connection.attach(sink);
  // The client stops SSE by closing the EventSource; there is no DELETE.
  reply.raw.on('close', () => connection.transportClosed());
  return reply.code(200).headers(SSE_HEADERS).send(stream);
}
