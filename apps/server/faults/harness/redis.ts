/**
 * A Redis server of the fault test's own (never the shared one on 6379), a plain child process without
 * persistence, so a test can stop it under running server processes and start it again on the same port.
 *
 *   const redis = await createRedis();
 *   startServer({ env: { REDIS_URL: redis.url() } });
 *   await redis.stop();   // SIGKILL: the outage
 *   await redis.start();  // same port, empty data set
 *   await redis.stop();   // in afterAll
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { Redis } from 'ioredis';
import { freePort } from './server.js';

export interface RedisServer {
  readonly port: number;
  url(): string;
  /** Starts redis-server (again) on the same port; resolves once it answers PING. */
  start(): Promise<void>;
  /** Kills the server (SIGKILL) and waits for the exit; a no-op when it is not running. */
  stop(): Promise<void>;
  /** Everything redis-server wrote so far (for failure messages). */
  output(): string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

export async function createRedis(): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  let output = '';
  // A test process that dies without its afterAll must not leave a Redis server behind.
  process.once('exit', () => child?.kill('SIGKILL'));

  const server: RedisServer = {
    port,
    url: () => `redis://127.0.0.1:${port}`,
    output: () => output,
    async start() {
      if (child) return;
      const started = spawn(
        'redis-server',
        [
          '--port',
          String(port),
          '--bind',
          '127.0.0.1',
          '--save',
          '',
          '--appendonly',
          'no',
          '--daemonize',
          'no',
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      child = started;
      started.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      started.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      started.once('exit', () => {
        if (child === started) child = undefined;
      });
      const deadline = Date.now() + 15_000;
      while (!(await ping(port))) {
        if (!child) throw new Error(`redis-server exited before it answered:\n${output}`);
        if (Date.now() > deadline) throw new Error(`redis-server did not answer PING on ${port}:\n${output}`);
        await sleep(50);
      }
    },
    async stop() {
      const running = child;
      if (!running) return;
      child = undefined;
      if (running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
      running.kill('SIGKILL');
      await exited;
    },
  };
  await server.start();
  return server;
}

/** Deletes what a test's processes left under their REDIS_KEY_PREFIX in a shared Redis. */
export async function deleteKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true });
  await redis.connect();
  try {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}
