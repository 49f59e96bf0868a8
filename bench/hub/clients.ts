/**
 * Load-side clients, each speaking its protocol minimally over `ws`: a SignalR JSON client (handshake, records
 * split on 0x1E, Invocation without invocationId to send, one invoke for Join), and Socket.IO either through
 * socket.io-client (transports: ['websocket']) or as raw Engine.IO v4 / Socket.IO v5 packets.
 * Every client hands each fanned-out payload to `onPayload`; only the sender ever calls `broadcast`.
 */
import { WebSocket } from 'ws';
import {
  FANOUT_EVENT,
  SIGNALR_HUB_PATH,
  type FanOutTarget,
  type LoadOptions,
  type Payload,
} from './shared.js';

export interface BenchClient {
  broadcast(payload: Payload): void;
  close(): void;
}

type OnPayload = (payload: Payload) => void;

const RS = '\u001e';
const CONNECT_TIMEOUT_MS = 30_000;

function withTimeout<T>(promise: Promise<T>, what: string, onTimeout: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout();
      reject(new Error(`${what} timed out after ${CONNECT_TIMEOUT_MS} ms`));
    }, CONNECT_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** SignalR over WebSockets with skipNegotiation, as `@microsoft/signalr` does with `skipNegotiation: true`. */
function connectSignalR(options: LoadOptions, index: number, onPayload: OnPayload): Promise<BenchClient> {
  const base = options.bases[index % options.bases.length]!;
  const url = `${base.replace(/^http/, 'ws')}${SIGNALR_HUB_PATH}`;
  const ws = new WebSocket(url, {
    headers: { authorization: `Bearer bench-${index + 1}` },
    perMessageDeflate: false,
  });
  const method = options.target === 'all' ? 'BroadcastAll' : 'BroadcastRoom';
  let handshaken = false;
  let joined: (() => void) | undefined;

  const ready = new Promise<void>((resolve, reject) => {
    ws.once('error', reject);
    ws.once('close', (code) => reject(new Error(`closed with ${code} before the handshake`)));
    ws.once('open', () => ws.send(`${JSON.stringify({ protocol: 'json', version: 1 })}${RS}`));
    ws.on('message', (data) => {
      for (const record of String(data).split(RS)) {
        if (!record) continue;
        const message = JSON.parse(record) as {
          type?: number;
          target?: string;
          arguments?: unknown[];
          error?: string;
        };
        if (!handshaken) {
          handshaken = true;
          if (message.error) reject(new Error(`handshake refused: ${message.error}`));
          else resolve();
        } else if (message.type === 1 && message.target === FANOUT_EVENT) {
          onPayload(message.arguments![0] as Payload);
        } else if (message.type === 3) {
          joined?.();
        }
      }
    });
  });

  return withTimeout(ready, 'SignalR connect', () => ws.terminate()).then(async () => {
    ws.removeAllListeners('error').on('error', () => undefined);
    if (options.target === 'room') {
      const done = new Promise<void>((resolve) => (joined = resolve));
      ws.send(`${JSON.stringify({ type: 1, invocationId: '0', target: 'Join', arguments: [] })}${RS}`);
      await withTimeout(done, 'SignalR Join', () => ws.terminate());
    }
    return {
      broadcast: (payload) =>
        ws.send(`${JSON.stringify({ type: 1, target: method, arguments: [payload] })}${RS}`),
      close: () => ws.terminate(),
    };
  });
}

const socketIoEvent = (target: FanOutTarget) => (target === 'all' ? 'broadcast-all' : 'broadcast-room');

/**
 * Engine.IO v4 over a WebSocket: the server opens with `0{…}`, pings with `2` (answered `3`); Socket.IO packets
 * ride in Engine.IO messages (`4`): `40` connects the main namespace, `42[…]` is an event, `43<id>[…]` an ack.
 */
function connectSocketIoRaw(options: LoadOptions, onPayload: OnPayload): Promise<BenchClient> {
  const url = `${options.bases[0]!.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`;
  const ws = new WebSocket(url, { perMessageDeflate: false });
  let joined: (() => void) | undefined;

  const ready = new Promise<void>((resolve, reject) => {
    ws.once('error', reject);
    ws.once('close', (code) => reject(new Error(`closed with ${code} before connecting`)));
    ws.on('message', (data) => {
      const packet = String(data);
      if (packet === '2') return void ws.send('3');
      if (packet[0] === '0') return void ws.send('40');
      if (packet[0] !== '4') return;
      if (packet[1] === '2') {
        const [event, payload] = JSON.parse(packet.slice(2)) as [string, Payload];
        if (event === FANOUT_EVENT) onPayload(payload);
      } else if (packet[1] === '0') resolve();
      else if (packet[1] === '3') joined?.();
      else if (packet[1] === '4') reject(new Error(`connect refused: ${packet.slice(2)}`));
    });
  });

  return withTimeout(ready, 'Socket.IO connect', () => ws.terminate()).then(async () => {
    ws.removeAllListeners('error').on('error', () => undefined);
    if (options.target === 'room') {
      const done = new Promise<void>((resolve) => (joined = resolve));
      ws.send(`421${JSON.stringify(['join'])}`);
      await withTimeout(done, 'Socket.IO join', () => ws.terminate());
    }
    const event = socketIoEvent(options.target);
    return {
      broadcast: (payload) => ws.send(`42${JSON.stringify([event, payload])}`),
      close: () => ws.terminate(),
    };
  });
}

/** The parts of socket.io-client used here (it is imported by name, so the bench type-checks without it). */
interface IoSocket {
  on(event: string, listener: (...args: never[]) => void): void;
  emit(event: string, ...args: unknown[]): void;
  emitWithAck(event: string, ...args: unknown[]): Promise<unknown>;
  disconnect(): void;
}
type Io = (url: string, options: Record<string, unknown>) => IoSocket;
let io: Io | undefined;

async function connectSocketIoOfficial(options: LoadOptions, onPayload: OnPayload): Promise<BenchClient> {
  if (!io) {
    const name = 'socket.io-client';
    io = ((await import(name)) as { io: Io }).io;
  }
  const socket = io(options.bases[0]!, {
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    timeout: CONNECT_TIMEOUT_MS,
    perMessageDeflate: false,
  });
  socket.on(FANOUT_EVENT, (payload: Payload) => onPayload(payload));
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', () => resolve());
    socket.on('connect_error', (error: Error) => reject(error));
  });
  if (options.target === 'room') await socket.emitWithAck('join');
  const event = socketIoEvent(options.target);
  return { broadcast: (payload) => socket.emit(event, payload), close: () => socket.disconnect() };
}

export function connectClient(
  options: LoadOptions,
  index: number,
  onPayload: OnPayload,
): Promise<BenchClient> {
  if (options.server !== 'socketio') return connectSignalR(options, index, onPayload);
  if (options.socketIoClient === 'raw') return connectSocketIoRaw(options, onPayload);
  return connectSocketIoOfficial(options, onPayload);
}
