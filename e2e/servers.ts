import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { lanesOf, type Lane } from './lanes';
import { OPERATOR_ADMIN } from './tests/people';

const SERVER = fileURLToPath(new URL('../apps/server/dist/server.js', import.meta.url));
/** A cold start seeds the demo data (photos through the image pipeline): seconds, not a minute. */
const READY_WITHIN_MS = Number(process.env.E2E_READY_WITHIN_S ?? 60) * 1000;

/** The environment of a lane's server: the product's own defaults, plus what the journeys need of it. */
function serverEnv(lane: Lane): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(lane.port),
    HOST: '127.0.0.1',
    DATA_DIR: lane.dataDir,
    PUBLIC_URL: `http://127.0.0.1:${lane.port}`,
    CAPTCHA_PROVIDER: 'altcha',
    SEED_DEMO_DATA: 'true',
    // Demo data has no staff: the staff journeys use the admin an operator creates at start-up.
    ADMIN_USERNAME: OPERATOR_ADMIN.username,
    ADMIN_EMAIL: OPERATOR_ADMIN.email,
    ADMIN_PASSWORD: OPERATOR_ADMIN.password,
    LOG_LEVEL: 'warn',
    // Two lanes share two cores with their browsers: the embedded database's queries run on the server's event
    // loop, whose mean delay then passes the 1 s at which the server sheds load with 503s. The journeys are about
    // the pages; the shedding itself is tested under real load by the fault suite.
    PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
    // The settings journey's push service is a stand-in on 127.0.0.1 (tests and local setups only).
    PUSH_ALLOW_INSECURE_ENDPOINTS: 'true',
    // The journeys log in and register more often than a person would; the limits themselves are API-tested.
    RATE_LIMIT_LOGIN_MAX: '1000',
    RATE_LIMIT_REGISTER_MAX: '1000',
    RATE_LIMIT_RESET_MAX: '1000',
    RATE_LIMIT_GLOBAL_MAX: '100000',
    ...lane.env,
  };
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return response.ok;
  } catch {
    return false;
  }
}

/** Starts a lane's server and waits for /readyz; refuses a port something else already answers on. */
async function start(lane: Lane): Promise<ChildProcess> {
  const ready = `http://127.0.0.1:${lane.port}/readyz`;
  if (await answers(ready)) {
    throw new Error(`Port ${lane.port} already answers: stop that server, or set E2E_PORT to a free port.`);
  }
  mkdirSync(lane.dataDir, { recursive: true });
  const server = spawn(process.execPath, [SERVER], {
    env: serverEnv(lane),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [server.stdout!, server.stderr!]) {
    createInterface({ input: stream }).on('line', (line) => process.stderr.write(`[${lane.name}] ${line}\n`));
  }
  const exited = new Promise<never>((_, reject) =>
    server.once('exit', (code, signal) =>
      reject(
        new Error(`The ${lane.name} server exited before it was ready (${signal ?? `exit code ${code}`}).`),
      ),
    ),
  );
  exited.catch(() => {});
  const deadline = Date.now() + READY_WITHIN_MS;
  while (!(await Promise.race([answers(ready), exited]))) {
    if (Date.now() > deadline) {
      server.kill('SIGKILL');
      throw new Error(`The ${lane.name} server did not answer ${ready} within ${READY_WITHIN_MS / 1000} s.`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return server;
}

/** Ends a server as an operator's stop does (SIGTERM, a graceful shutdown), and kills it if it hangs. */
async function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const gone = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
  await gone;
  clearTimeout(timer);
}

/**
 * Global setup: every lane's server, started side by side (they seed at the same time), and the teardown that
 * stops them and removes the run's data directory (database, uploads, outbox: tens of MB). E2E_KEEP_DATA=1 keeps
 * it for a look after a failure.
 */
export default async function startLanes(): Promise<() => Promise<void>> {
  const runDir = process.env.E2E_DATA_DIR!;
  const lanes = lanesOf(process.env, runDir);
  const started = await Promise.allSettled(lanes.map(start));
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const teardown = async () => {
    await Promise.all(servers.map(stop));
    if (!process.env.E2E_KEEP_DATA) rmSync(runDir, { recursive: true, force: true });
  };
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await teardown();
    throw failed.reason;
  }
  return teardown;
}
