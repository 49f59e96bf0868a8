/**
 * Starts the real, built server (`apps/server/dist/server.js`) as an operating-system process of its own, the way
 * an operator runs it, so a fault test can kill it, stop what it depends on, and read its memory from outside.
 * The fault and deployment suites build the server first (`npm run test:faults`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverPackageDir } from '../../src/lib/package-paths.js';

export interface ServerProcess {
  readonly origin: string;
  readonly port: number;
  readonly pid: number;
  readonly dataDir: string;
  /** Resident memory of the process now, from /proc (bytes). */
  rssBytes(): number;
  /** Everything the process wrote to stdout and stderr so far (for failure messages). */
  output(): string;
  /** SIGTERM and wait for the exit (the graceful path). */
  stop(): Promise<void>;
  /** SIGKILL and wait: the process dies mid-work, as in a crash or an OOM kill. */
  kill(): Promise<void>;
  /** True once the process has exited. */
  exited(): boolean;
}

export interface StartServerOptions {
  /** Extra environment, e.g. DATABASE_URL, REDIS_URL. REDIS_URL and DATABASE_URL are unset unless given here. */
  env?: Record<string, string>;
  /** A data directory to reuse (PGlite, uploads); a fresh temporary one otherwise, removed by stop()/kill(). */
  dataDir?: string;
  /** A fixed port; a free one otherwise. */
  port?: number;
  /** How long to wait for GET /readyz to answer 200. */
  readyTimeoutMs?: number;
  /** Another build of the server (an A/B beside `serverEntry`). */
  entry?: string;
}

/** A port nobody listens on right now (the kernel picks it; a tiny race remains, as with any such helper). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export const serverEntry = join(serverPackageDir, 'dist', 'server.js');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function waitForExit(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

export async function startServer(options: StartServerOptions = {}): Promise<ServerProcess> {
  const entry = options.entry ?? serverEntry;
  if (!existsSync(entry)) {
    throw new Error(`${entry} is missing: run "npm run build" (npm run test:faults builds first)`);
  }
  const ownsDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'rummage-fault-'));
  const port = options.port ?? (await freePort());
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO_DATA: 'false',
    CAPTCHA_PROVIDER: 'altcha',
    ALTCHA_HMAC_KEY: 'fault-suite-altcha-hmac-key-0123456789',
    RATE_LIMIT_GLOBAL_MAX: '1000000',
    RATE_LIMIT_GLOBAL_WINDOW_MS: '1000',
    ...options.env,
  };
  let output = '';
  const child = spawn(process.execPath, [entry], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const origin = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`the server exited with code ${child.exitCode} before it was ready:\n${output}`);
    }
    try {
      const response = await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(
        `the server did not become ready within ${options.readyTimeoutMs ?? 60_000} ms:\n${output}`,
      );
    }
    await sleep(100);
  }

  const cleanUp = () => {
    if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  return {
    origin,
    port,
    pid: child.pid ?? -1,
    dataDir,
    rssBytes() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return kib * 1024;
    },
    output: () => output,
    exited: () => child.exitCode !== null || child.signalCode !== null,
    async stop() {
      child.kill('SIGTERM');
      await waitForExit(child);
      cleanUp();
    },
    async kill() {
      child.kill('SIGKILL');
      await waitForExit(child);
      cleanUp();
    },
  };
}
