import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API, apiPath, fillText, HUBS, messages } from '@rummage/contract';
import { hashToken, newToken } from '../../lib/tokens.js';
import { insertResetToken } from '../../modules/account/account.repository.js';
import { buildTestAppPair } from '../../test/app.js';
import { bearer, createUser, signIn, type TestUser } from '../../test/factories.js';
import { redisAvailable } from '../../test/redis.js';
import { listenOn, negotiate, RawHubSocket, signalR, type HubConnection } from '../test/server.js';

// Sessions end across processes (docs/realtime.md, "Sessions"): two app processes on one PostgreSQL database,
// joined by the Redis backplane. The REST call is handled by A; the hub connection lives on B.

const available = Boolean(process.env.DATABASE_URL) && (await redisAvailable('sessions-scale-out.test.ts'));
if (!process.env.DATABASE_URL) {
  console.warn('sessions-scale-out.test.ts skipped: it needs DATABASE_URL (PostgreSQL) as well as Redis');
}

const SUPPORT_EMAIL = 'help@rummage.test';

describe.skipIf(!available)('hub sessions on two processes (PostgreSQL + Redis)', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  let originB: string;
  let close: () => Promise<void>;
  const open: HubConnection[] = [];

  beforeAll(async () => {
    // The periodic check stays far away, so only the backplane can close B's connections within 1 s.
    const pair = await buildTestAppPair({ SUPPORT_EMAIL }, { sessionCheckMs: 60_000 });
    [a, b] = pair.apps;
    close = pair.close;
    originB = (await listenOn(b)).origin;
  });
  afterAll(async () => {
    await Promise.all(open.map((connection) => connection.stop()));
    await close?.();
  });

  async function signedIn(role: 'user' | 'staff' = 'user'): Promise<TestUser & { token: string }> {
    const user = await createUser(a, { role });
    return { ...user, token: await signIn(a, user) };
  }

  /** A client on B, proven reachable from A: B has subscribed the person's backplane channel. */
  async function connectOnB(path: string, hub: 'chat' | 'general', who: { id: number; token: string }) {
    const connection = new signalR.HubConnectionBuilder()
      .withUrl(`${originB}${path}`, { accessTokenFactory: () => who.token })
      .withAutomaticReconnect([0, 100, 500])
      .configureLogging(signalR.LogLevel.None)
      .build();
    const reconnecting = vi.fn();
    connection.onreconnecting(reconnecting);
    const closed = new Promise<string>((resolve) =>
      connection.onclose((error) => resolve(String(error?.message))),
    );
    let reached = false;
    connection.on('probe', () => (reached = true));
    await connection.start();
    open.push(connection);
    await vi.waitFor(
      async () => {
        await a.parts.realtime.server.context(hub).clients.user(who.id).send('probe');
        if (!reached) throw new Error('B has not heard A yet');
      },
      { timeout: 10_000, interval: 100 },
    );
    return { connection, closed, reconnecting };
  }

  async function postOnA(url: string, token: string, payload?: object) {
    const response = await a.inject({
      method: 'POST',
      url,
      headers: bearer(token),
      ...(payload && { payload }),
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  it('a logout handled by A closes the session’s connections held by B within 1 s, and only that session’s', async () => {
    const person = await signedIn();
    const otherDevice = { id: person.id, token: await signIn(a, person) };
    const chat = await connectOnB(HUBS.chat, 'chat', person);
    const general = await connectOnB(HUBS.general, 'general', person);
    const stays = await connectOnB(HUBS.general, 'general', otherDevice);

    const since = Date.now();
    await postOnA(API.account.logout, person.token);
    const texts = await Promise.all([chat.closed, general.closed]);
    expect(Date.now() - since).toBeLessThan(1_000);
    for (const text of texts) expect(text).toContain(messages.login.loggedOut);
    expect(chat.reconnecting).not.toHaveBeenCalled();
    expect(general.reconnecting).not.toHaveBeenCalled();
    expect(stays.connection.state).toBe(signalR.HubConnectionState.Connected);
  });

  it('a logout handled by A ends a connection B negotiated before it within 1 s, and its WebSocket is refused', async () => {
    // B lets a negotiated connection's WebSocket in on the negotiate's session read (protocol/upgrade.ts), so the
    // logout must reach B's negotiated connection through the backplane, B holding nothing else of the person.
    const person = await signedIn();
    const negotiated = await negotiate({ origin: originB }, HUBS.chat, person.token);

    await postOnA(API.account.logout, person.token);
    await vi.waitFor(
      () =>
        expect(b.parts.realtime.server.connections('chat').map((c) => c.connectionId)).not.toContain(
          negotiated.connectionId,
        ),
      { timeout: 1_000, interval: 20 },
    );
    await expect(
      RawHubSocket.open(
        { origin: originB },
        { path: HUBS.chat, token: person.token, id: negotiated.connectionToken },
      ),
    ).rejects.toThrow('upgrade answered 401');
  });

  it('a ban handled by A closes the person’s connections held by B within 1 s', async () => {
    const [moderator, person] = await Promise.all([signedIn('staff'), signedIn()]);
    const chat = await connectOnB(HUBS.chat, 'chat', person);

    const since = Date.now();
    await postOnA(apiPath(API.staff.banUser, { userId: person.id }), moderator.token, { reason: 'Spam' });
    expect(await chat.closed).toContain(fillText(messages.login.banned, { email: SUPPORT_EMAIL }));
    expect(Date.now() - since).toBeLessThan(1_000);
    expect(chat.reconnecting).not.toHaveBeenCalled();
  });

  it('a password reset handled by A closes the person’s connections held by B within 1 s', async () => {
    const person = await signedIn();
    const general = await connectOnB(HUBS.general, 'general', person);
    const token = newToken();
    const now = new Date();
    await insertResetToken(a.parts.storage.database.db, {
      tokenHash: hashToken(token),
      userId: person.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 60_000),
    });

    const since = Date.now();
    const response = await a.inject({
      method: 'POST',
      url: API.account.resetPassword,
      payload: { token, password: 'Newpass123!' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await general.closed).toContain(messages.passwordReset.passwordChanged);
    expect(Date.now() - since).toBeLessThan(1_000);
  });

  it('log out everywhere handled by A closes every session’s connections held by B within 1 s', async () => {
    const person = await signedIn();
    const otherDevice = { id: person.id, token: await signIn(a, person) };
    const first = await connectOnB(HUBS.general, 'general', person);
    const second = await connectOnB(HUBS.chat, 'chat', otherDevice);

    const since = Date.now();
    await postOnA(API.account.logoutEverywhere, person.token);
    const texts = await Promise.all([first.closed, second.closed]);
    expect(Date.now() - since).toBeLessThan(1_000);
    for (const text of texts) expect(text).toContain(messages.login.loggedOutEverywhere);
  });
});
