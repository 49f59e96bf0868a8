import type { RawData, WebSocket } from 'ws';
import type { ServerConnection, TransportSink } from '../connection.js';
import type { Corkable, FrameGathering } from '../gather.js';

/** ws's internal writer; `sendFrame` writes a ready-built frame (what Socket.IO's engine uses for broadcasts). */
interface FrameWriter {
  sendFrame?(list: Buffer[]): void;
}

/** Past this much unsent data the client is not reading; drop it rather than buffer without end. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

function text(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

/**
 * WebSocket transport. Records go out as text frames (the JSON client throws on binary ones); incoming frames
 * may hold several records or part of one, which the connection's record reader sorts out.
 */
export function attachWebSocket(
  connection: ServerConnection,
  ws: WebSocket,
  gathering: FrameGathering,
): void {
  const socket = (ws as unknown as { _socket?: Corkable })._socket;
  const sink: TransportSink = {
    kind: 'WebSockets',
    write(data, shared) {
      if (ws.readyState !== ws.OPEN) return;
      // Frames written while a burst of invocations goes on (broadcasts, pushes, completions) leave together in
      // one writev instead of one system call each (gather.ts).
      if (socket) gathering.hold(socket);
      const writer = (ws as unknown as { _sender?: FrameWriter })._sender;
      // A pre-built frame bypasses ws's queue, which only holds frames while compressing: never on our sockets.
      const frame = shared && !ws.extensions && writer?.sendFrame ? shared.webSocketFrame() : null;
      if (frame) writer!.sendFrame!([frame]);
      else ws.send(data);
      if (ws.bufferedAmount > MAX_BUFFERED_BYTES) ws.terminate();
    },
    end() {
      if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING) ws.close(1000);
    },
    terminate() {
      ws.terminate();
    },
  };
  connection.attach(sink);
  // Once a resumed WebSocket took the connection over (stateful reconnect), this one's leftovers are not read.
  ws.on('message', (data) => {
    if (connection.transport === sink) connection.receive(text(data));
  });
  // 'error' is always followed by 'close'; without a listener it would be thrown.
  ws.on('error', () => undefined);
  ws.on('close', (code) => {
    const clean = code === 1000 || code === 1001 || code === 1005;
    connection.transportClosed(
      clean ? undefined : new Error(`WebSocket closed with status code: ${code}.`),
      sink,
    );
  });
}
