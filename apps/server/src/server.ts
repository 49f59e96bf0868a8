// Only what checks the environment and the port is loaded up front: a mistake there is said in a fraction of a
// second, before the seconds it takes to load the whole application (app.ts and everything it imports).
import type { FastifyInstance } from 'fastify';
import { loadConfig, type AppConfig } from './config.js';
import { makeFolderSync } from './lib/folders.js';
import { keepShortLivedObjectsYoung } from './lib/garbage-collector.js';
import { ensurePortFree, startupProblems } from './startup-errors.js';

/** In-flight requests get this long to finish after SIGTERM/SIGINT before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;
/**
 * Connections the kernel holds for the process before it accepts them (capped by net.core.somaxconn, 4096 on
 * current kernels). Node's default, 511, was overrun when the other process died and its clients came back at
 * once through nginx: the kernel dropped the connections beyond it, nginx gave up on them after its 3 s connect
 * timeout and answered 502, and every client so refused waited out its next reconnect delay (2, then 10 s) before
 * trying again, each time adding to the storm (bench/hub-failover, docs/benchmarks.md).
 */
const LISTEN_BACKLOG = 4096;

/** Prints what the operator must fix, one line each, and exits; anything unforeseen keeps its stack trace. */
function failStartup(error: unknown, where: { host: string; port: number }): never {
  const problems = startupProblems(error, where);
  if (!problems) throw error;
  for (const line of problems) console.error(line);
  process.exit(1);
}

async function main(): Promise<void> {
  // Before anything else allocates: start-up's work must not teach V8 to put requests' objects in the old generation.
  keepShortLivedObjectsYoung();
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    failStartup(error, { host: process.env.HOST ?? '', port: Number(process.env.PORT) });
  }
  const where = { host: config.host, port: config.port };
  let app: FastifyInstance;
  try {
    // The port first: a second Rummage on it must not migrate or seed a database before it finds out.
    await ensurePortFree(config.host, config.port);
    // Before anything writes into it, so a folder that cannot be made is said as such (startupProblems).
    makeFolderSync(config.dataDir);
    const { buildApp } = await import('./app.js');
    app = await buildApp(config);
  } catch (error) {
    failStartup(error, where);
  }

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // Refuse new connections now: app.close() first ends the hub connections (up to the grace period) and answers
    // 503 to new requests meanwhile; a refused connection sends a proxy's request to another process instead.
    app.server.close();
    // close(): wait for in-flight requests, then the onClose hooks close the DB and the lock.
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);

  await app
    .listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG })
    .catch(async (error: unknown) => {
      await app.close().catch(() => undefined);
      failStartup(error, where);
    });
  app.log.info(
    { url: config.publicUrl, database: app.parts.storage.database.location, webDist: config.webDistDir },
    `${config.productName} is ready`,
  );
  const { sayStartupNotices } = await import('./startup-notices.js');
  await sayStartupNotices(app.parts.storage.database.db, { host: config.host, log: app.log }).catch(
    (error: unknown) => app.log.warn({ err: error }, 'start-up notices not checked'),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
