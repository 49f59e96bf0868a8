/** What bench/hub's processes tell each other over IPC, and the numbers they compute. */

/**
 * `signalr`: our hub server, one process, memory backplane; `signalr-redis`: the same server in two processes
 * sharing one Redis (the Redis backplane), connections split between them; `socketio`: the Socket.IO baseline;
 * `ws`: the floor, a raw `ws` server writing the same frames with nothing else (ws-server.ts).
 */
export type ServerKind = 'signalr' | 'signalr-redis' | 'socketio' | 'ws';
/** `all`: everyone (SignalR Clients.All, Socket.IO io.emit); `room`: one group/room everyone joined. */
export type FanOutTarget = 'all' | 'room';
/** How the load process speaks Socket.IO: the socket.io-client package, or a few lines of Engine.IO over `ws`. */
export type SocketIoClient = 'official' | 'raw';

export const SIGNALR_HUB_PATH = '/hubs/bench';
/** Server → client method / event name of a fanned-out message. */
export const FANOUT_EVENT = 'fanout';

export type ServerMessage =
  { type: 'listening'; port: number } | { type: 'stats'; rss: number; heapUsed: number; connections: number };
export type ServerControl = { type: 'stats' };

export interface LoadOptions {
  server: ServerKind;
  socketIoClient: SocketIoClient;
  /**
   * http://127.0.0.1:port of each server process (the clients add the hub path or /socket.io/). Connection i goes
   * to process i mod count, so they split evenly and connection 0, the sender, is on the first.
   */
  bases: string[];
  connections: number;
  /** Connections being opened at once. */
  concurrency: number;
  target: FanOutTarget;
  /** Filler characters in every payload, so messages have a realistic size. */
  padding: number;
}

export interface PhaseSpec {
  name: string;
  messages: number;
  /** Messages per second from the sender; 0 sends them all back to back. */
  rate: number;
  /** A phase ends when everything arrived, or when nothing arrived for this long. */
  idleMs: number;
}

export type LoadCommand = { type: 'connect' } | ({ type: 'phase' } & PhaseSpec) | { type: 'close' };

export interface ConnectResult {
  ms: number;
  connected: number;
  failed: number;
  firstError?: string;
}

export interface PhaseResult {
  name: string;
  sent: number;
  expected: number;
  received: number;
  /** First send to last receipt. */
  durationMs: number;
  /** First send to last send. */
  sendMs: number;
  latencyMs: { p50: number; p99: number; max: number };
}

export type LoadReply =
  | ({ type: 'connected' } & ConnectResult)
  | { type: 'phase'; result: PhaseResult }
  | { type: 'error'; message: string };

/** The broadcast body: phase, sequence number, send time (performance.now() of the load process), filler. */
export interface Payload {
  r: number;
  s: number;
  t: number;
  p: string;
}

/** Nearest-rank percentile of the first `count` values (sorted in place). */
export function percentiles(values: Float64Array, count: number): PhaseResult['latencyMs'] {
  if (count === 0) return { p50: NaN, p99: NaN, max: NaN };
  const sorted = values.subarray(0, count).sort();
  const at = (q: number) => sorted[Math.min(count - 1, Math.ceil(q * count) - 1)]!;
  return { p50: at(0.5), p99: at(0.99), max: sorted[count - 1]! };
}
