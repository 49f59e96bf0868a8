/**
 * One of two Rummage processes SIGKILLed under a load of hub connections, the deployment of docs/deploy.md as
 * nginx.fault.ts runs it: two built processes on one PostgreSQL database and one Redis, behind nginx with
 * deploy/nginx/rummage.conf (route-cookie sticky sessions for the hubs). Used by kill-one-process.fault.ts at a size
 * CI affords and by bench/hub-failover at 10,000 connections.
 *
 * People chat in pairs, each pair about one listing (failover-scene.ts). Connection i belongs to person i mod P, and
 * a person's connections alternate between the two processes (a route cookie probed to land there), so every chat
 * has pages on both and every message crosses Redis.
 *
 *   const run = await startFailover({ connections: 500 });
 *   const result = await run.measure();   // load, kill, load, then the checks
 *   await run.stop();
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { serverPackageDir } from '../../src/lib/package-paths.js';
import { NO_CAPTCHA } from './api.js';
import {
  ackedNotDelivered,
  recovery,
  reconnects,
  tally,
  type Reconnects,
  type Recovery,
} from './failover-figures.js';
import { routeCookies, seedChats, seedPeople } from './failover-scene.js';
import type { ClientPlan, FailoverCommand, FailoverReply, ShardReport } from './failover-wire.js';
import { startNginx, type Nginx } from './nginx.js';
import { deleteKeys } from './redis.js';
import { cpuSeconds } from './load.js';
import { freePort, startServer, type ServerProcess } from './server.js';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const ADMIN_DB_URL = process.env.FAULT_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const now = () => performance.timeOrigin + performance.now();

export interface FailoverOptions {
  connections: number;
  /** Signed-in people sharing the connections (an even number: they chat in pairs); connections ÷ 10 by default. */
  people?: number;
  /** Chat messages a second, all clients together. */
  perSecond?: number;
  /** Load before the kill, of which the first `warmUpMs` is not measured. */
  beforeKillMs?: number;
  warmUpMs?: number;
  afterKillMs?: number;
  /** Client processes the connections are spread over. */
  shards?: number;
  /** Connections being opened at once per shard at the start (reconnects are not held back). */
  concurrency?: number;
  log?: (line: string) => void;
  /** Writes the survivor's CPU profile (node --cpu-prof) into this folder when it stops. */
  cpuProfileDir?: string;
  /** Another build of the server than apps/server/dist, for both processes (an A/B). */
  serverEntry?: string;
}

export interface FailoverResult {
  connections: number;
  people: number;
  perSecond: number;
  connectMs: number;
  /** Connections each process held before the kill. */
  perProcess: { victim: number; survivor: number };
  reconnects: Reconnects;
  /**
   * Server CPU per connection set up (negotiate, upgrade, handshake, JoinChat; ms): both processes over the
   * opening of all connections, and the survivor from the kill until the last moved client was joined again
   * (the steady chat load included in both).
   */
  cpuMsPerConnection: { opening: number; reconnecting: number };
  messages: {
    sent: number;
    acked: number;
    /** Acknowledged messages absent from chat_messages: the goal is none. */
    missing: number;
    missingIds: number[];
    refused: Record<string, number>;
    unanswered: number;
    ackedNotDelivered: number;
  };
  recovery: Recovery;
  /** Failed connection attempts by reason. */
  attemptFailures: Record<string, number>;
}

export interface FailoverRun {
  /** The process measure() kills, and the one its clients move to. */
  victim: ServerProcess;
  survivor: ServerProcess;
  measure(): Promise<FailoverResult>;
  stop(): Promise<void>;
}

/** A child process of hub clients (failover-clients.ts); also used by failover-storm.ts. */
export function spawnShard(): ChildProcess {
  return spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('failover-clients.ts', import.meta.url))],
    {
      cwd: serverPackageDir,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
}

/** Sends a shard a command and waits for its answer of `type` (or its error). */
export function ask<T extends FailoverReply['type']>(
  child: ChildProcess,
  command: FailoverCommand,
  type: T,
): Promise<Extract<FailoverReply, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`a client shard exited (code ${code})`));
    const onMessage = (reply: FailoverReply) => {
      if (reply.type !== type && reply.type !== 'error') return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      if (reply.type === 'error') reject(new Error(`client shard: ${reply.message}`));
      else resolve(reply as Extract<FailoverReply, { type: T }>);
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
    child.send(command);
  });
}

export async function startFailover(options: FailoverOptions): Promise<FailoverRun> {
  const {
    connections,
    perSecond = 50,
    beforeKillMs = 10_000,
    warmUpMs = 3_000,
    afterKillMs = 35_000,
    shards = 1,
    concurrency = 50,
    log = () => undefined,
  } = options;
  const people = options.people ?? Math.max(2, 2 * Math.round(connections / 20));
  const run = randomBytes(4).toString('hex');
  const database = `rummage_failover_${run}`;
  const keyPrefix = `rummage-failover-${run}:`;
  const url = ADMIN_DB_URL.replace(/\/[^/]*$/, `/${database}`);
  const admin = new pg.Client({ connectionString: ADMIN_DB_URL });
  await admin.connect();
  await admin.query(`create database ${database}`);
  let processes: ServerProcess[] = [];
  let nginx: Nginx | undefined;
  const children: ChildProcess[] = [];

  const stop = async () => {
    await Promise.allSettled(children.map((child) => ask(child, { type: 'close' }, 'error')));
    await nginx?.stop();
    await Promise.allSettled(processes.map((server) => server.stop()));
    await admin.query(`drop database if exists ${database} with (force)`).catch(() => undefined);
    await admin.end();
    await deleteKeys(REDIS_URL, keyPrefix);
  };

  try {
    const nginxPort = await freePort();
    const env = {
      DATABASE_URL: url,
      REDIS_URL,
      REDIS_KEY_PREFIX: keyPrefix,
      PUBLIC_URL: `http://127.0.0.1:${nginxPort}`,
      TRUST_PROXY: 'loopback',
      ...NO_CAPTCHA,
      ...(options.cpuProfileDir && { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${options.cpuProfileDir}` }),
    };
    // One after the other: the first applies the migrations (two at once is nginx.fault.ts's test).
    const entry = options.serverEntry ? { entry: options.serverEntry } : {};
    processes = [await startServer({ env, ...entry })];
    processes.push(await startServer({ env, ...entry }));
    const [victim, survivor] = processes as [ServerProcess, ServerProcess];
    nginx = await startNginx(nginxPort, [victim.port, survivor.port], {
      workers: 2,
      workerConnections: Math.min(19_000, 2 * connections + 1_024),
    });
    const seeded = await seedPeople(url, people, run);
    const products = await seedChats(url, victim.origin, seeded);
    const cookies = await routeCookies(nginx.origin, [victim.port, survivor.port], 16);
    log(
      `${people} people in ${products.length} chats; opening ${connections} /chathub connections through nginx`,
    );

    const plans: ClientPlan[] = Array.from({ length: connections }, (_, i) => {
      const index = i % people;
      const pair = Math.floor(index / 2);
      const person = seeded[index]!;
      const other = seeded[index % 2 === 0 ? index + 1 : index - 1]!;
      const side = Math.floor(i / people) % 2;
      const routes = cookies[side]!;
      return {
        token: person.token,
        personId: person.id,
        otherId: other.id,
        productId: products[pair]!,
        cookie: routes[i % routes.length]!,
      };
    });
    for (let shard = 0; shard < shards; shard++) children.push(spawnShard());
    const started = now();
    const cpuBefore = cpuSeconds(victim.pid) + cpuSeconds(survivor.pid);
    const connected = await Promise.all(
      children.map((child, shard) =>
        ask(
          child,
          {
            type: 'setup',
            origin: nginx!.origin,
            shard,
            concurrency,
            clients: plans.filter((_, i) => i % shards === shard),
          },
          'connected',
        ),
      ),
    );
    const connectMs = now() - started;
    const openingCpuMs =
      ((cpuSeconds(victim.pid) + cpuSeconds(survivor.pid) - cpuBefore) * 1000) / connections;
    const joined = connected.reduce((sum, reply) => sum + reply.joined, 0);
    log(`${joined} of ${connections} joined in ${(connectMs / 1000).toFixed(1)} s`);
    if (joined < connections)
      throw new Error(`only ${joined} of ${connections} connections joined their chats`);

    const measure = async (): Promise<FailoverResult> => {
      const loadFrom = now();
      await Promise.all(
        children.map((child) => ask(child, { type: 'load', perSecond: perSecond / shards }, 'loading')),
      );
      await sleep(beforeKillMs);
      const killAt = now();
      const survivorCpu: Array<[number, number]> = [[killAt, cpuSeconds(survivor.pid)]];
      const sampling = setInterval(() => survivorCpu.push([now(), cpuSeconds(survivor.pid)]), 100);
      await victim.kill();
      log(`killed ${victim.port} (SIGKILL) ${((killAt - loadFrom) / 1000).toFixed(1)} s into the load`);
      await sleep(afterKillMs);
      const until = now();
      clearInterval(sampling);
      const reports: ShardReport[] = (
        await Promise.all(children.map((child) => ask(child, { type: 'report' }, 'report')))
      ).map((reply) => reply.report);

      const acked = reports.flatMap((report) => report.acked);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const stored = new Set<number>();
      try {
        const { rows } = await client.query<{ body: string }>(
          `select body from chat_messages where body like 'Is it still available? ref %'`,
        );
        for (const row of rows)
          stored.add(Number.parseInt(row.body.slice(row.body.lastIndexOf(' ') + 1), 36));
      } finally {
        await client.end();
      }
      const missingIds = acked.filter((id) => !stored.has(id));
      const victimAddress = `127.0.0.1:${victim.port}`;
      const survivorAddress = `127.0.0.1:${survivor.port}`;
      const clients = reports.flatMap((report) => report.clients);
      const moved = reconnects(reports, victimAddress, survivorAddress, killAt);
      const lastBack = killAt + (Number.isFinite(moved.maxMs) ? moved.maxMs : 0);
      const cpuAt = (t: number) => survivorCpu.findLast(([at]) => at <= t)?.[1] ?? survivorCpu[0]![1];
      return {
        connections,
        people,
        perSecond,
        connectMs,
        perProcess: {
          victim: clients.filter((c) => c.firstUpstream === victimAddress).length,
          survivor: clients.filter((c) => c.firstUpstream === survivorAddress).length,
        },
        reconnects: moved,
        cpuMsPerConnection: {
          opening: openingCpuMs,
          reconnecting:
            ((cpuAt(lastBack + 100) - survivorCpu[0]![1]) * 1000) / Math.max(1, moved.reconnected),
        },
        messages: {
          sent: reports.reduce((sum, report) => sum + report.sent, 0),
          acked: acked.length,
          missing: missingIds.length,
          missingIds: missingIds.slice(0, 20),
          refused: tally(reports.map((report) => report.refused)),
          unanswered: reports.reduce((sum, report) => sum + report.unanswered, 0),
          ackedNotDelivered: ackedNotDelivered(reports),
        },
        recovery: recovery(reports, { from: loadFrom + warmUpMs, killAt, until }),
        attemptFailures: tally(reports.map((report) => report.failures)),
      };
    };
    return { victim, survivor, measure, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
