import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { createUser, signIn, type TestUser } from '../../test/factories.js';
import { ContractCheckedProtocol, hubNameOf } from './contract.js';
import { listenOn, signalR, type HubConnection, type ListeningApp } from './server.js';

export interface HubPerson extends TestUser {
  token: string;
}

export interface HubTestApp {
  /** The real app on a fresh database, and where it listens (set in beforeAll). */
  readonly t: TestApp;
  readonly server: ListeningApp;
  /** A signed-in account with a real session token. */
  person(role?: 'user' | 'staff' | 'admin'): Promise<HubPerson>;
  /**
   * The official client on `path`, signed in as `who`, as the SPA connects; stopped after the file. Every push
   * it receives is checked against the contract's HUB_EVENT_SCHEMAS: a test fails if any did not conform. With
   * `reconnect` it reconnects at once when the server allows it, as the SPA does.
   */
  connect(path: string, who: HubPerson, options?: { reconnect?: boolean }): Promise<HubConnection>;
}

/**
 * The app listening on a port for hub tests with the official SignalR client; call once per test file. `env`
 * goes on top of the test settings (a small RATE_LIMIT_GLOBAL_MAX, for instance).
 */
export function useHubTestApp(env: Record<string, string> = {}): HubTestApp {
  let t: TestApp | undefined;
  let server: ListeningApp | undefined;
  const open: HubConnection[] = [];
  const violations: string[] = [];
  beforeAll(async () => {
    t = await buildTestApp(env);
    server = await listenOn(t.app);
  });
  afterEach(() => {
    const found = violations.splice(0);
    expect(found, 'pushes outside the contract').toEqual([]);
  });
  afterAll(async () => {
    await Promise.all(open.map((connection) => connection.stop()));
    await t?.close();
  });
  const started = () => {
    if (!t || !server) throw new Error('useHubTestApp: the app starts in beforeAll');
    return { t, server };
  };
  return {
    get t() {
      return started().t;
    },
    get server() {
      return started().server;
    },
    async person(role = 'user') {
      const { t } = started();
      const user = await createUser(t.app, { role });
      return { ...user, token: await signIn(t.app, user) };
    },
    async connect(path, who, options = {}) {
      let builder = new signalR.HubConnectionBuilder()
        .withUrl(`${started().server.origin}${path}`, { accessTokenFactory: () => who.token })
        .withHubProtocol(new ContractCheckedProtocol(hubNameOf(path), violations))
        .configureLogging(signalR.LogLevel.None);
      if (options.reconnect) builder = builder.withAutomaticReconnect([0, 100, 500]);
      const connection = builder.build();
      await connection.start();
      open.push(connection);
      return connection;
    },
  };
}
