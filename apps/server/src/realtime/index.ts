import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { Backplane } from './backplane/backplane.js';
import { createLimiter } from '../services/images/limiter.js';
import type { HubContext, HubDefinition } from './hub.js';
import { HubLifetimeManager } from './lifetime.js';
import type { HubAuthenticate } from './protocol/auth.js';
import { HubEndpoint, type ConnectionInfo } from './protocol/hub-endpoint.js';
import { hubRoutes } from './protocol/routes.js';
import { DEFAULT_HUB_TIMING, scanIntervalMs, type HubTiming } from './protocol/timing.js';
import { listenForUpgrades } from './protocol/upgrade.js';

export type { HubTiming } from './protocol/timing.js';
export type { TransportKind } from './protocol/connection.js';

export interface RealtimeServerOptions {
  hubs: HubDefinition[];
  backplane: Backplane;
  log: FastifyBaseLogger;
  /** Shorter keep-alive and timeouts for tests. */
  timing?: Partial<HubTiming>;
}

/**
 * The hubs of this process and who is connected to them. Made in the composition root (composition.ts) before
 * Fastify mounts it, so delivery subscribers and services' callbacks get their hub contexts as plain values.
 */
export interface RealtimeServer {
  /** Reach a hub's clients and groups from outside a hub method (ASP.NET IHubContext). */
  context(hubName: string): HubContext;
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

/** What realtimePlugin mounts: the server and its endpoints, one per hub. */
export interface MountableRealtimeServer extends RealtimeServer {
  readonly endpoints: readonly HubEndpoint[];
  readonly timing: HubTiming;
}

export function createRealtimeServer(options: RealtimeServerOptions): MountableRealtimeServer {
  const timing: HubTiming = { ...DEFAULT_HUB_TIMING, ...options.timing };
  const endpoints = options.hubs.map(
    (definition) =>
      new HubEndpoint(
        definition,
        new HubLifetimeManager(definition.name, options.backplane, options.log),
        timing,
        options.log,
      ),
  );
  const byName = new Map(endpoints.map((endpoint) => [endpoint.definition.name, endpoint]));
  const endpointNamed = (name: string) => {
    const endpoint = byName.get(name);
    if (!endpoint) throw new Error(`No hub named '${name}'`);
    return endpoint;
  };
  options.backplane.onMessage((message) => byName.get(message.hub)?.lifetime.receive(message));

  return {
    endpoints,
    timing,
    context: (name) => endpointNamed(name).lifetime.context,
    connections: (name) => endpointNamed(name).list(),
    disconnect(name, connectionId, how) {
      const connection = endpointNamed(name).findById(connectionId);
      if (!connection || connection.isClosed) return false;
      if (how === 'terminate') connection.terminate();
      else connection.close(how);
      return true;
    },
    endUser: (userId, reason) =>
      endpoints.reduce((ended, endpoint) => ended + endpoint.lifetime.endUser(String(userId), reason), 0),
  };
}

export interface RealtimeOptions {
  server: MountableRealtimeServer;
  /** Resolves a bearer token to its user; null refuses the request with 401. */
  authenticate: HubAuthenticate;
  /** Browser origins allowed to open hub WebSockets besides the page's own (CORS_ORIGINS); unset allows any. */
  allowedOrigins?: readonly string[];
  /** Retry-After seconds while the process sheds load; new WebSockets are then refused with 503. */
  shedding?: () => number | undefined;
}

/** Hub requests whose session is being read at once; enough to keep a pg pool busy, few enough to leave room. */
const MAX_CONCURRENT_AUTHENTICATIONS = 4;

/** How long shutdown waits for clients to take their Close before dropping the sockets. */
const SHUTDOWN_GRACE_MS = 1_000;

/**
 * SignalR-protocol hubs (notes/signalr-protocol.md): mounts every hub of a RealtimeServer at its path, speaks
 * negotiate, WebSockets, Server-Sent Events and long polling; sends go through the lifetime managers and the
 * backplane the server was made with.
 */
export const realtimePlugin = fp<RealtimeOptions>(
  async (app, options) => {
    const { endpoints, timing } = options.server;

    // Every hub request reads its session from the database. A reconnect storm would otherwise queue thousands of
    // those reads at once, ahead of every REST request's queries (PGlite runs one query at a time, a pg pool a few),
    // and starve the site; waiting here instead, the storm gets a few places in the queue and REST keeps the rest.
    const authentications = createLimiter(MAX_CONCURRENT_AUTHENTICATIONS);
    const authenticate: HubAuthenticate = (token) =>
      token ? authentications.run(() => options.authenticate(token)) : options.authenticate(token);

    await app.register(hubRoutes, { endpoints: [...endpoints], authenticate });
    const upgrades = listenForUpgrades(app.server, {
      endpoints: [...endpoints],
      authenticate,
      allowedOrigins: options.allowedOrigins,
      shedding: options.shedding,
      log: app.log,
    });

    const scanner = setInterval(() => {
      const now = Date.now();
      for (const endpoint of endpoints) endpoint.scan(now);
    }, scanIntervalMs(timing));
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
