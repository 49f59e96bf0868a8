import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { Backplane } from './backplane/backplane.js';
import { createLimiter } from '../services/images/limiter.js';
import { noMetrics, type HubMetrics } from '../services/metrics/index.js';
import type { Presence } from '../services/presence/index.js';
import type { HubContext, HubDefinition } from './hub.js';
import { HubLifetimeManager, type EndUserOptions } from './lifetime.js';
import { createConnectionAdmission } from './protocol/admission.js';
import { createFrameGathering, GATHER_BUDGET_MS, type FrameGathering } from './protocol/gather.js';
import type { HubAuthenticate, HubWording } from './protocol/auth.js';
import { HubEndpoint, type ConnectionInfo, type InvocationAdmission } from './protocol/hub-endpoint.js';
import { hubRoutes } from './protocol/routes.js';
import { DEFAULT_HUB_TIMING, scanIntervalMs, type HubTiming } from './protocol/timing.js';
import { listenForUpgrades } from './protocol/upgrade.js';

export type { HubTiming } from './protocol/timing.js';
export type { TransportKind } from './protocol/connection.js';
export type { EndUserOptions } from './lifetime.js';
export type { ConnectionInfo } from './protocol/hub-endpoint.js';

export interface RealtimeServerOptions {
  hubs: HubDefinition[];
  backplane: Backplane;
  log: FastifyBaseLogger;
  /** Shorter keep-alive and timeouts for tests. */
  timing?: Partial<HubTiming>;
  /**
   * Hub invocations running at once in this process (default 4). The embedded database runs one query at a time
   * and holds the event loop while it does, so there one at a time keeps each uninterrupted stretch short.
   */
  maxRunningInvocations?: number;
  /** Counts invocations and refusals per hub (METRICS_TOKEN); records nothing when left out. */
  metrics?: HubMetrics;
  /**
   * Who is on the site (services/presence): connections to `hubs` (the ones whose pages would show a
   * notification) count as the person being online.
   */
  presence?: { tracker: Presence; hubs: readonly string[] };
}

/**
 * The hubs of this process and who is connected to them. Made in the composition root (composition/) before
 * Fastify mounts it, so delivery subscribers and services' callbacks get their hub contexts as plain values.
 */
export interface RealtimeServer {
  /** The names of the mounted hubs. */
  readonly hubs: readonly string[];
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
   * Ends the hub connections of a person (all, or those of `sessionIds`) on this process and, through the
   * backplane, on every other one, telling the clients not to reconnect unless `allowReconnect` is set.
   * Returns how many ended on this process.
   */
  endUser(userId: number, reason: string, options?: EndUserOptions): number;
}

/** What realtimePlugin mounts: the server and its endpoints, one per hub. */
export interface MountableRealtimeServer extends RealtimeServer {
  readonly endpoints: readonly HubEndpoint[];
  readonly timing: HubTiming;
  /** Holds each WebSocket's frames while invocations are running or waiting, so a burst leaves in few writes. */
  readonly gathering: FrameGathering;
  /**
   * Whether the process sheds load right now; the plugin plugs in the HTTP server's pressure reading once it
   * mounts the hubs (the server is made before Fastify is).
   */
  setShedding(shedding: () => boolean): void;
}

/** Hub invocations running at once by default: enough to keep a pg pool busy, few enough to leave REST room. */
const MAX_RUNNING_INVOCATIONS = 4;

export function createRealtimeServer(options: RealtimeServerOptions): MountableRealtimeServer {
  const timing: HubTiming = { ...DEFAULT_HUB_TIMING, ...options.timing };
  let shedding = () => false;
  const admission: InvocationAdmission = {
    turns: createLimiter(options.maxRunningInvocations ?? MAX_RUNNING_INVOCATIONS),
    lined: { count: 0 },
    shedding: () => shedding(),
    metrics: options.metrics ?? noMetrics,
  };
  const { turns, lined } = admission;
  const gathering = createFrameGathering({
    invocations: () => turns.active + turns.waiting + lined.count,
    budgetMs: GATHER_BUDGET_MS,
  });
  const endpoints = options.hubs.map(
    (definition) =>
      new HubEndpoint(
        definition,
        new HubLifetimeManager(definition.name, options.backplane, options.log),
        timing,
        options.log,
        admission,
        options.presence?.hubs.includes(definition.name) ? options.presence.tracker : undefined,
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
    gathering,
    hubs: endpoints.map((endpoint) => endpoint.definition.name),
    setShedding(probe) {
      shedding = probe;
    },
    context: (name) => endpointNamed(name).lifetime.context,
    connections: (name) => endpointNamed(name).list(),
    disconnect(name, connectionId, how) {
      const connection = endpointNamed(name).findById(connectionId);
      if (!connection || connection.isClosed) return false;
      if (how === 'terminate') connection.terminate();
      else connection.close(how);
      return true;
    },
    endUser: (userId, reason, endOptions) =>
      endpoints.reduce(
        (ended, endpoint) => ended + endpoint.lifetime.endUser(String(userId), reason, endOptions),
        0,
      ),
  };
}

export interface RealtimeOptions {
  server: MountableRealtimeServer;
  /** Resolves a bearer token to its user; null refuses the request with 401. */
  authenticate: HubAuthenticate;
  /** Browser origins allowed to open hub WebSockets besides the page's own (CORS_ORIGINS); unset allows any. */
  allowedOrigins?: readonly string[];
  /**
   * Retry-After seconds while the process sheds load; new WebSockets are then refused with 503 and invocations on
   * open connections with the contract's readable text.
   */
  shedding?: () => number | undefined;
  /** Says a connection's refusals in its person's language; English as thrown when left out. */
  wording?: HubWording;
}

/** Hub requests whose session is being read at once; enough to keep a pg pool busy, few enough to leave room. */
const MAX_CONCURRENT_AUTHENTICATIONS = 4;

/** How long shutdown waits for clients to take their Close before dropping the sockets. */
const SHUTDOWN_GRACE_MS = 1_000;

/**
 * SignalR-protocol hubs (docs/realtime.md): mounts every hub of a RealtimeServer at its path, speaks
 * negotiate, WebSockets, Server-Sent Events and long polling; sends go through the lifetime managers and the
 * backplane the server was made with.
 */
export const realtimePlugin = fp<RealtimeOptions>(
  async (app, options) => {
    const { endpoints, timing } = options.server;
    const shedding = options.shedding;
    if (shedding) options.server.setShedding(() => shedding() !== undefined);

    // Every hub request reads its session from the database. A reconnect storm would otherwise queue thousands of
    // those reads at once, ahead of every REST request's queries (PGlite runs one query at a time, a pg pool a few),
    // and starve the site; waiting here instead, the storm gets a few places in the queue and REST keeps the rest.
    const authentications = createLimiter(MAX_CONCURRENT_AUTHENTICATIONS);
    const authenticate: HubAuthenticate = (token) =>
      token ? authentications.run(() => options.authenticate(token)) : options.authenticate(token);

    // New connections (negotiate, or a WebSocket that skipped it) come in one per turn of the event loop, so a
    // reconnect storm cannot take the turns REST requests need (protocol/admission.ts).
    const admission = createConnectionAdmission();
    const { wording } = options;
    await app.register(hubRoutes, { endpoints: [...endpoints], authenticate, admission, wording });
    const upgrades = listenForUpgrades(app.server, {
      endpoints: [...endpoints],
      authenticate,
      wording,
      admission,
      gathering: options.server.gathering,
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
