/**
 * bench/hub: fan-out of one sender's messages to N WebSocket connections, our SignalR hub server against a
 * Socket.IO server doing the same work, side by side in the same run. Each server runs in its own process; the
 * clients run in a third one, so the server's event loop is measured alone (the cores are shared). See
 * docs/benchmarks.md, "Hub fan-out".
 *
 * With --redis, our server also runs as two processes sharing one Redis (REDIS_URL, default the local one; a
 * fresh channel prefix per run), connections split half and half, the sender on the first; it is compared with
 * the one-process memory backplane of the same run.
 *
 *   npm run bench:hub [-- --quick] [-- --redis]
 *   npm run bench:hub -- [--connections 1000,10000 --burst-deliveries 100000 --messages M --paced-rate 2
 *                        --paced-seconds 10 --target all|room --socketio-client official|raw --rounds 1
 *                        --concurrency 100 --padding 100 --servers signalr,signalr-redis,socketio --json FILE]
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import { backplaneStream } from '../../apps/server/src/realtime/backplane/redis-stream.js';
import { stopChild } from '../feed/app-process.js';
import { processCpuMs } from '../feed/cpu.js';
import { loadAverage, machine as describeMachine, machineLine } from '../feed/machine.js';
import {
  fanOutGoalCheck,
  fanOutGoalLines,
  phaseLine,
  redisGoalCheck,
  redisGoalLine,
  redisGoalMedianLines,
  resultTable,
  type FanOutGoalCheck,
  type MeasuredPhase,
  type RedisGoalCheck,
  type ServerRun,
} from './report.js';
import type {
  FanOutTarget,
  LoadCommand,
  LoadOptions,
  LoadReply,
  PhaseSpec,
  ServerControl,
  ServerKind,
  ServerMessage,
  SocketIoClient,
} from './shared.js';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    connections: { type: 'string' },
    messages: { type: 'string' },
    'burst-deliveries': { type: 'string', default: '100000' },
    'paced-seconds': { type: 'string' },
    'paced-rate': { type: 'string', default: '2' },
    target: { type: 'string', default: 'all' },
    'socketio-client': { type: 'string', default: 'official' },
    servers: { type: 'string' },
    redis: { type: 'boolean', default: false },
    rounds: { type: 'string', default: '1' },
    concurrency: { type: 'string', default: '100' },
    padding: { type: 'string', default: '100' },
    json: { type: 'string' },
  },
});
const whole = (value: string, name: string) => {
  const n = Number(value.replace(/_/g, ''));
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`--${name} must be a positive whole number (got "${value}")`);
  return n;
};
const sizes = (args.connections ?? (args.quick ? '200' : '1000,10000'))
  .split(',')
  .map((v) => whole(v, 'connections'));
const burstDeliveries = whole(args['burst-deliveries'], 'burst-deliveries');
/** The burst's message count: --messages, or enough for about --burst-deliveries deliveries in all. */
const burstMessages = (connections: number) =>
  args.messages ? whole(args.messages, 'messages') : Math.max(10, Math.ceil(burstDeliveries / connections));
const pacedSeconds = whole(args['paced-seconds'] ?? (args.quick ? '5' : '10'), 'paced-seconds');
const pacedRate = whole(args['paced-rate'], 'paced-rate');
const rounds = whole(args.rounds, 'rounds');
const concurrency = whole(args.concurrency, 'concurrency');
const padding = whole(args.padding, 'padding');
if (args.target !== 'all' && args.target !== 'room') throw new Error('--target must be all or room');
const target = args.target as FanOutTarget;
if (args['socketio-client'] !== 'official' && args['socketio-client'] !== 'raw') {
  throw new Error('--socketio-client must be official or raw');
}
const socketIoClient = args['socketio-client'] as SocketIoClient;
const idleMs = args.quick ? 3_000 : 5_000;

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const here = join(repoRoot, 'bench/hub');
const log = (line: string) => console.log(line);
const packageJson = (name: string) => join(repoRoot, 'node_modules', name, 'package.json');
const installed = (name: string) => existsSync(packageJson(name));

const KINDS: ServerKind[] = ['signalr', 'signalr-redis', 'socketio', 'ws'];
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
/** Hub channels of this run only: other users of the same Redis never hear them, nor they others. */
const redisPrefix = `rummage-bench-hub-${process.pid}-${Date.now()}:`;
let servers = (args.servers ?? (args.redis ? 'signalr,signalr-redis' : 'signalr,socketio,ws'))
  .split(',')
  .map((s) => s.trim()) as ServerKind[];
for (const server of servers) {
  if (!KINDS.includes(server)) throw new Error(`unknown server "${server}" (known: ${KINDS.join(', ')})`);
}
if (servers.includes('socketio')) {
  const missing = ['socket.io', ...(socketIoClient === 'official' ? ['socket.io-client'] : [])].filter(
    (name) => !installed(name),
  );
  if (missing.length > 0) {
    log(`! ${missing.join(' and ')} not installed (bench devDependencies): measuring our server only`);
    servers = servers.filter((server) => server !== 'socketio');
  }
}

/**
 * Open-file limit of the children; each holds one descriptor per connection. Node lifts its soft limit to the hard
 * one at start-up, so a shell wrapper is only needed (and only helps, with the privilege) past the hard limit.
 */
const softFileLimit = Number(execFileSync('/bin/sh', ['-c', 'ulimit -n']).toString().trim()) || 1024;

function spawnNode(script: string, env: Record<string, string>, connections: number): ChildProcess {
  const node = [process.execPath, '--expose-gc', '--import', 'tsx', join(here, script)];
  const needed = connections + 1024;
  const [command, commandArgs] =
    needed <= softFileLimit
      ? [node[0]!, node.slice(1)]
      : [
          '/bin/sh',
          [
            '-c',
            `ulimit -n ${needed} 2>/dev/null || { echo "bench:hub needs ulimit -n ${needed} ` +
              `(now $(ulimit -n), hard limit $(ulimit -Hn)); raise it and retry" >&2; exit 3; }; exec "$@"`,
            'sh',
            ...node,
          ],
        ];
  return spawn(command, commandArgs, {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

/** Sends `message` (if any) and resolves with the first reply `accept` takes; rejects if the child exits. */
function ask<Reply, Result>(
  child: ChildProcess,
  message: unknown,
  accept: (reply: Reply) => Result | undefined,
): Promise<Result> {
  return new Promise((resolveReply, reject) => {
    const onExit = (code: number | null) => reject(new Error(`child ${child.pid} exited (code ${code})`));
    const onMessage = (reply: Reply) => {
      const result = accept(reply);
      if (result === undefined) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolveReply(result);
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
    if (message !== undefined) child.send(message as object);
  });
}

const children = new Set<ChildProcess>();
async function stop(child: ChildProcess): Promise<void> {
  children.delete(child);
  await stopChild(child);
}

async function startProcess(script: string, env: Record<string, string>, connections: number) {
  const child = spawnNode(script, env, connections);
  children.add(child);
  const port = await ask<ServerMessage, number>(child, undefined, (m) =>
    m.type === 'listening' ? m.port : undefined,
  );
  const stats = () =>
    ask<ServerMessage, Extract<ServerMessage, { type: 'stats' }>>(
      child,
      { type: 'stats' } satisfies ServerControl,
      (m) => (m.type === 'stats' ? m : undefined),
    );
  return { child, port, stats };
}

/** One server under test: one process, or (signalr-redis) two sharing Redis; stats are summed over them. */
async function startServer(kind: ServerKind, connections: number) {
  const processes =
    kind === 'socketio'
      ? [await startProcess('socketio-server.ts', {}, connections)]
      : kind === 'ws'
        ? [await startProcess('ws-server.ts', {}, connections)]
        : kind === 'signalr'
          ? [await startProcess('signalr-server.ts', {}, connections)]
          : await Promise.all(
              [0, 1].map(() =>
                startProcess(
                  'signalr-server.ts',
                  { HUB_BENCH_REDIS_URL: redisUrl, HUB_BENCH_REDIS_PREFIX: redisPrefix },
                  connections,
                ),
              ),
            );
  const stats = async () => {
    const all = await Promise.all(processes.map((p) => p.stats()));
    return {
      rss: all.reduce((sum, s) => sum + s.rss, 0),
      heapUsed: all.reduce((sum, s) => sum + s.heapUsed, 0),
      connections: all.reduce((sum, s) => sum + s.connections, 0),
    };
  };
  const cpuMs = () => processes.reduce((sum, p) => sum + processCpuMs(p.child.pid!), 0);
  return { kind, processes, bases: processes.map((p) => `http://127.0.0.1:${p.port}`), stats, cpuMs };
}
type StartedServer = Awaited<ReturnType<typeof startServer>>;

/** The shared Redis server's pid (INFO server), to read its CPU time from /proc; undefined when unknown. */
async function redisServerPid(): Promise<number | undefined> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2_000 });
  try {
    await redis.connect();
    const pid = Number(/process_id:(\d+)/.exec(await redis.info('server'))?.[1]);
    return pid > 0 && existsSync(`/proc/${pid}/stat`) ? pid : undefined;
  } catch {
    return undefined;
  } finally {
    redis.disconnect();
  }
}
let redisPid: number | undefined;

/** The backplane's stream outlives its processes (trimmed only by the next append): the run removes its own. */
async function deleteBackplaneStream(): Promise<void> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2_000 });
  try {
    await redis.connect();
    await redis.del(backplaneStream(redisPrefix));
  } catch {
    // Redis gone: nothing of the run is left on it either.
  } finally {
    redis.disconnect();
  }
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function measure(server: StartedServer, connections: number): Promise<ServerRun> {
  const before = await server.stats();
  const options: LoadOptions = {
    server: server.kind,
    socketIoClient,
    bases: server.bases,
    connections,
    concurrency,
    target,
    padding,
  };
  const load = spawnNode('load.ts', { HUB_BENCH_LOAD: JSON.stringify(options) }, connections);
  children.add(load);
  const command = <T>(message: LoadCommand, accept: (reply: LoadReply) => T | undefined) =>
    ask<LoadReply, T>(load, message, (reply) => {
      if (reply.type === 'error') throw new Error(`load process: ${reply.message}`);
      return accept(reply);
    });
  try {
    const connect = await command({ type: 'connect' }, (r) => (r.type === 'connected' ? r : undefined));
    if (connect.connected === 0) throw new Error(`no connection succeeded: ${connect.firstError}`);
    await sleep(1_000);
    const connected = await server.stats();
    const redisCpu = () =>
      server.kind === 'signalr-redis' && redisPid !== undefined ? processCpuMs(redisPid) : NaN;
    const phase = async (spec: PhaseSpec): Promise<MeasuredPhase> => {
      const serverCpu = server.cpuMs();
      const loadCpu = processCpuMs(load.pid!);
      const redisBefore = redisCpu();
      const result = await command({ type: 'phase', ...spec }, (r) =>
        r.type === 'phase' ? r.result : undefined,
      );
      return {
        ...result,
        serverCpuMs: server.cpuMs() - serverCpu,
        loadCpuMs: processCpuMs(load.pid!) - loadCpu,
        redisCpuMs: redisCpu() - redisBefore,
      };
    };
    await phase({ name: 'warm-up', messages: 20, rate: 0, idleMs });
    const paced = await phase({
      name: 'paced',
      messages: pacedRate * pacedSeconds,
      rate: pacedRate,
      idleMs,
    });
    const burst = await phase({ name: 'burst', messages: burstMessages(connect.connected), rate: 0, idleMs });
    const run: ServerRun = {
      server: server.kind,
      connections,
      connect,
      rssPerConnection: (connected.rss - before.rss) / connect.connected,
      heapPerConnection: (connected.heapUsed - before.heapUsed) / connect.connected,
      paced,
      burst,
    };
    log(
      `${server.kind}, ${connect.connected} connections (${connect.failed} failed${
        connect.firstError ? `: ${connect.firstError}` : ''
      }) in ${(connect.ms / 1000).toFixed(1)} s, ${connected.connections} on the server` +
        (server.processes.length > 1 ? ` (${server.processes.length} processes)` : ''),
    );
    log(phaseLine(run, paced));
    log(phaseLine(run, burst));
    return run;
  } finally {
    await command({ type: 'close' }, () => undefined).catch(() => undefined);
    await stop(load);
  }
}

process.once('SIGINT', () => {
  console.error('\ninterrupted: stopping the servers');
  void Promise.all([...children].map(stop)).finally(() => process.exit(130));
});

async function main() {
  const machine = describeMachine();
  if (servers.includes('signalr-redis')) redisPid = await redisServerPid();
  const versions = Object.fromEntries(
    ['ws', 'socket.io', 'socket.io-client']
      .filter(installed)
      .map((name) => [
        name,
        (JSON.parse(readFileSync(packageJson(name), 'utf8')) as { version: string }).version,
      ]),
  );
  log(
    `# bench/hub: fan-out to ${sizes.join(' and ')} connections, target "${target}", bursts of ${sizes.map(burstMessages).join('/')} messages, ` +
      `paced ${pacedRate} msg/s for ${pacedSeconds} s, Socket.IO client: ${socketIoClient}`,
  );
  log(machineLine(machine));
  if (servers.includes('signalr-redis')) {
    log(`Redis backplane: ${redisUrl}, key prefix ${redisPrefix}, server pid ${redisPid ?? 'unknown'}`);
  }
  const versionList = Object.entries(versions).map(([name, version]) => `${name} ${version}`);
  log(`${versionList.join(', ')}; open-file limit ${softFileLimit}`);

  const tables: string[] = [];
  const results: ServerRun[] = [];
  const goals: RedisGoalCheck[] = [];
  const fanOutGoals: FanOutGoalCheck[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const connections of sizes) {
      // Fresh servers per size, so memory per connection starts from an idle process; order alternates by round.
      const started = await Promise.all(servers.map((kind) => startServer(kind, connections)));
      const ordered = round % 2 === 0 ? started : [...started].reverse();
      const runs = new Map<ServerKind, ServerRun>();
      try {
        log(`\n## ${connections} connections${rounds > 1 ? `, round ${round + 1}` : ''}`);
        for (const server of ordered) runs.set(server.kind, await measure(server, connections));
      } finally {
        await Promise.all(started.flatMap((server) => server.processes.map((p) => stop(p.child))));
      }
      results.push(...runs.values());
      const goal = redisGoalCheck([...runs.values()], round + 1);
      if (goal) goals.push(goal);
      const fanOut = fanOutGoalCheck([...runs.values()], round + 1);
      if (fanOut) fanOutGoals.push(fanOut);
      tables.push(
        `### ${connections} connections${rounds > 1 ? `, round ${round + 1}` : ''}\n\n` +
          resultTable(KINDS.flatMap((kind) => runs.get(kind) ?? [])),
      );
    }
  }

  log(`\n# Results (load average at start ${machine.loadAverageAtStart}, at end ${loadAverage()})\n`);
  log(tables.join('\n\n'));
  if (fanOutGoals.length > 0) {
    log(`\n# Ours, one process, against Socket.IO and the raw ws floor (hub.*), measured side by side\n`);
    for (const check of fanOutGoals) for (const line of fanOutGoalLines(check)) log(`- ${line}`);
  }
  if (goals.length > 0) {
    log(`\n# Two processes + Redis ÷ one process (hub.redis-*), measured side by side\n`);
    for (const goal of goals) log(`- ${redisGoalLine(goal)}`);
    for (const line of redisGoalMedianLines(goals)) log(`- ${line}`);
  }
  if (args.json) {
    const report = { date: new Date(), machine, versions, args, results, fanOutGoals, redisGoals: goals };
    writeFileSync(args.json, JSON.stringify(report, null, 2));
    log(`\nwrote ${args.json}`);
  }
}

try {
  await main();
} finally {
  await Promise.all([...children].map(stop));
  if (servers.includes('signalr-redis')) await deleteBackplaneStream();
}
