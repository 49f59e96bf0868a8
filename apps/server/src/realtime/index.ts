import fp from 'fastify-plugin';
import type { Backplane } from './backplane/backplane.js';
import { createLimiter } from '../services/images/limiter.js';
import type { HubContext, HubDefinition } from './hub.js';
import { HubLifetimeManager } from './lifetime.js';
import type { HubAuthenticate } from './protocol/auth.js';
import { HubEndpoint, type ConnectionInfo, type InvocationAdmission } from './protocol/hub-endpoint.js';
import { hubRoutes } from './protocol/routes.js';
import { DEFAULT_HUB_TIMING, scanIntervalMs, type HubTiming } from './protocol/timing.js';
import { listenForUpgrades } from './protocol/upgrade.js';

export type { HubTiming } from './protocol/timing.js';
export type { TransportKind } from './protocol/connection.js';

export interface RealtimeOptions {
  hubs: HubDefinition[];
  backplane: Backplane;
  /** Resolves a bearer token to its user; null refuses the request with 401. */
  authenticate: HubAuthenticate;
  /** Shorter keep-alive and timeouts for tests. */
  timing?: Partial<HubTiming>;
  /** Browser origins allowed to open hub WebSockets besides the page's own (CORS_ORIGINS); unset allows any. */
  allowedOrigins?: readonly string[];
  /**
   * Retry-After seconds while the process sheds load; new WebSockets are then refused with 503 and invocations on
   * open connections with the contract's readable text.
   */
  shedding?: () => number | undefined;
  /**
   * Hub invocations running at once in this process (default 4). The embedded database runs one query at a time
   * and holds the event loop while it does, so there one at a time keeps each uninterrupted stretch short.
   */
  maxRunningInvocations?: number;
}

/** Live hub connections of this process, for diagnostics, tests and benchmarks. */
export interface RealtimeServer {
  connections(hubName: string): ConnectionInfo[];
  /**
   * Ends one connection: with a Close record (`error`, `allowReconnect` as given), or with 'terminate' by dropping
   * its transport as a network failure would. False when the connection is not on this process.
   */
  disconnect(
    hubName: string,
    connectionId: string,
    how: { error?: string; allowReconnect?: boolean } | 'terminate',
  ): boolean;
  /**
   * Ends every hub connection of a person, on this process and, through the backplane, on every other one
   * (a ban), telling the clients not to reconnect. Returns how many ended on this process.
   */
  endUser(userId: number, reason: string): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Reach a hub's clients and groups from routes, services and jobs (ASP.NET IHubContext). */
    hubContext(name: string): HubContext;
    realtime: RealtimeServer;
  }
}

/** Hub requests whose session is being read at once; enough to keep a pg pool busy, few enough to leave room. */
const MAX_CONCURRENT_AUTHENTICATIONS = 4;

/**
 * Hub invocations running at once in this process, across hubs and connections. Most wait on the database, so an
 * unbounded number of them would queue ahead of every REST request and /healthz. Connections take turns (each has
 * one running at a time and rejoins the back of the line), so one person's burst delays others by a turn each,
 * not by the whole burst.
 */
const MAX_RUNNING_INVOCATIONS = 4;

/** How long shutdown waits for clients to take their Close before dropping the sockets. */
const SHUTDOWN_GRACE_MS = 1_000;

/**
 * SignalR-protocol hubs (notes/signalr-protocol.md): mounts every hub at its path, speaks negotiate, WebSockets,
 * Server-Sent Events and long polling, and routes hub sends through the lifetime manager and the backplane.
 */
export const realtimePlugin = fp<RealtimeOptions>(
  async (app, options) => {
    const timing: HubTiming = { ...DEFAULT_HUB_TIMING, ...options.timing };
    const admission: InvocationAdmission = {
      turns: createLimiter(options.maxRunningInvocations ?? MAX_RUNNING_INVOCATIONS),
      shedding: () => options.shedding?.() !== undefined,
    };
    const endpoints = options.hubs.map(
      (definition) =>
        new HubEndpoint(
          definition,
          new HubLifetimeManager(definition.name, options.backplane, app.log),
          timing,
          app.log,
          admission,
        ),
    );
    const byName = new Map(endpoints.map((endpoint) => [endpoint.definition.name, endpoint]));
    const endpointNamed = (name: string) => {
      const endpoint = byName.get(name);
      if (!endpoint) throw new Error(`No hub named '${name}'`);
      return endpoint;
    };

    options.backplane.onMessage((message) => byName.get(message.hub)?.lifetime.receive(message));

    app.decorate('hubContext', (name: string) => endpointNamed(name).lifetime.context);
    app.decorate('realtime', {
      connections: (name: string) => endpointNamed(name).list(),
      disconnect(name, connectionId, how) {
        const connection = endpointNamed(name).findById(connectionId);
        if (!connection || connection.isClosed) return false;
        if (how === 'terminate') connection.terminate();
        else connection.close(how);
        return true;
      },
      endUser: (userId, reason) =>
        endpoints.reduce((ended, endpoint) => ended + endpoint.lifetime.endUser(String(userId), reason), 0),
    } satisfies RealtimeServer);

    // Every hub request reads its session from the database. A reconnect storm would otherwise queue thousands of
    // those reads at once, ahead of every REST request's queries (PGlite runs one query at a time, a pg pool a few),
    // and starve the site; waiting here instead, the storm gets a few places in the queue and REST keeps the rest.
    const authentications = createLimiter(MAX_CONCURRENT_AUTHENTICATIONS);
    const authenticate: HubAuthenticate = (token) =>
      token ? authentications.run(() => options.authenticate(token)) : options.authenticate(token);

    await app.register(hubRoutes, { endpoints, authenticate });
    const upgrades = listenForUpgrades(app.server, {
      endpoints,
      authenticate,
      allowedOrigins: options.allowedOrigins,
      shedding: options.shedding,
      log: app.log,
    });

    // A scan that comes much later than its interval follows a stall: clients' pings are still unread in the
    // sockets, and timing them out now would drop healthy connections. Expiry waits for the next, punctual scan.
    const scanEveryMs = scanIntervalMs(timing);
    let lastScan = Date.now();
    const scanner = setInterval(() => {
      const now = Date.now();
      const late = now - lastScan > 2 * scanEveryMs + 100;
      lastScan = now;
      for (const endpoint of endpoints) endpoint.scan(now, late);
    }, scanEveryMs);
    scanner.unref();

    // Before the server stops listening: open event streams, polls and sockets would otherwise hold close().
    app.addHook('preClose', async () => {
      clearInterval(scanner);
      upgrades.close();
      await Promise.all(endpoints.map((endpoint) => endpoint.shutdown(SHUTDOWN_GRACE_MS)));
    });
  },
  { name: 'realtime' },
);
