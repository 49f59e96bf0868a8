/**
 * What one process spends setting hub connections up, as the survivor of failover.ts does when the clients of the
 * killed process all come back at once: N clients open /chathub on ONE built process (PostgreSQL and Redis as in
 * the failover scenario, no nginx), all at once, each as the web app's chat page does (negotiate, WebSocket,
 * handshake, JoinChat), and the process's CPU time over the storm (from /proc) is divided by N.
 *
 * CPU time per connection, unlike the storm's wall time, barely depends on what else runs on the machine, so it
 * is what a change to the set-up path is judged by. A warm-up storm (a tenth of N, closed again) runs first, so the
 * measured one finds the code compiled and the pools open, as a survivor that has been serving does.
 *
 *   const result = await stormOnce({ connections: 2000 });
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { ChildProcess } from 'node:child_process';
import { NO_CAPTCHA } from './api.js';
import { ask, spawnShard } from './failover.js';
import { percentile } from './failover-figures.js';
import { seedChats, seedPeople } from './failover-scene.js';
import type { ClientPlan } from './failover-wire.js';
import { cpuSplitSeconds } from './load.js';
import { deleteKeys } from './redis.js';
import { freePort, startServer, type ServerProcess } from './server.js';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const ADMIN_DB_URL = process.env.FAULT_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const now = () => performance.timeOrigin + performance.now();
const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

export interface StormOptions {
  connections: number;
  /** People sharing the connections (even: they chat in pairs); connections ÷ 10 by default. */
  people?: number;
  /** Client processes the connections are spread over. */
  shards?: number;
  /** Without Redis: the in-memory backplane of a lone process. */
  redis?: boolean;
  log?: (line: string) => void;
  /** Another build of the server than apps/server/dist (an A/B). */
  serverEntry?: string;
  /** Writes the process's CPU profile (node --cpu-prof) into this folder when it stops. */
  cpuProfileDir?: string;
}

export interface StormResult {
  /** The build that ran (`serverEntry`), when not the default one. */
  server?: string;
  connections: number;
  people: number;
  /** Clients that joined their chat in the measured storm. */
  joined: number;
  /** From the first negotiate to the last JoinChat answered. */
  wallMs: number;
  /** The process's CPU time over the storm, user and system (the kernel: sockets), per connection set up. */
  cpuMsPerConnection: { user: number; system: number };
  /** Median of each step (negotiate, WebSocket open, handshake, JoinChat) over the clients, in ms. */
  stepsP50Ms: number[];
  failures: Record<string, number>;
  /** When the measured storm began and ended on the monotonic clock (µs), as a CPU profile's samples are timed. */
  window: { fromMicros: number; untilMicros: number };
}

export async function stormOnce(options: StormOptions): Promise<StormResult> {
  const { connections, shards = 2, redis = true, log = () => undefined } = options;
  const people = options.people ?? Math.max(2, 2 * Math.round(connections / 20));
  const run = randomBytes(4).toString('hex');
  const database = `rummage_storm_${run}`;
  const keyPrefix = `rummage-storm-${run}:`;
  const url = ADMIN_DB_URL.replace(/\/[^/]*$/, `/${database}`);
  const admin = new pg.Client({ connectionString: ADMIN_DB_URL });
  await admin.connect();
  await admin.query(`create database ${database}`);
  let server: ServerProcess | undefined;
  const children: ChildProcess[] = [];
  const closeShards = async (list: ChildProcess[]) => {
    const open = list.filter((child) => child.connected);
    await Promise.allSettled(open.map((child) => ask(child, { type: 'close' }, 'error')));
  };
  try {
    const port = await freePort();
    server = await startServer({
      port,
      ...(options.serverEntry && { entry: options.serverEntry }),
      env: {
        DATABASE_URL: url,
        ...(redis && { REDIS_URL, REDIS_KEY_PREFIX: keyPrefix }),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        ...NO_CAPTCHA,
        ...(options.cpuProfileDir && {
          NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${options.cpuProfileDir}`,
        }),
      },
    });
    const seeded = await seedPeople(url, people, run);
    const products = await seedChats(url, server.origin, seeded);
    const plans: ClientPlan[] = Array.from({ length: connections }, (_, i) => {
      const index = i % people;
      return {
        token: seeded[index]!.token,
        personId: seeded[index]!.id,
        otherId: seeded[index % 2 === 0 ? index + 1 : index - 1]!.id,
        productId: products[Math.floor(index / 2)]!,
        cookie: 'rummage_route=storm',
      };
    });
    const setup = (child: ChildProcess, shard: number, clients: ClientPlan[]) =>
      ask(
        child,
        { type: 'setup', origin: server!.origin, shard, concurrency: clients.length, clients },
        'connected',
      );

    const warmUp = spawnShard();
    children.push(warmUp);
    const warmUpClients = plans.slice(0, Math.max(50, Math.round(connections / 10)));
    await setup(warmUp, 0, warmUpClients);
    await closeShards([warmUp]);
    log(`warmed up with ${warmUpClients.length} connections; now ${connections} at once`);

    const measured = Array.from({ length: shards }, () => spawnShard());
    children.push(...measured);
    // Let the shards load their code before the clock starts.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const from = now();
    const fromMicros = monotonicMicros();
    const cpuBefore = cpuSplitSeconds(server.pid);
    const replies = await Promise.all(
      measured.map((child, shard) =>
        setup(
          child,
          shard + 1,
          plans.filter((_, i) => i % shards === shard),
        ),
      ),
    );
    const cpuAfter = cpuSplitSeconds(server.pid);
    const until = now();
    const untilMicros = monotonicMicros();
    const reports = await Promise.all(measured.map((child) => ask(child, { type: 'report' }, 'report')));
    const clients = reports.flatMap((reply) => reply.report.clients);
    const failures: Record<string, number> = {};
    for (const reply of reports)
      for (const [reason, count] of Object.entries(reply.report.failures))
        failures[reason] = (failures[reason] ?? 0) + count;
    const joined = replies.reduce((sum, reply) => sum + reply.joined, 0);
    const steps = clients.flatMap((client) => (client.steps ? [client.steps] : []));
    return {
      ...(options.serverEntry && { server: options.serverEntry }),
      connections,
      people,
      joined,
      wallMs: until - from,
      cpuMsPerConnection: {
        user: ((cpuAfter.user - cpuBefore.user) * 1000) / Math.max(1, joined),
        system: ((cpuAfter.system - cpuBefore.system) * 1000) / Math.max(1, joined),
      },
      stepsP50Ms: [0, 1, 2, 3].map((step) =>
        percentile(
          steps.map((s) => s[step]!),
          50,
        ),
      ),
      failures,
      window: { fromMicros, untilMicros },
    };
  } finally {
    await closeShards(children);
    await server?.stop();
    await admin.query(`drop database if exists ${database} with (force)`).catch(() => undefined);
    await admin.end();
    if (redis) await deleteKeys(REDIS_URL, keyPrefix);
  }
}
