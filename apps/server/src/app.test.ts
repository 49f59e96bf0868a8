import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, APP_FILES, DEFAULT_CATEGORIES, messages, type WebManifest } from '@rummage/contract';
import { shortName } from './modules/config/web-manifest.routes.js';
import { buildTestApp, type TestApp } from './test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ MAP_TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png' });
});
afterAll(async () => {
  await t?.close();
});

describe('health', () => {
  it('answers liveness and readiness', async () => {
    const live = await t.app.inject({ url: API.health.live });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: API.health.ready });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });
});

describe('catalogue and public config', () => {
  it('lists the ten default categories in order', async () => {
    const response = await t.app.inject({ url: API.category });
    expect(response.statusCode).toBe(200);
    const { data } = response.json() as { data: Array<{ id: number; title: string }> };
    expect(data.map((category) => category.title)).toEqual([...DEFAULT_CATEGORIES]);
    expect(data.every((category, index) => index === 0 || category.id > data[index - 1]!.id)).toBe(true);
  });

  it('publishes product name, captcha and map settings, and nothing secret', async () => {
    const response = await t.app.inject({ url: API.config });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: {
        productName: 'Rummage',
        supportEmail: 'support@rummage.local',
        captcha: { provider: 'altcha', challengeUrl: API.captcha.challenge },
        mapTileUrl: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
        mapAttribution: expect.stringContaining('OpenStreetMap'),
        defaultLocale: 'en',
        currency: 'USD',
        distanceUnit: 'mi',
        defaultCountry: 'US',
      },
    });
    expect(response.body).not.toContain(t.config.captcha.altchaHmacKey);
  });

  it('serves an OpenAPI document generated from the contract schemas', async () => {
    const response = await t.app.inject({ url: `${API.docs}/json` });
    expect(response.statusCode).toBe(200);
    const doc = response.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([API.account.register, API.account.login, API.category, API.config]),
    );
    const register = doc.paths[API.account.register]?.post as { requestBody: unknown };
    expect(JSON.stringify(register.requestBody)).toContain('userName');
    const ui = await t.app.inject({ url: `${API.docs}/`, headers: { accept: 'text/html' } });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });
});

describe('error answers', () => {
  const register = (
    payload: string,
    headers: Record<string, string> = { 'content-type': 'application/json' },
  ) => t.app.inject({ method: 'POST', url: API.account.register, payload, headers });

  it('malformed JSON is a readable 400', async () => {
    const response = await register('{"userName": "abc",');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: messages.common.invalidJson });
  });

  it('an empty JSON body is a readable 400', async () => {
    const response = await register('');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: messages.common.invalidJson });
  });

  it('a body that is not an object is a 400, not a crash', async () => {
    for (const payload of ['[]', '"text"', '42', 'null']) {
      const response = await register(payload);
      expect(response.statusCode).toBe(400);
      expect(typeof response.json().message).toBe('string');
    }
  });

  it('prototype pollution attempts are refused', async () => {
    const response = await register('{"__proto__": {"admin": true}, "userName": "abc"}');
    expect(response.statusCode).toBe(400);
  });

  it('an oversized body is a 413', async () => {
    const response = await register(JSON.stringify({ userName: 'x'.repeat(t.config.bodyLimitBytes + 10) }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: messages.common.payloadTooLarge });
    // The rest of the body is not read (faults/abuse-http.fault.ts measures what reading it would cost).
    expect(response.headers.connection).toBe('close');
  });

  it('a content type the API does not take is a 415', async () => {
    for (const type of ['application/xml', 'text/plain']) {
      const response = await register('<x/>', { 'content-type': type });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ message: messages.common.unsupportedMediaType });
    }
  });

  it('an unknown API path is a JSON 404, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await t.app.inject({
        method,
        url: '/api/Nope/nothing',
        headers: { accept: 'text/html' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: messages.common.resourceNotFound });
    }
  });

  it('wrong types and huge values never produce a 500', async () => {
    const bodies = [
      {
        userName: 1,
        email: [],
        password: {},
        phoneNumber: null,
        latitude: 'x',
        longitude: Number.POSITIVE_INFINITY,
        acceptTerms: 'yes',
      },
      { userName: 'a'.repeat(10_000), email: 'b'.repeat(10_000) },
      { latitude: 1e300, longitude: -1e300 },
    ];
    for (const body of bodies) {
      const response = await t.app.inject({ method: 'POST', url: API.account.register, payload: body });
      expect(response.statusCode).toBe(400);
      expect(response.body).not.toMatch(/\n\s+at /);
    }
  });
});

describe('web app manifest', () => {
  it('names the app after PRODUCT_NAME, with icons, colours and the site as its start', async () => {
    const response = await t.app.inject({ url: APP_FILES.manifest });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/manifest+json');
    expect(response.headers['cache-control']).toBe('no-cache');
    const manifest = response.json() as WebManifest;
    expect(manifest).toMatchObject({
      name: 'Rummage',
      short_name: 'Rummage',
      start_url: '/',
      display: 'standalone',
      theme_color: APP_FILES.themeColor,
    });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '192x192 maskable',
      '512x512 maskable',
    ]);
  });

  it('cuts a long product name at a word for the home screen', () => {
    expect(shortName('Northside Swap Market')).toBe('Northside');
    expect(shortName('Supercalifragilistic')).toBe('Supercalifra');
  });
});

describe('security headers', () => {
  it('sends a page a strict CSP that lets the SPA, the ALTCHA workers and the map tiles work', async () => {
    const response = await t.app.inject({ url: '/marketplace', headers: { accept: 'text/html' } });
    expect(response.headers['content-type']).toContain('text/html');
    const csp = response.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).toContain("manifest-src 'self'");
    // WebSockets to the site itself only (PUBLIC_URL), never to any host.
    expect(csp).toContain("connect-src 'self' ws://rummage.test;");
    expect(csp).not.toMatch(/connect-src[^;]* (ws|wss):[ ;]/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("img-src 'self' data: blob: https://*.tiles.example.org");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('sends a JSON answer only the headers that protect JSON, its cache rule and its rate limit', async () => {
    const response = await t.app.inject({ url: `${API.marketplace.products}?page=1&pageSize=12` });
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers['x-ratelimit-remaining']).toBeDefined();
    for (const pageOnly of [
      'referrer-policy',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
    ]) {
      expect(response.headers[pageOnly], pageOnly).toBeUndefined();
    }
  });

  it('sends Strict-Transport-Security on pages and JSON answers when the site is served over https', async () => {
    const https = await buildTestApp({ PUBLIC_URL: 'https://rummage.test' });
    try {
      for (const request of [
        { url: '/marketplace', headers: { accept: 'text/html' } },
        { url: API.config },
      ]) {
        const response = await https.app.inject(request);
        expect(response.headers['strict-transport-security'], request.url).toBe('max-age=31536000');
      }
    } finally {
      await https.close();
    }
  });

  it('sends no CORS headers when CORS_ORIGINS is empty', async () => {
    const response = await t.app.inject({ url: API.config, headers: { origin: 'https://evil.example' } });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('web app not built', () => {
  it('serves a page saying how to build it, for page requests only', async () => {
    const page = await t.app.inject({ url: '/marketplace', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('npm run build');
    const asset = await t.app.inject({ url: '/assets/app.js', headers: { accept: '*/*' } });
    expect(asset.statusCode).toBe(404);
  });
});
