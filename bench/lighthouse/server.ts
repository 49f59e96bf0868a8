/**
 * The built app as an operator runs it (`node apps/server/dist/server.js`), on PGlite in a temporary data
 * directory with the demo data, so Lighthouse measures the same bytes and headers a visitor would get.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../apps/server/faults/harness/server.js';

export interface RunningServer {
  origin: string;
  stop(): Promise<void>;
}

export async function startServer(repoRoot: string, env: Record<string, string>): Promise<RunningServer> {
  const entry = join(repoRoot, 'apps/server/dist/server.js');
  const index = join(repoRoot, 'apps/web/dist/index.html');
  if (!existsSync(entry) || !existsSync(index))
    throw new Error('run `npm run build` first (server or web app missing)');

  const dataDir = mkdtempSync(join(tmpdir(), 'rummage-lighthouse-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [entry], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: origin,
      SEED_DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      REDIS_URL: '',
      DATABASE_URL: '',
      // 15 page loads with their API calls from one address would meet the default 600 per minute.
      RATE_LIMIT_GLOBAL_MAX: '1000000',
      ...env,
    },
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };

  // The first start seeds the demo data (images included), which takes a while on a busy machine.
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const ready = await fetch(`${origin}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { origin, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`the server did not become ready:\n${stderr}`);
}
