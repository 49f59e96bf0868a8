/**
 * The client side of bench/hub, in its own process (spawned by run.ts with an IPC channel) so the server's event
 * loop is measured alone. Opens `connections` clients; client 0 is also the sender. Sender and receivers share
 * this process's clock, so a payload's send time gives the fan-out latency directly.
 *
 * Options come as JSON in HUB_BENCH_LOAD (LoadOptions); commands (LoadCommand) arrive over IPC, one at a time.
 */
import { connectClient, type BenchClient } from './clients.js';
import {
  percentiles,
  type ConnectResult,
  type LoadCommand,
  type LoadOptions,
  type LoadReply,
  type Payload,
  type PhaseResult,
  type PhaseSpec,
} from './shared.js';

const options = JSON.parse(process.env.HUB_BENCH_LOAD ?? '') as LoadOptions;
const reply = (message: LoadReply) => process.send?.(message);
const clients: BenchClient[] = [];
const padding = 'x'.repeat(options.padding);

/** What the receivers are collecting; payloads of an earlier phase are ignored. */
let phase = { id: 0, received: 0, lastReceipt: 0, latencies: new Float64Array(0) };

function onPayload(payload: Payload) {
  const now = performance.now();
  if (payload.r !== phase.id) return;
  if (phase.received < phase.latencies.length) phase.latencies[phase.received] = now - payload.t;
  phase.received += 1;
  phase.lastReceipt = now;
}

async function connectAll(): Promise<ConnectResult> {
  const started = performance.now();
  let next = 0;
  let failed = 0;
  let firstError: string | undefined;
  const worker = async () => {
    while (next < options.connections) {
      const index = next++;
      try {
        clients[index] = await connectClient(options, index, onPayload);
      } catch (error) {
        failed += 1;
        firstError ??= error instanceof Error ? error.message : String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency, options.connections) }, worker));
  const connected = clients.filter(Boolean);
  clients.length = 0;
  clients.push(...connected);
  return { ms: performance.now() - started, connected: clients.length, failed, firstError };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function runPhase(spec: PhaseSpec): Promise<PhaseResult> {
  const sender = clients[0];
  if (!sender) throw new Error('no connected client to send from');
  const expected = spec.messages * clients.length;
  phase = { id: phase.id + 1, received: 0, lastReceipt: 0, latencies: new Float64Array(expected) };
  const id = phase.id;
  const payload = (s: number): Payload => ({ r: id, s, t: performance.now(), p: padding });

  const firstSend = performance.now();
  if (spec.rate <= 0) {
    for (let s = 0; s < spec.messages; s++) sender.broadcast(payload(s));
  } else {
    // Open loop: each message leaves at its own due time, whatever happened to the previous ones.
    const interval = 1000 / spec.rate;
    for (let s = 0; s < spec.messages; s++) {
      const wait = firstSend + s * interval - performance.now();
      if (wait > 0) await sleep(wait);
      sender.broadcast(payload(s));
    }
  }
  const lastSend = performance.now();

  let seen = -1;
  let quietSince = performance.now();
  while (phase.received < expected) {
    await sleep(20);
    if (phase.received !== seen) {
      seen = phase.received;
      quietSince = performance.now();
    } else if (performance.now() - quietSince > spec.idleMs) {
      break;
    }
  }
  return {
    name: spec.name,
    sent: spec.messages,
    expected,
    received: phase.received,
    durationMs: (phase.lastReceipt || lastSend) - firstSend,
    sendMs: lastSend - firstSend,
    latencyMs: percentiles(phase.latencies, Math.min(phase.received, expected)),
  };
}

process.on('message', (command: LoadCommand) => {
  const run = async () => {
    if (command.type === 'connect') reply({ type: 'connected', ...(await connectAll()) });
    else if (command.type === 'phase') reply({ type: 'phase', result: await runPhase(command) });
    else {
      for (const client of clients) client.close();
      await sleep(200);
      process.exit(0);
    }
  };
  run().catch((error: unknown) =>
    reply({
      type: 'error',
      message: error instanceof Error ? (error.stack ?? error.message) : String(error),
    }),
  );
});
process.on('disconnect', () => process.exit(0));
