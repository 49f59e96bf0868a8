import { isIP } from 'node:net';
import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';
import {
  CAPTCHA_PROVIDERS,
  DEFAULT_PRODUCT_NAME,
  DEFAULT_SUPPORT_EMAIL,
  DISTANCE_UNITS,
  LOCALES,
  isCountryCode,
  isCurrencyCode,
  type CaptchaProvider,
  type InstallationLocale,
} from '@rummage/contract';
import { repoRoot } from './lib/package-paths.js';
import { BUCKET_RULE, base64UrlBytes, bool, decimal, int, text, url } from './config-fields.js';

export { CONFIG_VARIABLES } from './config-variables.js';
import { CONFIG_VARIABLES } from './config-variables.js';
import { PGLITE_SHARED_BUFFERS_MB } from './db/pglite-settings.js';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
const LOG_FORMATS = ['pretty', 'json'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

export interface RateLimitWindow {
  max: number;
  windowMs: number;
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** How long start-up retries a PostgreSQL that does not answer before giving up. */
  databaseWaitMs: number;
  /** PGlite's shared_buffers in MB (unused on PostgreSQL, whose own postgresql.conf decides). */
  pgliteSharedBuffersMb: number;
  redisUrl?: string;
  redisKeyPrefix: string;
  /** How long a hub message may wait for Redis and still reach the other processes (decision 0021). */
  redisBackplaneCatchUpMs: number;
  publicUrl: string;
  productName: string;
  /** DEFAULT_LOCALE, CURRENCY, DISTANCE_UNIT, DEFAULT_COUNTRY. */
  locale: InstallationLocale;
  supportEmail: string;
  logLevel: LogLevel;
  logFormat: LogFormat;
  trustProxy: boolean | string[];
  corsOrigins: string[];
  bodyLimitBytes: number;
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  /** What a hub connection keeps for a client that reconnects statefully (docs/realtime.md#stateful-reconnect). */
  statefulReconnect: { bufferBytes: number; bufferMs: number };
  /** Load shedding (plugins/pressure.ts); 0 turns a check off. */
  pressure: { maxEventLoopDelayMs: number; maxHeapBytes: number; maxRssBytes: number };
  rateLimit: {
    global: RateLimitWindow;
    login: RateLimitWindow;
    register: RateLimitWindow;
    reset: RateLimitWindow;
  };
  captcha: { provider: CaptchaProvider; siteKey?: string; secretKey?: string; altchaHmacKey?: string };
  mail: { smtpUrl?: string; from: string };
  /** Verified e-mail (docs/product.md §13). */
  emailVerification: {
    /** Listing an item and starting a conversation need a verified address. */
    required: boolean;
    /** Addresses at disposable-mail services are accepted. */
    allowDisposable: boolean;
  };
  /** Notifications (docs/product.md §10): e-mail pacing and Web Push. */
  notifications: {
    /** How long a chat message or support answer stays unread before it is e-mailed. */
    emailDelayMs: number;
    /** Both set, or neither (then a pair is generated once and kept in the database). */
    vapid: { publicKey?: string; privateKey?: string; subject: string };
    /** Test and local setups only: push endpoints may be plain http and private or loopback addresses. */
    allowInsecurePushEndpoints: boolean;
  };
  map: { tileUrl: string; attribution: string };
  /** How long a seller's hold for a buyer lasts before it lapses (docs/product.md §12). */
  reservations: { durationMs: number };
  /** How long an offer waits for its answer before it lapses (docs/product.md §18). */
  offers: { durationMs: number };
  /** How long after a handover both sides may rate it (docs/product.md §20). */
  reviews: { windowMs: number };
  uploads: { maxImageBytes: number; maxImages: number };
  /** The orphan-image sweep (jobs/orphan-uploads.ts). */
  uploadSweep: { intervalMs: number; graceMs: number };
  /** Present when S3_BUCKET is set: images go to that bucket instead of DATA_DIR/uploads. */
  s3?: S3Config;
  /** Scheduled backups (jobs/backup.ts); `dir` unset turns them off. */
  backup: { dir?: string; intervalMs: number; keep: number };
  /** GET /metrics (plugins/metrics.ts): off unless `token` is set. */
  metrics: { token?: string };
  /** OpenTelemetry traces (lib/tracing.ts): off unless `endpoint` is set. */
  tracing: { endpoint?: string; serviceName: string };
  seedDemoData: boolean;
  /**
   * The country DEFAULT_COUNTRY names when it is set; null when left at its default, so the demo data follows
   * DEFAULT_LOCALE instead (db/seed-places.ts): a German installation that set only its language gets Berlin.
   */
  chosenCountry: string | null;
  webDistDir: string;
  apiDocs: boolean;
}

/** URLs without a trailing slash; `publicUrl` is the base of the image links browsers load. */
export interface S3Config {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  publicUrl: string;
  forcePathStyle: boolean;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((line) => `  - ${line}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const envSchema = z.object({
  PORT: int(0, 65535, 3000),
  // Loopback unless the operator opens it: a quick start must not put demo accounts on the network.
  HOST: text(255).default('127.0.0.1'),
  DATA_DIR: text(4096).optional(),
  DATABASE_URL: url(['postgres:', 'postgresql:'], 'a postgres:// or postgresql:// URL'),
  DATABASE_WAIT_MS: int(0, 300_000, 30_000),
  PGLITE_SHARED_BUFFERS_MB: int(1, 16_384, PGLITE_SHARED_BUFFERS_MB),
  REDIS_URL: url(['redis:', 'rediss:'], 'a redis:// or rediss:// URL'),
  REDIS_KEY_PREFIX: text(100).default('rummage:'),
  REDIS_BACKPLANE_CATCH_UP_MS: int(1_000, 600_000, 30_000),
  PUBLIC_URL: url(['http:', 'https:'], 'an http:// or https:// URL'),
  PRODUCT_NAME: text(100).min(1, { message: 'must not be empty' }).default(DEFAULT_PRODUCT_NAME),
  SUPPORT_EMAIL: z.email({ message: 'must be an e-mail address' }).default(DEFAULT_SUPPORT_EMAIL),
  DEFAULT_LOCALE: z.enum(LOCALES, { message: `must be one of ${LOCALES.join(', ')}` }).default('en'),
  CURRENCY: z
    .string()
    .default('USD')
    .transform((value) => value.trim().toUpperCase())
    .refine(isCurrencyCode, { message: 'must be an ISO 4217 currency code such as USD, EUR or GBP' }),
  DISTANCE_UNIT: z
    .enum(DISTANCE_UNITS, { message: `must be one of ${DISTANCE_UNITS.join(', ')}` })
    .default('mi'),
  DEFAULT_COUNTRY: z
    .string()
    .default('US')
    .transform((value) => value.trim().toUpperCase())
    .refine(isCountryCode, {
      message: 'must be an ISO 3166-1 alpha-2 country code such as US, DE or ES',
    }),
  LOG_LEVEL: z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  LOG_FORMAT: z.enum(LOG_FORMATS, { message: `must be one of ${LOG_FORMATS.join(', ')}` }).optional(),
  // A hop count is refused: Fastify 5 cannot check the nearest peer with one, so it would trust nobody.
  TRUST_PROXY: text(1000)
    .default('false')
    .refine((value) => !/^\d+$/.test(value.trim()), {
      message: 'must be true, false or a list of proxy addresses (a hop count is not supported)',
    })
    .superRefine((value, context) => {
      const wrong = trustProxyEntries(value).find((entry) => !isProxyAddress(entry));
      if (wrong !== undefined && !/^\d+$/.test(value.trim())) {
        context.addIssue({
          code: 'custom',
          message: `must be true, false or a list of proxy addresses (IPs, IP/prefix, loopback, linklocal or uniquelocal): "${wrong}" is none of these`,
        });
      }
    }),
  CORS_ORIGINS: text(4000).default(''),
  BODY_LIMIT_BYTES: int(1024, 1024 * 1024 * 1024, 1024 * 1024),
  REQUEST_TIMEOUT_MS: int(1000, 3_600_000, 30_000),
  HEADERS_TIMEOUT_MS: int(1000, 3_600_000, 15_000),
  STATEFUL_RECONNECT_BUFFER_BYTES: int(0, 64 * 1024 * 1024, 100_000),
  STATEFUL_RECONNECT_BUFFER_MS: int(1000, 3_600_000, 30_000),
  PRESSURE_MAX_EVENT_LOOP_DELAY_MS: int(0, 60_000, 1000),
  PRESSURE_MAX_HEAP_BYTES: int(0, 2 ** 40, 0),
  PRESSURE_MAX_RSS_BYTES: int(0, 2 ** 40, 0),
  RATE_LIMIT_GLOBAL_MAX: int(1, 1_000_000, 600),
  RATE_LIMIT_GLOBAL_WINDOW_MS: int(1000, 86_400_000, 60_000),
  RATE_LIMIT_LOGIN_MAX: int(1, 1_000_000, 10),
  RATE_LIMIT_LOGIN_WINDOW_MS: int(1000, 86_400_000, 300_000),
  RATE_LIMIT_REGISTER_MAX: int(1, 1_000_000, 10),
  RATE_LIMIT_REGISTER_WINDOW_MS: int(1000, 86_400_000, 3_600_000),
  RATE_LIMIT_RESET_MAX: int(1, 1_000_000, 5),
  RATE_LIMIT_RESET_WINDOW_MS: int(1000, 86_400_000, 900_000),
  CAPTCHA_PROVIDER: z
    .enum(CAPTCHA_PROVIDERS, { message: `must be one of ${CAPTCHA_PROVIDERS.join(', ')}` })
    .default('altcha'),
  CAPTCHA_SITE_KEY: text(500).optional(),
  CAPTCHA_SECRET_KEY: text(500).optional(),
  ALTCHA_HMAC_KEY: z.string().min(16, { message: 'must be at least 16 characters' }).optional(),
  SMTP_URL: url(['smtp:', 'smtps:'], 'an smtp:// or smtps:// URL'),
  MAIL_FROM: text(300).optional(),
  NOTIFY_EMAIL_DELAY_MS: int(0, 604_800_000, 600_000),
  RESERVATION_HOURS: int(1, 720, 48),
  OFFER_HOURS: decimal(0.0001, 720, 48),
  REVIEW_DAYS: decimal(0.00001, 365, 14),
  VAPID_PUBLIC_KEY: base64UrlBytes(65, 'a 65-byte uncompressed P-256 public key').optional(),
  VAPID_PRIVATE_KEY: base64UrlBytes(32, 'a 32-byte P-256 private key').optional(),
  VAPID_SUBJECT: z
    .string()
    .trim()
    .refine((value) => /^(mailto:\S+@\S+|https:\/\/\S+)$/.test(value), {
      message: 'must be a mailto: address or an https:// URL',
    })
    .optional(),
  PUSH_ALLOW_INSECURE_ENDPOINTS: bool(false),
  REQUIRE_VERIFIED_EMAIL: bool(false),
  ALLOW_DISPOSABLE_EMAIL: bool(false),
  MAP_TILE_URL: z
    .string()
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png')
    .refine(
      (value) => /^https?:\/\/[^/]+\//.test(value) && ['{z}', '{x}', '{y}'].every((p) => value.includes(p)),
      {
        message: 'must be an http(s) URL template containing {z}, {x} and {y}',
      },
    ),
  MAP_ATTRIBUTION: text(1000).default(
    '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
  ),
  UPLOAD_MAX_IMAGE_BYTES: int(1024, 100 * 1024 * 1024, 15 * 1024 * 1024),
  UPLOAD_MAX_IMAGES: int(1, 50, 10),
  UPLOAD_SWEEP_INTERVAL_MS: int(1000, 604_800_000, 21_600_000),
  UPLOAD_SWEEP_GRACE_MS: int(1000, 604_800_000, 3_600_000),
  // AWS's bucket naming rules, which MinIO and R2 share.
  S3_BUCKET: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { message: BUCKET_RULE })
    .optional(),
  S3_ENDPOINT: url(['http:', 'https:'], 'an http:// or https:// URL'),
  S3_REGION: text(100).default('us-east-1'),
  S3_ACCESS_KEY_ID: text(500).optional(),
  S3_SECRET_ACCESS_KEY: text(500).optional(),
  S3_PUBLIC_URL: url(['http:', 'https:'], 'an http:// or https:// URL'),
  S3_FORCE_PATH_STYLE: bool(true),
  BACKUP_DIR: text(4096).optional(),
  BACKUP_INTERVAL_HOURS: int(1, 8760, 24),
  BACKUP_KEEP: int(1, 1000, 7),
  METRICS_TOKEN: z.string().trim().min(16, { message: 'must be at least 16 characters' }).optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: url(['http:', 'https:'], 'an http:// or https:// URL'),
  OTEL_SERVICE_NAME: text(200).min(1).default('rummage'),
  // Unset: on for the embedded quick start only (see demoDataDefault).
  SEED_DEMO_DATA: bool(),
  WEB_DIST_DIR: text(4096).optional(),
  API_DOCS: bool(true),
});

/** Settings that only mean something with a bucket (region and addressing style have harmless defaults). */
const S3_SETTINGS = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'];

/** Rules between variables, checked on the raw values so they are listed together with every field problem. */
function crossFieldProblems(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  const provider = env.CAPTCHA_PROVIDER ?? 'altcha';
  if (['turnstile', 'hcaptcha', 'recaptcha'].includes(provider)) {
    for (const key of ['CAPTCHA_SITE_KEY', 'CAPTCHA_SECRET_KEY']) {
      if (!env[key]) problems.push(`${key} is required when CAPTCHA_PROVIDER=${provider}`);
    }
  }
  const request = Number(env.REQUEST_TIMEOUT_MS ?? 30_000);
  const headers = Number(env.HEADERS_TIMEOUT_MS ?? 15_000);
  if (Number.isFinite(request) && Number.isFinite(headers) && headers > request) {
    problems.push('HEADERS_TIMEOUT_MS must not be greater than REQUEST_TIMEOUT_MS');
  }
  if (env.S3_BUCKET) {
    for (const key of ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) {
      if (!env[key]) problems.push(`${key} is required when S3_BUCKET is set`);
    }
  } else {
    // Keys without a bucket usually mean a typo; silently storing images on local disk would hide it.
    const stray = S3_SETTINGS.filter((key) => env[key]);
    if (stray.length > 0) problems.push(`S3_BUCKET is required when ${stray.join(', ')} is set`);
  }
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    problems.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together, or neither');
  }
  return problems;
}

/** TRUST_PROXY's list entries; none for true, false and empty. */
function trustProxyEntries(value: string): string[] {
  const v = value.trim().toLowerCase();
  if (v === 'true' || v === 'false' || v === '') return [];
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** What the proxy-address matcher Fastify uses accepts: an IP, IP/prefix, IP/netmask, or a named range. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry.toLowerCase())) return true;
  const [address = '', range, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (range === undefined) return true;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(range) === 4;
}
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function parseTrustProxy(value: string): boolean | string[] {
  if (value.trim().toLowerCase() === 'true') return true;
  const entries = trustProxyEntries(value);
  return entries.length > 0 ? entries : false;
}

/** The bucket's settings; S3_PUBLIC_URL defaults to where the bucket's objects are addressed. */
function s3Config(e: z.infer<typeof envSchema>): S3Config | undefined {
  const { S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = e;
  if (!bucket || !e.S3_ENDPOINT || !accessKeyId || !secretAccessKey) return undefined;
  const endpoint = e.S3_ENDPOINT.replace(/\/+$/, '');
  const host = new URL(endpoint);
  host.hostname = `${bucket}.${host.hostname}`;
  const fallback = e.S3_FORCE_PATH_STYLE ? `${endpoint}/${bucket}` : host.toString();
  const publicUrl = (e.S3_PUBLIC_URL ?? fallback).replace(/\/+$/, '');
  const { S3_REGION: region, S3_FORCE_PATH_STYLE: forcePathStyle } = e;
  return { endpoint, region, bucket, accessKeyId, secretAccessKey, publicUrl, forcePathStyle };
}

function resolveFrom(base: string, value: string | undefined, fallback: string): string {
  if (!value) return resolve(repoRoot, fallback);
  return isAbsolute(value) ? value : resolve(base, value);
}

/**
 * Demo data is for trying Rummage on one's own machine: off by default on a real database or in production, so a
 * deployment never starts with accounts whose passwords are printed in the README.
 */
export function demoDataDefault(databaseUrl: string | undefined, nodeEnv: string | undefined): boolean {
  return !databaseUrl && nodeEnv !== 'production';
}

/**
 * Reads the environment into a typed config. Blank values count as unset (`.env` files often carry `KEY=`).
 * Throws a ConfigError listing every problem, one line each, so a misconfigured start fails once, not repeatedly.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): AppConfig {
  const known = Object.fromEntries(
    CONFIG_VARIABLES.map(({ name }) => [name, env[name]?.trim() === '' ? undefined : env[name]]),
  );
  const result = envSchema.safeParse(known);
  const problems = (result.error?.issues ?? []).map((issue) => {
    const name = String(issue.path[0] ?? 'environment');
    return `${name} ${issue.message}`;
  });
  problems.push(...crossFieldProblems(known));
  if (!result.success || problems.length > 0) throw new ConfigError(problems);
  const e = result.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolveFrom(cwd, e.DATA_DIR, 'data'),
    databaseUrl: e.DATABASE_URL,
    databaseWaitMs: e.DATABASE_WAIT_MS,
    pgliteSharedBuffersMb: e.PGLITE_SHARED_BUFFERS_MB,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    redisBackplaneCatchUpMs: e.REDIS_BACKPLANE_CATCH_UP_MS,
    publicUrl,
    productName: e.PRODUCT_NAME,
    locale: {
      defaultLocale: e.DEFAULT_LOCALE,
      currency: e.CURRENCY,
      distanceUnit: e.DISTANCE_UNIT,
      defaultCountry: e.DEFAULT_COUNTRY,
    },
    supportEmail: e.SUPPORT_EMAIL,
    logLevel: e.LOG_LEVEL,
    // People read a terminal; anything else (a file, journald, a container's log driver) gets JSON.
    logFormat: e.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json'),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((origin) => origin.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
    statefulReconnect: {
      bufferBytes: e.STATEFUL_RECONNECT_BUFFER_BYTES,
      bufferMs: e.STATEFUL_RECONNECT_BUFFER_MS,
    },
    pressure: {
      maxEventLoopDelayMs: e.PRESSURE_MAX_EVENT_LOOP_DELAY_MS,
      maxHeapBytes: e.PRESSURE_MAX_HEAP_BYTES,
      maxRssBytes: e.PRESSURE_MAX_RSS_BYTES,
    },
    rateLimit: {
      global: { max: e.RATE_LIMIT_GLOBAL_MAX, windowMs: e.RATE_LIMIT_GLOBAL_WINDOW_MS },
      login: { max: e.RATE_LIMIT_LOGIN_MAX, windowMs: e.RATE_LIMIT_LOGIN_WINDOW_MS },
      register: { max: e.RATE_LIMIT_REGISTER_MAX, windowMs: e.RATE_LIMIT_REGISTER_WINDOW_MS },
      reset: { max: e.RATE_LIMIT_RESET_MAX, windowMs: e.RATE_LIMIT_RESET_WINDOW_MS },
    },
    captcha: {
      provider: e.CAPTCHA_PROVIDER,
      siteKey: e.CAPTCHA_SITE_KEY,
      secretKey: e.CAPTCHA_SECRET_KEY,
      altchaHmacKey: e.ALTCHA_HMAC_KEY,
    },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM ?? `${e.PRODUCT_NAME} <no-reply@localhost>` },
    emailVerification: { required: e.REQUIRE_VERIFIED_EMAIL, allowDisposable: e.ALLOW_DISPOSABLE_EMAIL },
    notifications: {
      emailDelayMs: e.NOTIFY_EMAIL_DELAY_MS,
      vapid: {
        publicKey: e.VAPID_PUBLIC_KEY,
        privateKey: e.VAPID_PRIVATE_KEY,
        subject: e.VAPID_SUBJECT ?? `mailto:${e.SUPPORT_EMAIL}`,
      },
      allowInsecurePushEndpoints: e.PUSH_ALLOW_INSECURE_ENDPOINTS,
    },
    map: { tileUrl: e.MAP_TILE_URL, attribution: e.MAP_ATTRIBUTION },
    reservations: { durationMs: e.RESERVATION_HOURS * 60 * 60 * 1000 },
    offers: { durationMs: Math.round(e.OFFER_HOURS * 60 * 60 * 1000) },
    reviews: { windowMs: Math.round(e.REVIEW_DAYS * 24 * 60 * 60 * 1000) },
    uploads: { maxImageBytes: e.UPLOAD_MAX_IMAGE_BYTES, maxImages: e.UPLOAD_MAX_IMAGES },
    uploadSweep: { intervalMs: e.UPLOAD_SWEEP_INTERVAL_MS, graceMs: e.UPLOAD_SWEEP_GRACE_MS },
    s3: s3Config(e),
    backup: {
      dir: e.BACKUP_DIR ? resolveFrom(cwd, e.BACKUP_DIR, 'backups') : undefined,
      intervalMs: e.BACKUP_INTERVAL_HOURS * 60 * 60 * 1000,
      keep: e.BACKUP_KEEP,
    },
    metrics: { token: e.METRICS_TOKEN },
    tracing: {
      endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT?.replace(/\/+$/, ''),
      serviceName: e.OTEL_SERVICE_NAME,
    },
    seedDemoData: e.SEED_DEMO_DATA ?? demoDataDefault(known.DATABASE_URL, env.NODE_ENV),
    chosenCountry: known.DEFAULT_COUNTRY === undefined ? null : e.DEFAULT_COUNTRY,
    webDistDir: resolveFrom(cwd, e.WEB_DIST_DIR, 'apps/web/dist'),
    apiDocs: e.API_DOCS,
  };
}
