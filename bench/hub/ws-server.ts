/**
 * The floor of bench/hub: a raw `ws` server doing the least a SignalR fan-out can do, in a process of its own
 * (spawned by run.ts with an IPC channel and --expose-gc). It answers the JSON handshake, and for each Invocation
 * record it reads builds the same Invocation frame our hub sends (`{"type":1,"target":"fanout","arguments":[…]}`)
 * once and `send`s it to every client (or every client that joined the room), as a broadcast is written with `ws`
 * by hand: no connection objects, no groups, no backplane, no turns, no gathering.
 *
 * Sends `{ type: 'listening', port }`, and answers `{ type: 'stats' }` with RSS after a full GC.
 */
import { createServer } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import { FANOUT_EVENT, SIGNALR_HUB_PATH, type ServerControl, type ServerMessage } from './shared.js';

const RS = '\u001e';
const send = (message: ServerMessage) => process.send?.(message);

const server = createServer((_request, response) => response.writeHead(404).end());
const wss = new WebSocketServer({ server, path: SIGNALR_HUB_PATH, perMessageDeflate: false });
const room = new Set<WebSocket>();

wss.on('connection', (ws) => {
  let handshaken = false;
  ws.on('message', (data) => {
    for (const record of String(data).split(RS)) {
      if (!record) continue;
      if (!handshaken) {
        handshaken = true;
        ws.send(`{}${RS}`);
        continue;
      }
      const message = JSON.parse(record) as {
        type: number;
        invocationId?: string;
        target: string;
        arguments: [];
      };
      if (message.type !== 1) continue;
      if (message.target === 'Join') {
        room.add(ws);
        ws.send(`${JSON.stringify({ type: 3, invocationId: message.invocationId, result: null })}${RS}`);
        continue;
      }
      // Encoded once; each send only frames it, as our hub and Socket.IO do with a broadcast.
      const frame = Buffer.from(
        `${JSON.stringify({ type: 1, target: FANOUT_EVENT, arguments: message.arguments })}${RS}`,
      );
      const to = message.target === 'BroadcastRoom' ? room : wss.clients;
      for (const client of to) if (client.readyState === client.OPEN) client.send(frame, { binary: false });
    }
  });
  ws.on('close', () => room.delete(ws));
  ws.on('error', () => undefined);
});

await new Promise<void>((resolve) => server.listen({ host: '127.0.0.1', port: 0, backlog: 4096 }, resolve));

process.on('message', (message: ServerControl) => {
  if (message.type !== 'stats') return;
  global.gc?.();
  global.gc?.();
  const memory = process.memoryUsage();
  send({ type: 'stats', rss: memory.rss, heapUsed: memory.heapUsed, connections: wss.clients.size });
});

let closing = false;
function close() {
  if (closing) return;
  closing = true;
  for (const client of wss.clients) client.terminate();
  wss.close();
  server.close(() => process.exit(0));
}
process.on('SIGTERM', close);
process.on('disconnect', close);

const address = server.address();
send({ type: 'listening', port: typeof address === 'object' && address ? address.port : 0 });
