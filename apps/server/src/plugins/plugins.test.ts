import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, APP_FILES, messages } from '@rummage/contract';
import { buildTestApp, type TestApp } from '../test/app.js';
import { bearer, createUser, signIn } from '../test/factories.js';

const distDir = mkdtempSync(join(tmpdir(), 'rummage-dist-'));
let t: TestApp;

beforeAll(async () => {
  mkdirSync(join(distDir, 'assets'));
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(distDir, 'home.html'), '<!doctype html><div id="root"><h1>prerendered home</h1></div>');
  writeFileSync(join(distDir, 'index.de.html'), '<!doctype html><html lang="de"><div id="root"></div>');
  writeFileSync(join(distDir, 'home.de.html'), '<!doctype html><div id="root"><h1>Startseite</h1></div>');
  writeFileSync(join(distDir, 'home.es.html'), '<!doctype html><div id="root"><h1>Inicio</h1></div>');
  writeFileSync(join(distDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(join(distDir, 'assets', 'index-abc123.js.br'), 'brotli bytes');
  writeFileSync(join(distDir, 'assets', 'index-abc123.js.gz'), 'gzip bytes');
  writeFileSync(join(distDir, 'favicon.svg'), '<svg/>');
  writeFileSync(join(distDir, 'sw.js'), 'self.addEventListener("push", () => {});');
  writeFileSync(join(distDir, 'sw.js.br'), 'brotli worker');
  t = await buildTestApp({
    WEB_DIST_DIR: distDir,
    RATE_LIMIT_GLOBAL_MAX: '40',
    RATE_LIMIT_LOGIN_MAX: '3',
    RATE_LIMIT_RESET_MAX: '2',
    CORS_ORIGINS: 'https://app.example, https://other.example/',
  });
});
afterAll(async () => {
  await t?.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe('static SPA', () => {
  it('serves index.html for client routes, revalidated on every load', async () => {
    for (const url of [
      '/',
      '/marketplace',
      '/product-detail/42',
      '/reset-password/new?token=abc',
      '/staff',
      '/garage/route',
    ]) {
      const response = await t.app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers a path no page has with the app and a 404, so crawlers and monitors see the truth', async () => {
    for (const url of ['/no-such-page', '/product-detail/42/extra', '/wp-login']) {
      const response = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('answers / with the prerendered home page and every other route with the plain shell', async () => {
    const html = { accept: 'text/html' };
    expect((await t.app.inject({ url: '/', headers: html })).body).toContain('prerendered home');
    const other = await t.app.inject({ url: '/marketplace', headers: html });
    expect(other.body).toBe('<!doctype html><div id="root"></div>');
  });

  it("answers pages in the reader's language: their choice, then their browser's, then the installation's", async () => {
    const home = (headers: Record<string, string>) =>
      t.app.inject({ url: '/', headers: { accept: 'text/html', ...headers } });
    expect((await home({ 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' })).body).toContain('Startseite');
    expect((await home({ 'accept-language': 'de-DE', cookie: 'lang=es' })).body).toContain('Inicio');
    expect((await home({ 'accept-language': 'fr-FR', cookie: 'lang=xx' })).body).toContain(
      'prerendered home',
    );
    const answer = await home({ 'accept-language': 'de' });
    expect(answer.headers.vary).toContain('accept-language, cookie');
    const frame = await t.app.inject({
      url: '/marketplace',
      headers: { accept: 'text/html', cookie: 'lang=de' },
    });
    expect(frame.body).toContain('<html lang="de">');
    expect(frame.headers.vary).toContain('accept-language, cookie');
  });

  it('sends the copy compressed at build time to browsers that accept it', async () => {
    const url = '/assets/index-abc123.js';
    const brotli = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotli.body).toBe('brotli bytes');
    const gzip = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect([gzip.headers['content-encoding'], gzip.body]).toEqual(['gzip', 'gzip bytes']);
    const plain = await t.app.inject({ url });
    expect([plain.headers['content-encoding'], plain.body]).toEqual([undefined, 'console.log(1)']);
  });

  it('serves the service worker for the whole site, revalidated, compressed or not', async () => {
    for (const encoding of ['br', 'identity']) {
      const response = await t.app.inject({
        url: APP_FILES.serviceWorker,
        headers: { 'accept-encoding': encoding },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('javascript');
      expect(response.headers['service-worker-allowed']).toBe('/');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    const other = await t.app.inject({ url: '/favicon.svg' });
    expect(other.headers['service-worker-allowed']).toBeUndefined();
  });

  it('lets browsers keep hashed assets forever', async () => {
    const response = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.app.inject({ url: '/favicon.svg' })).headers['cache-control']).toBe('no-cache');
  });

  it('never answers index.html for API, hub, asset or non-GET requests', async () => {
    const html = { accept: 'text/html' };
    const cases = [
      t.app.inject({ url: '/api/Nothing', headers: html }),
      t.app.inject({ url: '/chathub/elsewhere', headers: html }),
      t.app.inject({ url: '/assets/missing.js', headers: { accept: '*/*' } }),
      t.app.inject({ method: 'POST', url: '/marketplace', headers: html }),
    ];
    for (const response of await Promise.all(cases)) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: messages.common.resourceNotFound });
    }
    // Negotiate is the hub's own route: a GET is refused as SignalR does (405), never the SPA's page.
    const negotiate = await t.app.inject({ url: '/chathub/negotiate', headers: html });
    expect(negotiate.statusCode).toBe(405);
    expect(negotiate.headers['content-type'] ?? '').not.toContain('text/html');
  });
});

describe('CORS allow-list', () => {
  it('answers listed origins only', async () => {
    const preflight = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: API.account.login,
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
    expect((await preflight('https://app.example')).headers['access-control-allow-origin']).toBe(
      'https://app.example',
    );
    expect((await preflight('https://other.example')).headers['access-control-allow-origin']).toBe(
      'https://other.example',
    );
    expect((await preflight('https://evil.example')).headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('rate limits', () => {
  it('stops login attempts past the limit with a readable 429', async () => {
    const user = await createUser(t.app);
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: API.account.login,
        payload: { userName: user.username, password: 'Wrong123!' },
        remoteAddress: '198.51.100.7',
      });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: messages.common.tooManyRequests });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    // Counted per client: someone else can still sign in.
    const other = await t.app.inject({
      method: 'POST',
      url: API.account.login,
      payload: { userName: user.username, password: user.password },
      remoteAddress: '198.51.100.8',
    });
    expect(other.statusCode).toBe(200);

    const redis = t.app.parts.storage.redis;
    if (redis) {
      // With REDIS_URL the counters are shared through Redis, under this app's own key prefix.
      const keys = await redis.keys(`${t.config.redisKeyPrefix}rate-limit:*`);
      expect(
        keys.some((key) => key.includes('/api/Account/user-login') && key.includes('198.51.100.7')),
      ).toBe(true);
    }
  });

  it('limits reset-link requests', async () => {
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: API.account.sendPasswordResetLink,
        payload: { email: 'someone@example.test' },
        remoteAddress: '198.51.100.9',
      });
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(429);
  });

  it('applies a global limit to the API but not to static files', async () => {
    const remoteAddress = '198.51.100.10';
    for (let i = 0; i < 40; i++) {
      expect((await t.app.inject({ url: API.category, remoteAddress })).statusCode).toBe(200);
    }
    const limited = await t.app.inject({ url: API.category, remoteAddress });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: messages.common.tooManyRequests });
    expect((await t.app.inject({ url: '/assets/index-abc123.js', remoteAddress })).statusCode).toBe(200);
    expect((await t.app.inject({ url: API.health.ready, remoteAddress })).statusCode).toBe(200);
  });
});

describe('rate limits per person', () => {
  it('counts the global limit per signed-in person, and per address for visitors', async () => {
    const remoteAddress = '198.51.100.11';
    const [ann, bob] = await Promise.all([createUser(t.app), createUser(t.app)]);
    const annToken = await signIn(t.app, ann);
    const bobToken = await signIn(t.app, bob);
    const get = (token?: string) =>
      t.app.inject({ url: API.category, remoteAddress, headers: token ? bearer(token) : {} });
    for (let i = 0; i < 40; i++) expect((await get(annToken)).statusCode).toBe(200);
    const limited = await get(annToken);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
    // Someone else at the same address (a shared network) and a visitor there still have their own budgets.
    expect((await get(bobToken)).headers['x-ratelimit-remaining']).toBe('39');
    expect((await get()).headers['x-ratelimit-remaining']).toBe('39');
    // A stale token is a visitor, counted by address.
    expect((await get('not-a-session')).headers['x-ratelimit-remaining']).toBe('38');
  });

  it('keeps counting login attempts per address whoever the token names', async () => {
    const [user, other] = await Promise.all([createUser(t.app), createUser(t.app)]);
    const tokens = [await signIn(t.app, user), await signIn(t.app, other), undefined];
    const attempt = (token?: string) =>
      t.app.inject({
        method: 'POST',
        url: API.account.login,
        payload: { userName: user.username, password: 'Wrong123!' },
        headers: token ? bearer(token) : {},
        remoteAddress: '198.51.100.12',
      });
    for (const token of tokens) expect((await attempt(token)).statusCode).toBe(401);
    expect((await attempt(tokens[0])).statusCode).toBe(429);
  });
});

describe('password guesses', () => {
  it('limits password guesses at account deletion as login does, counted per person from any address', async () => {
    const [user, other] = await Promise.all([createUser(t.app), createUser(t.app)]);
    const [token, otherToken] = [await signIn(t.app, user), await signIn(t.app, other)];
    const guess = (as: string, password: string, remoteAddress: string) =>
      t.app.inject({
        method: 'DELETE',
        url: API.account.delete,
        payload: { password },
        headers: bearer(as),
        remoteAddress,
      });
    // RATE_LIMIT_LOGIN_MAX is 3 here: three guesses, each from another address, then the login's refusal.
    for (const address of ['198.51.100.21', '198.51.100.22', '198.51.100.23']) {
      expect((await guess(token, 'Wrong123!', address)).statusCode).toBe(400);
    }
    const limited = await guess(token, user.password, '198.51.100.24');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: messages.common.tooManyRequests });
    expect((await t.app.inject({ url: API.account.me, headers: bearer(token) })).statusCode).toBe(200);
    // Another person's budget is their own: their deletion goes through.
    expect((await guess(otherToken, other.password, '198.51.100.21')).statusCode).toBe(200);
  });
});

describe('readiness', () => {
  it('answers 503 when the database does not', async () => {
    const database = t.app.parts.storage.database;
    const ping = database.ping;
    // Simulates an outage of the database server without tearing down the shared test database.
    (database as { ping: () => Promise<void> }).ping = () => Promise.reject(new Error('connection refused'));
    try {
      const response = await t.app.inject({ url: API.health.ready });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: messages.common.serviceUnavailable });
      expect((await t.app.inject({ url: API.health.live })).statusCode).toBe(200);
    } finally {
      (database as { ping: () => Promise<void> }).ping = ping;
    }
  });
});
