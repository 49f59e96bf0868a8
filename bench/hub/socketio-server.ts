/**
 * The Socket.IO baseline for bench/hub, in a process of its own (spawned by run.ts with an IPC channel and
 * --expose-gc): socket.io attached to a bare Fastify server (the same HTTP stack as ours), WebSocket transport
 * only, default in-memory adapter, the same work as our hub: `join` (the room, acknowledged), `broadcast-all`
 * (io.emit) and `broadcast-room` (io.to(room).emit).
 *
 * socket.io is imported by name, so the bench type-checks when it is not installed (run.ts checks first).
 */
import Fastify from 'fastify';
import { FANOUT_EVENT, type ServerControl, type ServerMessage } from './shared.js';

const ROOM = 'room';
const send = (message: ServerMessage) => process.send?.(message);

/** The parts of the socket.io API used here. */
interface IoSocket {
  join(room: string): void;
  on(event: string, listener: (...args: never[]) => void): void;
}
interface IoServer {
  on(event: 'connection', listener: (socket: IoSocket) => void): void;
  emit(event: string, ...args: unknown[]): void;
  to(room: string): { emit(event: string, ...args: unknown[]): void };
  close(): Promise<void> | void;
  engine: { clientsCount: number };
}
type IoServerClass = new (server: unknown, options: Record<string, unknown>) => IoServer;

const name = 'socket.io';
const { Server } = (await import(name)) as { Server: IoServerClass };

const app = Fastify({ logger: false });
const io = new Server(app.server, {
  transports: ['websocket'],
  serveClient: false,
  perMessageDeflate: false,
});
io.on('connection', (socket) => {
  socket.on('join', (ack: () => void) => {
    socket.join(ROOM);
    ack();
  });
  socket.on('broadcast-all', (payload: unknown) => io.emit(FANOUT_EVENT, payload));
  socket.on('broadcast-room', (payload: unknown) => io.to(ROOM).emit(FANOUT_EVENT, payload));
});
await app.listen({ host: '127.0.0.1', port: 0, backlog: 4096 });

process.on('message', (message: ServerControl) => {
  if (message.type !== 'stats') return;
  global.gc?.();
  global.gc?.();
  const memory = process.memoryUsage();
  send({ type: 'stats', rss: memory.rss, heapUsed: memory.heapUsed, connections: io.engine.clientsCount });
});

let closing = false;
async function close() {
  if (closing) return;
  closing = true;
  await io.close();
  await app.close().catch(() => undefined);
  process.exit(0);
}
process.on('SIGTERM', () => void close());
process.on('disconnect', () => void close());

const address = app.server.address();
send({ type: 'listening', port: typeof address === 'object' && address ? address.port : 0 });
