/**
 * bench/hub-burst: does one person's burst of hub invocations stall the whole process? The real app runs on PGlite
 * (the embedded database, one query at a time) in a process of its own; one buyer opens 10 /chathub WebSockets and
 * fires 2,000 invocations at once, spread over them — a third JoinChat to a real chat, a third JoinChat to listings
 * that do not exist, a third SendMessage to the real chat — while GET /healthz is sent every 50 ms without waiting
 * for earlier answers. Prints the probes' worst, p95 and p50 latency and how every invocation ended. See
 * docs/benchmarks.md, "bench/hub-burst".
 *
 *   npm run bench:hub-burst [-- --connections 10 --invocations 2000 --probe-ms 50 --json FILE]
 *
 * Notifications are on: the seller is away with a push subscription to a stand-in push service in this process, and
 * unread messages are e-mailed (to the outbox) after a second, so the burst also makes centre entries, push jobs
 * and e-mail jobs on the same PGlite; the pushes that arrived are counted.
 *
 * The app takes its settings from the environment, so a PRESSURE_* default can be tried without editing code
 * (PRESSURE_MAX_EVENT_LOOP_DELAY_MS=1000 npm run bench:hub-burst).
 */
import { rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { WebSocket } from 'ws';
import { API, HUB_EVENTS, HUB_METHODS, HUBS } from '@rummage/contract';
import { startAppProcess, type AppProcess } from '../feed/app-process.js';
import { percentile } from '../feed/http.js';
import { loadAverage, machine as describeMachine, machineLine } from '../feed/machine.js';
import { markdownTable } from '../feed/report.js';
import { prepareScene, type Scene } from './scene.js';

const { values: args } = parseArgs({
  options: {
    connections: { type: 'string', default: '10' },
    invocations: { type: 'string', default: '2000' },
    'probe-ms': { type: 'string', default: '50' },
    'timeout-ms': { type: 'string', default: '120000' },
    json: { type: 'string' },
  },
});
const whole = (name: keyof typeof args) => {
  const n = Number(String(args[name]).replace(/_/g, ''));
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive whole number`);
  return n;
};
const connectionCount = whole('connections');
const invocationCount = whole('invocations');
const probeEveryMs = whole('probe-ms');
const timeoutMs = whole('timeout-ms');

const RS = '\u001e';
const log = (line: string) => console.log(line);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const KINDS = ['JoinChat (real chat)', 'JoinChat (no such listing)', 'SendMessage'] as const;
type Kind = (typeof KINDS)[number];

/** How one invocation ended: 'ok', the error text of its Completion, or 'no answer'. */
type Outcome = string;

interface BurstClient {
  ws: WebSocket;
  /** invocationId → settle with its outcome */
  pending: Map<string, (outcome: Outcome) => void>;
  messageErrors: string[];
  closed: boolean;
}

async function openClient(origin: string, token: string): Promise<BurstClient> {
  const negotiate = await fetch(`${origin}${HUBS.chat}/negotiate?negotiateVersion=1`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  if (negotiate.status !== 200) throw new Error(`negotiate answered ${negotiate.status}`);
  const { connectionToken } = (await negotiate.json()) as { connectionToken: string };
  const ws = new WebSocket(`${origin.replace('http', 'ws')}${HUBS.chat}?id=${connectionToken}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const client: BurstClient = { ws, pending: new Map(), messageErrors: [], closed: false };
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => ws.send(JSON.stringify({ protocol: 'json', version: 1 }) + RS));
    ws.once('error', reject);
    ws.once('message', () => resolve()); // the handshake answer
  });
  ws.on('message', (data) => {
    for (const text of data.toString().split(RS)) {
      if (!text) continue;
      const record = JSON.parse(text) as {
        type: number;
        invocationId?: string;
        error?: string;
        target?: string;
        arguments?: unknown[];
      };
      if (record.type === 3 && record.invocationId) {
        client.pending.get(record.invocationId)?.(record.error ?? 'ok');
        client.pending.delete(record.invocationId);
      } else if (record.type === 1 && record.target === HUB_EVENTS.messageError) {
        client.messageErrors.push(String(record.arguments?.[0]));
      }
    }
  });
  ws.on('close', () => {
    client.closed = true;
    for (const settle of client.pending.values()) settle('no answer (connection closed)');
    client.pending.clear();
  });
  return client;
}

function invocation(scene: Scene, index: number): { kind: Kind; target: string; arguments: unknown[] } {
  const kind = KINDS[index % KINDS.length]!;
  if (kind === 'SendMessage') {
    const text = `burst message ${index}`;
    const at = new Date().toISOString();
    return {
      kind,
      target: HUB_METHODS.chat.sendMessage,
      arguments: [scene.seller.id, text, scene.productId, at],
    };
  }
  const productId = kind === 'JoinChat (real chat)' ? scene.productId : 1_000_000_000 + index;
  return { kind, target: HUB_METHODS.chat.joinChat, arguments: [scene.seller.id, productId] };
}

/** GET /healthz every `probeEveryMs`, each on its own, until stopped; answers each probe's status and latency. */
function startProbes(origin: string) {
  const probes: Array<{ at: number; ms: number; status: number }> = [];
  const inFlight = new Set<Promise<void>>();
  const fire = () => {
    const started = performance.now();
    const done = fetch(`${origin}${API.health.live}`, { signal: AbortSignal.timeout(timeoutMs) })
      .then(async (response) => {
        await response.arrayBuffer();
        return response.status;
      })
      .catch(() => 0)
      .then((status) => {
        probes.push({ at: started, ms: performance.now() - started, status });
      });
    inFlight.add(done);
    void done.finally(() => inFlight.delete(done));
  };
  const timer = setInterval(fire, probeEveryMs);
  fire();
  return {
    probes,
    async stop() {
      clearInterval(timer);
      await Promise.all(inFlight);
    },
  };
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : '–');

async function main() {
  const machine = describeMachine();
  log(machineLine(machine));
  const pressureSetting = process.env.PRESSURE_MAX_EVENT_LOOP_DELAY_MS ?? '(default)';
  log(`PRESSURE_MAX_EVENT_LOOP_DELAY_MS=${pressureSetting}`);
  // The push-service stand-in: answers 201 to every push and counts them.
  let pushesArrived = 0;
  const pushService = createServer((request, response) => {
    pushesArrived++;
    request.resume().on('end', () => response.writeHead(201).end());
  });
  await new Promise<void>((done) => pushService.listen(0, '127.0.0.1', done));
  const pushEndpoint = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}/push/seller`;
  process.env.PUSH_ALLOW_INSECURE_ENDPOINTS = 'true';
  process.env.NOTIFY_EMAIL_DELAY_MS = '1000';
  log('preparing the people and the chat on PGlite (notifications on: the seller is away, push and e-mail)…');
  const scene = await prepareScene(pushEndpoint);
  let app: AppProcess | undefined;
  try {
    process.env.BENCH_DATA_DIR = scene.dataDir;
    app = await startAppProcess('');
    const origin = `http://127.0.0.1:${app.port}`;
    const clients = await Promise.all(
      Array.from({ length: connectionCount }, () => openClient(origin, scene.buyer.token)),
    );
    log(`${connectionCount} /chathub connections open; probing /healthz every ${probeEveryMs} ms`);
    await sleep(1_500); // past the pressure plugin's start-up grace, and a quiet baseline
    const probing = startProbes(origin);
    await sleep(500);

    const outcomes: Array<Promise<{ kind: Kind; outcome: Outcome }>> = [];
    const burstStarted = performance.now();
    for (let index = 0; index < invocationCount; index++) {
      const client = clients[index % connectionCount]!;
      const { kind, target, arguments: callArgs } = invocation(scene, index);
      const invocationId = String(index);
      outcomes.push(
        new Promise<Outcome>((resolve) => client.pending.set(invocationId, resolve)).then((outcome) => ({
          kind,
          outcome,
        })),
      );
      client.ws.send(JSON.stringify({ type: 1, invocationId, target, arguments: callArgs }) + RS);
    }
    const deadline = setTimeout(() => {
      for (const client of clients) {
        for (const settle of client.pending.values()) settle('no answer (timed out)');
      }
    }, timeoutMs);
    const ended = await Promise.all(outcomes);
    clearTimeout(deadline);
    const burstMs = performance.now() - burstStarted;
    await sleep(500);
    await probing.stop();

    const during = probing.probes.filter((probe) => probe.at >= burstStarted - probeEveryMs);
    const latencies = during.map((probe) => probe.ms);
    const failedProbes = during.filter((probe) => probe.status !== 200).length;
    const statuses: Record<string, number> = {};
    for (const { status } of during)
      statuses[status || 'no answer'] = (statuses[String(status || 'no answer')] ?? 0) + 1;
    const summary = {
      probes: during.length,
      failedProbes,
      worstMs: Math.max(...latencies),
      p95Ms: percentile(latencies, 95),
      p50Ms: percentile(latencies, 50),
      statuses,
    };
    const tally = new Map<string, number>();
    for (const { kind, outcome } of ended) {
      const key = `${kind}\u0000${outcome}`;
      tally.set(key, (tally.get(key) ?? 0) + 1);
    }
    const messageErrors = new Map<string, number>();
    for (const text of clients.flatMap((client) => client.messageErrors)) {
      messageErrors.set(text, (messageErrors.get(text) ?? 0) + 1);
    }
    const closedConnections = clients.filter((client) => client.closed).length;
    for (const client of clients) client.ws.close();

    log('');
    log(
      `burst of ${invocationCount} invocations over ${connectionCount} connections: all ended after ` +
        `${(burstMs / 1000).toFixed(1)} s; ${closedConnections} connections closed by the server`,
    );
    log(
      `/healthz during the burst: ${summary.probes} probes, worst ${ms(summary.worstMs)} ms, ` +
        `p95 ${ms(summary.p95Ms)} ms, p50 ${ms(summary.p50Ms)} ms, answers ${JSON.stringify(statuses)}`,
    );
    log('');
    log(
      markdownTable(
        ['invocation', 'ended with', 'count'],
        [...tally].map(([key, count]) => {
          const [kind, outcome] = key.split('\u0000') as [string, string];
          return [kind, outcome.length > 110 ? `${outcome.slice(0, 107)}…` : outcome, String(count)];
        }),
      ),
    );
    if (messageErrors.size > 0) {
      log('');
      log(
        markdownTable(
          ['MessageError pushed', 'count'],
          [...messageErrors].map(([t, n]) => [t, String(n)]),
        ),
      );
    }
    log(`pushes that reached the push-service stand-in: ${pushesArrived}`);
    log(`load average at the end: ${loadAverage()}`);
    if (args.json) {
      const report = {
        machine,
        pressureSetting,
        connections: connectionCount,
        invocations: invocationCount,
        probeEveryMs,
        burstMs,
        closedConnections,
        healthz: summary,
        outcomes: [...tally].map(([key, count]) => {
          const [kind, outcome] = key.split('\u0000') as [string, string];
          return { kind, outcome, count };
        }),
        messageErrors: Object.fromEntries(messageErrors),
        pushesArrived,
      };
      writeFileSync(args.json, JSON.stringify(report, null, 2));
      log(`wrote ${args.json}`);
    }
  } finally {
    await app?.stop();
    pushService.close();
    rmSync(scene.dataDir, { recursive: true, force: true });
  }
}

await main();
