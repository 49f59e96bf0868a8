import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { createUser, signIn, type TestUser } from '../../test/factories.js';
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
   * The official client on `path`, signed in as `who`, as the SPA connects; stopped after the file. With
   * `reconnect` it reconnects at once when the server allows it, as the SPA does.
   */
  connect(path: string, who: HubPerson, options?: { reconnect?: boolean }): Promise<HubConnection>;
}

/** The app listening on a port for hub tests with the official SignalR client; call once per test file. */
export function useHubTestApp(): HubTestApp {
  let t: TestApp | undefined;
  let server: ListeningApp | undefined;
  const open: HubConnection[] = [];
  beforeAll(async () => {
    t = await buildTestApp();
    server = await listenOn(t.app);
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
        .configureLogging(signalR.LogLevel.None);
      if (options.reconnect) builder = builder.withAutomaticReconnect([0, 100, 500]);
      const connection = builder.build();
      await connection.start();
      open.push(connection);
      return connection;
    },
  };
}
