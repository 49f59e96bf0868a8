import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { CONFIG_VARIABLES, ConfigError, loadConfig } from './config.js';
import { repoRoot } from './lib/package-paths.js';

describe('loadConfig', () => {
  it('has working defaults for a plain npm start', () => {
    const config = loadConfig({}, '/somewhere');
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.dataDir).toBe(resolve(repoRoot, 'data'));
    expect(config.webDistDir).toBe(resolve(repoRoot, 'apps/web/dist'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.captcha.provider).toBe('altcha');
    expect(config.seedDemoData).toBe(true);
    expect(config.corsOrigins).toEqual([]);
    expect(config.trustProxy).toBe(false);
    expect(config.map.tileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    // Load shedding on a stalled event loop only; memory limits are the operator's choice.
    expect(config.pressure).toEqual({ maxEventLoopDelayMs: 1000, maxHeapBytes: 0, maxRssBytes: 0 });
  });

  it("reads the installation's language, currency, distance unit and country, the SPEC's by default", () => {
    expect(loadConfig({}).locale).toEqual({
      defaultLocale: 'en',
      currency: 'USD',
      distanceUnit: 'mi',
      defaultCountry: 'US',
    });
    expect(
      loadConfig({ DEFAULT_LOCALE: 'de', CURRENCY: 'eur', DISTANCE_UNIT: 'km', DEFAULT_COUNTRY: 'de' })
        .locale,
    ).toEqual({ defaultLocale: 'de', currency: 'EUR', distanceUnit: 'km', defaultCountry: 'DE' });
    let error: unknown;
    try {
      loadConfig({ DEFAULT_LOCALE: 'fr', CURRENCY: 'EURO', DISTANCE_UNIT: 'miles', DEFAULT_COUNTRY: 'XX' });
    } catch (caught) {
      error = caught;
    }
    expect((error as ConfigError).problems).toEqual([
      'DEFAULT_LOCALE must be one of en, de, es',
      'CURRENCY must be an ISO 4217 currency code such as USD, EUR or GBP',
      'DISTANCE_UNIT must be one of mi, km',
      'DEFAULT_COUNTRY must be an ISO 3166-1 alpha-2 country code such as US, DE or ES',
    ]);
  });

  it('loads demo data by default only for the embedded quick start', () => {
    expect(loadConfig({}).seedDemoData).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/rummage' }).seedDemoData).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemoData).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO_DATA: 'true' }).seedDemoData).toBe(true);
    expect(
      loadConfig({ DATABASE_URL: 'postgres://u@db:5432/rummage', SEED_DEMO_DATA: 'yes' }).seedDemoData,
    ).toBe(true);
  });

  it('reads load-shedding limits, 0 turning one off, and refuses anything else', () => {
    const config = loadConfig({
      PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
      PRESSURE_MAX_HEAP_BYTES: '1073741824',
      PRESSURE_MAX_RSS_BYTES: '2147483648',
    });
    expect(config.pressure).toEqual({ maxEventLoopDelayMs: 0, maxHeapBytes: 2 ** 30, maxRssBytes: 2 ** 31 });
    expect(() => loadConfig({ PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '-1' })).toThrow(
      /PRESSURE_MAX_EVENT_LOOP_DELAY_MS must be a whole number from 0 to 60000/,
    );
    expect(() => loadConfig({ PRESSURE_MAX_RSS_BYTES: '2GB' })).toThrow(/PRESSURE_MAX_RSS_BYTES/);
  });

  it('waits at most 30 s for PostgreSQL by default, gives PGlite 16MB of buffers, and logs readable lines only on a terminal unless told', () => {
    expect(loadConfig({}).databaseWaitMs).toBe(30_000);
    expect(loadConfig({ DATABASE_WAIT_MS: '0' }).databaseWaitMs).toBe(0);
    expect(() => loadConfig({ DATABASE_WAIT_MS: '30s' })).toThrow(/DATABASE_WAIT_MS must be a whole number/);
    expect(loadConfig({}).pgliteSharedBuffersMb).toBe(16);
    expect(loadConfig({ PGLITE_SHARED_BUFFERS_MB: '64' }).pgliteSharedBuffersMb).toBe(64);
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS_MB: '0' })).toThrow(/PGLITE_SHARED_BUFFERS_MB/);
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS_MB: '32MB' })).toThrow(/PGLITE_SHARED_BUFFERS_MB/);
    expect(loadConfig({}).logFormat).toBe(process.stdout.isTTY ? 'pretty' : 'json');
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
  });

  it('turns metrics and traces on only when asked, and refuses a guessable token or a bad collector address', () => {
    expect(loadConfig({})).toMatchObject({ metrics: { token: undefined }, tracing: { endpoint: undefined } });
    const config = loadConfig({
      METRICS_TOKEN: 'a-long-enough-metrics-token',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector.internal:4318/',
      OTEL_SERVICE_NAME: 'rummage-eu',
    });
    expect(config.metrics).toEqual({ token: 'a-long-enough-metrics-token' });
    expect(config.tracing).toEqual({ endpoint: 'http://collector.internal:4318', serviceName: 'rummage-eu' });
    expect(() => loadConfig({ METRICS_TOKEN: 'secret' })).toThrow(
      /METRICS_TOKEN must be at least 16 characters/,
    );
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT must be an http/,
    );
  });

  it('reads Web Push settings: VAPID keys as base64url of the right sizes, the subject from SUPPORT_EMAIL', () => {
    const keys = webpush.generateVAPIDKeys();
    const config = loadConfig({
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      SUPPORT_EMAIL: 'help@example.org',
    });
    expect(config.notifications.vapid).toEqual({ ...keys, subject: 'mailto:help@example.org' });
    expect(config.notifications.allowInsecurePushEndpoints).toBe(false);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: keys.privateKey })).toThrow(
      /VAPID_PUBLIC_KEY must be base64url of a 65-byte uncompressed P-256 public key/,
    );
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.publicKey })).toThrow(
      /VAPID_PRIVATE_KEY must be base64url of a 32-byte/,
    );
  });

  it('reads and normalises every kind of value', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        DATA_DIR: 'var/data',
        PUBLIC_URL: 'https://market.example/',
        CORS_ORIGINS: ' https://a.example/ ,https://b.example,, ',
        TRUST_PROXY: 'loopback, 10.0.0.0/8',
        SEED_DEMO_DATA: 'no',
        RATE_LIMIT_LOGIN_MAX: '7',
        DATABASE_URL: 'postgres://u:p@db:5432/rummage',
        REDIS_URL: '',
      },
      '/srv/app',
    );
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe('/srv/app/var/data');
    expect(config.publicUrl).toBe('https://market.example');
    expect(config.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(config.trustProxy).toEqual(['loopback', '10.0.0.0/8']);
    expect(config.seedDemoData).toBe(false);
    expect(config.rateLimit.login).toEqual({ max: 7, windowMs: 300_000 });
    expect(config.databaseUrl).toBe('postgres://u:p@db:5432/rummage');
    // Blank means unset, as `.env` files often carry `KEY=`.
    expect(config.redisUrl).toBeUndefined();
  });

  it('accepts the proxy addresses Fastify understands and names the entry it cannot read', () => {
    const list = 'loopback, 10.0.0.0/8, 192.168.1.0/255.255.255.0, ::1, fd00::/8';
    expect(loadConfig({ TRUST_PROXY: list }).trustProxy).toEqual(list.split(', '));
    expect(loadConfig({ TRUST_PROXY: 'TRUE' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: ' , ' }).trustProxy).toBe(false);
    for (const [value, wrong] of [
      ['maybe', 'maybe'],
      ['10.0.0.1, proxy.internal', 'proxy.internal'],
      ['10.0.0.0/33', '10.0.0.0/33'],
      ['::1/255.0.0.0', '::1/255.0.0.0'],
    ]) {
      let error: unknown;
      try {
        loadConfig({ TRUST_PROXY: value });
      } catch (caught) {
        error = caught;
      }
      expect((error as ConfigError).problems).toEqual([
        'TRUST_PROXY must be true, false or a list of proxy addresses (IPs, IP/prefix, loopback, linklocal or ' +
          `uniquelocal): "${wrong}" is none of these`,
      ]);
    }
  });

  it('fails fast listing every problem, one line each', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'abc',
        DATABASE_URL: 'mysql://nope',
        LOG_LEVEL: 'loud',
        CAPTCHA_PROVIDER: 'turnstile',
        SEED_DEMO_DATA: 'maybe',
        MAP_TILE_URL: 'https://tiles.example/tile.png',
        TRUST_PROXY: '2',
        REQUEST_TIMEOUT_MS: '5000',
        HEADERS_TIMEOUT_MS: '9000',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    for (const name of [
      'PORT',
      'DATABASE_URL',
      'LOG_LEVEL',
      'SEED_DEMO_DATA',
      'MAP_TILE_URL',
      'TRUST_PROXY',
      'CAPTCHA_SITE_KEY',
      'CAPTCHA_SECRET_KEY',
      'HEADERS_TIMEOUT_MS',
    ]) {
      expect(problems.filter((line) => line.startsWith(`${name} `))).toHaveLength(1);
    }
    expect(problems).toHaveLength(9);
    expect((error as Error).message.split('\n')).toHaveLength(10);
    expect(problems).toContain('PORT must be a whole number from 0 to 65535 (got "abc")');
  });

  it('documents every variable it reads', () => {
    const names = CONFIG_VARIABLES.map((variable) => variable.name);
    expect(new Set(names).size).toBe(names.length);
    for (const variable of CONFIG_VARIABLES) {
      expect(variable.meaning.length).toBeGreaterThan(5);
      expect(variable.default.length).toBeGreaterThan(0);
    }
  });
});
