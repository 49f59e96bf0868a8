import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API, apiPath, fillText, HUBS, messages } from '@rummage/contract';
import { insertResetToken, revokeSession } from '../../modules/account/account.repository.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { bearer, deleteAccount, createUser, signIn, type TestUser } from '../../test/factories.js';
import {
  listenOn,
  negotiate,
  RawHubSocket,
  signalR,
  type HubConnection,
  type ListeningApp,
} from '../test/server.js';

// A hub connection ends with the session it was opened with (docs/realtime.md, "Sessions"), on PGlite in one
// process.
// Clients reconnect automatically as the SPA's do, so a connection that stays down shows the server said so.

/** Long enough that an event-driven close within 1 s cannot be the periodic check's doing. */
const CHECK_EVERY_MS = 2_500;
const SUPPORT_EMAIL = 'help@rummage.test';

let t: TestApp;
let server: ListeningApp;
const open: HubConnection[] = [];

beforeAll(async () => {
  t = await buildTestApp({ SUPPORT_EMAIL }, { sessionCheckMs: CHECK_EVERY_MS });
  server = await listenOn(t.app);
});
afterAll(async () => {
  await Promise.all(open.map((connection) => connection.stop()));
  await t?.close();
});

interface Watched {
  connection: HubConnection;
  /** Resolves with the close error's text once the client gave up for good. */
  closed: Promise<string>;
  reconnecting: boolean;
}

async function connect(path: string, token: string): Promise<Watched> {
  const connection = new signalR.HubConnectionBuilder()
    .withUrl(`${server.origin}${path}`, { accessTokenFactory: () => token })
    .withAutomaticReconnect([0, 100, 500])
    .configureLogging(signalR.LogLevel.None)
    .build();
  const watched: Watched = {
    connection,
    closed: new Promise((resolve) => connection.onclose((error) => resolve(String(error?.message)))),
    reconnecting: false,
  };
  connection.onreconnecting(() => (watched.reconnecting = true));
  await connection.start();
  open.push(connection);
  return watched;
}

async function signedIn(role: 'user' | 'staff' | 'admin' = 'user'): Promise<TestUser & { token: string }> {
  const user = await createUser(t.app, { role });
  return { ...user, token: await signIn(t.app, user) };
}

async function post(url: string, token?: string, payload?: object) {
  const response = await t.app.inject({
    method: 'POST',
    url,
    headers: token ? bearer(token) : {},
    ...(payload && { payload }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ message: string }>();
}

/** Both hubs' connections closed within 1 s of `since`, with `reason`, and the client did not try to come back. */
async function expectEnded(hubs: Watched[], since: number, reason: string) {
  const texts = await Promise.all(hubs.map((hub) => hub.closed));
  expect(Date.now() - since).toBeLessThan(1_000);
  for (const text of texts) expect(text).toContain(reason);
  for (const hub of hubs) {
    expect(hub.reconnecting).toBe(false);
    expect(hub.connection.state).toBe(signalR.HubConnectionState.Disconnected);
  }
}

async function negotiateStatus(path: string, token: string): Promise<number> {
  const response = await fetch(`${server.origin}${path}/negotiate?negotiateVersion=1`, {
    method: 'POST',
    headers: bearer(token),
  });
  return response.status;
}

const bothHubs = (token: string) => Promise.all([connect(HUBS.chat, token), connect(HUBS.general, token)]);

describe('hub connections end with their session', () => {
  it('logout ends that session’s connections at once, leaves the person’s other session connected, and refuses the old token', async () => {
    const person = await signedIn();
    const otherDevice = await signIn(t.app, person);
    const here = await bothHubs(person.token);
    const there = await bothHubs(otherDevice);

    const since = Date.now();
    expect((await post(API.account.logout, person.token)).message).toBe(messages.login.loggedOut);
    await expectEnded(here, since, messages.login.loggedOut);

    for (const hub of there) expect(hub.connection.state).toBe(signalR.HubConnectionState.Connected);
    await there[1]!.connection.invoke('Join', false);
    expect(await negotiateStatus(HUBS.chat, person.token)).toBe(401);
    expect(await negotiateStatus(HUBS.chat, otherDevice)).toBe(200);
  });

  it('a logout ends that session’s negotiated connections too, and their WebSocket is refused; the other session’s goes on', async () => {
    // The WebSocket that follows its negotiate is let in on that negotiate's session read (protocol/upgrade.ts), so
    // the logout has to reach the negotiated connection itself.
    const person = await signedIn();
    const otherDevice = await signIn(t.app, person);
    const ended = await negotiate(server, HUBS.chat, person.token);
    const stays = await negotiate(server, HUBS.chat, otherDevice);

    await post(API.account.logout, person.token);
    const listed = () => t.app.parts.realtime.server.connections('chat').map((c) => c.connectionId);
    await vi.waitFor(() => expect(listed()).not.toContain(ended.connectionId), {
      timeout: 1_000,
      interval: 20,
    });
    expect(listed()).toContain(stays.connectionId);
    await expect(
      RawHubSocket.open(server, { path: HUBS.chat, token: person.token, id: ended.connectionToken }),
    ).rejects.toThrow('upgrade answered 401');
    const socket = await RawHubSocket.open(server, {
      path: HUBS.chat,
      token: otherDevice,
      id: stays.connectionToken,
    });
    await socket.handshake();
    socket.close();
  });

  it('log out everywhere ends every session’s connections, the caller’s own included', async () => {
    const person = await signedIn();
    const otherDevice = await signIn(t.app, person);
    const hubs = [...(await bothHubs(person.token)), ...(await bothHubs(otherDevice))];
    const bystander = await connect(HUBS.general, (await signedIn()).token);

    const since = Date.now();
    const answer = await post(API.account.logoutEverywhere, person.token);
    expect(answer.message).toBe(messages.login.loggedOutEverywhere);
    await expectEnded(hubs, since, messages.login.loggedOutEverywhere);
    expect(await negotiateStatus(HUBS.general, otherDevice)).toBe(401);
    expect(bystander.connection.state).toBe(signalR.HubConnectionState.Connected);
  });

  it('log out everywhere needs a session', async () => {
    const response = await t.app.inject({ method: 'POST', url: API.account.logoutEverywhere });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: messages.common.loginRequired });
  });

  it('a password reset ends every connection of the person', async () => {
    const person = await signedIn();
    const hubs = await bothHubs(person.token);
    const token = newToken();
    const now = new Date();
    await insertResetToken(t.app.parts.storage.database.db, {
      tokenHash: hashToken(token),
      userId: person.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 60_000),
    });

    const since = Date.now();
    await post(API.account.resetPassword, undefined, { token, password: 'Newpass123!' });
    await expectEnded(hubs, since, messages.passwordReset.passwordChanged);
    expect(await negotiateStatus(HUBS.chat, person.token)).toBe(401);
  });

  it('a ban ends every connection of the person with the suspension text', async () => {
    const [moderator, person] = await Promise.all([signedIn('staff'), signedIn()]);
    const hubs = await bothHubs(person.token);

    const since = Date.now();
    await post(apiPath(API.staff.banUser, { userId: person.id }), moderator.token, { reason: 'Spam' });
    await expectEnded(hubs, since, fillText(messages.login.banned, { email: SUPPORT_EMAIL }));
    expect(await negotiateStatus(HUBS.general, person.token)).toBe(401);
  });

  it('deleting the account ends every connection of the person, and the token opens none again', async () => {
    const person = await signedIn();
    const hubs = await bothHubs(person.token);

    await deleteAccount(t.app, person.token, person.password);
    // Measured from the answer: the password check before it is argon2's time, not delivery's.
    await expectEnded(hubs, Date.now(), messages.login.sessionEnded);
    expect(await negotiateStatus(HUBS.chat, person.token)).toBe(401);
  });

  it('a role change makes the person’s connections reconnect, and the new ones carry the new role', async () => {
    const [admin, person] = await Promise.all([signedIn('admin'), signedIn()]);
    const hub = await connect(HUBS.general, person.token);
    const back = new Promise((resolve) => hub.connection.onreconnected(resolve));

    const since = Date.now();
    await post(apiPath(API.staff.grantStaff, { userId: person.id }), admin.token);
    await back;
    expect(Date.now() - since).toBeLessThan(1_000);
    const live = t.app.parts.realtime.server.connections('general').filter((c) => c.userId === person.id);
    expect(live.map((c) => c.role)).toEqual(['staff']);
    expect(hub.connection.state).toBe(signalR.HubConnectionState.Connected);
  });

  it('the periodic check closes a connection whose session ended without an event', async () => {
    const person = await signedIn();
    const [hub] = await Promise.all([connect(HUBS.general, person.token)]);
    const [info] = t.app.parts.realtime.server.connections('general').filter((c) => c.userId === person.id);
    // As if the logout's message had been lost: revoked in the database, nothing published.
    await revokeSession(t.app.parts.storage.database.db, info!.sessionId, new Date());

    const since = Date.now();
    const text = await hub!.closed;
    expect(Date.now() - since).toBeLessThan(CHECK_EVERY_MS + 1_000);
    expect(text).toContain(messages.login.sessionEnded);
    expect(hub!.reconnecting).toBe(false);
  });
});
