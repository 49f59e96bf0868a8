/**
 * A hub reconnect storm: `total` WebSocket connections, `concurrency` at a time, each connecting without
 * negotiation and completing the SignalR JSON handshake (every `joinEvery`-th also invoking Join, as the SPA does),
 * then dropping (a clean close, a SignalR Close record, or the TCP connection cut without a word) and reconnecting
 * at once.
 *
 * With `perSecond`, new connections start at that rate (a crowd of clients coming back with jittered delays);
 * without it each loop reconnects as soon as it can, so the storm grows with the server's speed.
 *
 * A 503 (the server shedding load, plugins/pressure.ts) is retried after a short random pause, as a client with a
 * jittered reconnect policy would; every other failure counts as failed.
 *
 * Runs in a child process of its own (`runHubStorm`), so the storm's sockets and CPU stay out of the test process,
 * which measures REST throughput meanwhile and has its own file-descriptor limit (`ulimit -n`) to respect.
 */
import { fileURLToPath } from 'node:url';
import { HUB_METHODS } from '@rummage/contract';
import { RawHubSocket } from '../../src/realtime/test/server.js';
import { runClientProcess, STARTED } from './client-process.js';

export interface StormOptions {
  /** ws://host:port/hubpath */
  url: string;
  token: string;
  total: number;
  concurrency: number;
  /** Every n-th connection invokes Join (a database query per call) before dropping; the others only handshake. */
  joinEvery?: number;
  /** A connection that has not finished its handshake (and Join) by then counts as failed. */
  attemptTimeoutMs?: number;
  /** New connections a second, all loops together; retries after a 503 keep their own pause. */
  perSecond?: number;
}

export interface StormResult {
  attempts: number;
  /** Connections that completed the handshake (and Join's completion where asked). */
  completed: number;
  failed: number;
  /** Upgrades refused with 503 while the server shed load (each retried). */
  shed: number;
  /** A few failure reasons, for the test's message. */
  errors: string[];
  durationMs: number;
  p99ConnectMs: number;
}

const DROPS = ['close', 'signalr-close', 'cut'] as const;
/** How RawHubSocket reports a refused upgrade of this status. */
const SHED = 'upgrade answered 503';

async function once(options: StormOptions, attempt: number): Promise<number> {
  const started = performance.now();
  const socket = new RawHubSocket(options.url, options.token);
  const timer = setTimeout(() => socket.ws.terminate(), options.attemptTimeoutMs ?? 20_000);
  try {
    await socket.opened;
    await socket.handshake();
    if (attempt % (options.joinEvery ?? 1) === 0) {
      const invocationId = String(attempt);
      socket.send({ type: 1, invocationId, target: HUB_METHODS.general.join, arguments: [false] });
      const completion = await socket.until(
        (record) => record.type === 3 && record.invocationId === invocationId,
      );
      if (completion.error) throw new Error(`Join failed: ${String(completion.error)}`);
    }
    const connectedMs = performance.now() - started;
    const drop = DROPS[attempt % DROPS.length];
    if (drop === 'signalr-close') socket.send({ type: 7 });
    if (drop === 'cut') socket.ws.terminate();
    else socket.close();
    await socket.closed;
    return connectedMs;
  } finally {
    clearTimeout(timer);
    socket.ws.terminate();
  }
}

async function storm(options: StormOptions): Promise<StormResult> {
  const started = performance.now();
  let next = 0;
  const connectMs: number[] = [];
  const errors: string[] = [];
  let failed = 0;
  let shed = 0;
  const loop = async () => {
    while (next < options.total) {
      const attempt = next++;
      if (options.perSecond) {
        const wait = started + (attempt * 1000) / options.perSecond - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      }
      for (;;) {
        try {
          connectMs.push(await once(options, attempt));
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          if (message === SHED) {
            shed++;
            await new Promise((resolve) => setTimeout(resolve, 250 + Math.random() * 500));
            continue;
          }
          failed++;
          if (errors.length < 5) errors.push(message);
        }
        break;
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, loop));
  connectMs.sort((a, b) => a - b);
  return {
    attempts: next,
    completed: connectMs.length,
    failed,
    shed,
    errors,
    durationMs: performance.now() - started,
    p99ConnectMs: connectMs[Math.floor(connectMs.length * 0.99)] ?? Number.NaN,
  };
}

export interface RunningStorm {
  /** Settles when the child has loaded and its first clients are connecting. */
  started: Promise<void>;
  /** What the clients saw, once every attempt has ended. */
  done: Promise<StormResult>;
}

/** Runs the storm in a child process. */
export function runHubStorm(options: StormOptions): RunningStorm {
  const { started, done } = runClientProcess<StormResult>(
    import.meta.url,
    'HUB_STORM',
    options,
    'the hub storm',
  );
  return { started, done };
}

if (process.env.HUB_STORM && process.argv[1] === fileURLToPath(import.meta.url)) {
  process.stdout.write(`${STARTED}\n`);
  const result = await storm(JSON.parse(process.env.HUB_STORM) as StormOptions);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
