import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';
import {
  CAPTCHA_PROVIDERS,
  DEFAULT_PRODUCT_NAME,
  DEFAULT_SUPPORT_EMAIL,
  type CaptchaProvider,
} from '@rummage/contract';
import { repoRoot } from './lib/package-paths.js';

/**
 * Every environment variable the server reads, with its default and meaning. README and .env.example are
 * written from this table; keep it in step with `envSchema` below.
 */
export const CONFIG_VARIABLES: ReadonlyArray<{ name: string; default: string; meaning: string }> = [
  { name: 'PORT', default: '3000', meaning: 'TCP port the HTTP server listens on.' },
  { name: 'HOST', default: '0.0.0.0', meaning: 'Interface to bind; 127.0.0.1 keeps it local.' },
  {
    name: 'DATA_DIR',
    default: './data (repo root)',
    meaning:
      'Embedded database, uploads, outbox, generated secrets. Relative paths resolve from the working directory.',
  },
  {
    name: 'DATABASE_URL',
    default: '(unset → PGlite in DATA_DIR/pglite)',
    meaning: 'postgres://… of a PostgreSQL 15+ server; when set, PGlite is not used.',
  },
  {
    name: 'REDIS_URL',
    default: '(unset → in-process)',
    meaning: 'redis://… for shared rate-limit counters (and the hub backplane).',
  },
  {
    name: 'REDIS_KEY_PREFIX',
    default: 'rummage:',
    meaning: 'Prefix of every Redis key, so several installations can share one Redis.',
  },
  {
    name: 'PUBLIC_URL',
    default: 'http://localhost:PORT',
    meaning: 'Address people use to reach the site; password-reset links start with it.',
  },
  { name: 'PRODUCT_NAME', default: DEFAULT_PRODUCT_NAME, meaning: 'Name shown in titles and e-mails.' },
  {
    name: 'SUPPORT_EMAIL',
    default: DEFAULT_SUPPORT_EMAIL,
    meaning: 'Contact address shown to suspended users.',
  },
  { name: 'LOG_LEVEL', default: 'info', meaning: 'fatal, error, warn, info, debug, trace or silent.' },
  {
    name: 'TRUST_PROXY',
    default: 'false',
    meaning:
      'true (trust every proxy), false, or a comma list of proxy addresses/CIDRs (loopback, uniquelocal, 10.0.0.0/8…); set it behind a reverse proxy so client IPs (rate limits, logs) are right.',
  },
  {
    name: 'CORS_ORIGINS',
    default: '(empty → CORS off)',
    meaning: 'Comma list of origins allowed to call the API from another site.',
  },
  {
    name: 'BODY_LIMIT_BYTES',
    default: '1048576',
    meaning: 'Largest JSON body accepted; bigger bodies get 413.',
  },
  {
    name: 'REQUEST_TIMEOUT_MS',
    default: '30000',
    meaning: 'Time a client has to send a whole request (slow-client protection).',
  },
  {
    name: 'HEADERS_TIMEOUT_MS',
    default: '15000',
    meaning: 'Time a client has to send the request headers; at most REQUEST_TIMEOUT_MS.',
  },
  { name: 'RATE_LIMIT_GLOBAL_MAX', default: '600', meaning: 'API requests per client IP per global window.' },
  { name: 'RATE_LIMIT_GLOBAL_WINDOW_MS', default: '60000', meaning: 'Global rate-limit window.' },
  { name: 'RATE_LIMIT_LOGIN_MAX', default: '10', meaning: 'Login attempts per client IP per login window.' },
  { name: 'RATE_LIMIT_LOGIN_WINDOW_MS', default: '300000', meaning: 'Login rate-limit window.' },
  {
    name: 'RATE_LIMIT_REGISTER_MAX',
    default: '10',
    meaning: 'Registrations per client IP per register window.',
  },
  { name: 'RATE_LIMIT_REGISTER_WINDOW_MS', default: '3600000', meaning: 'Registration rate-limit window.' },
  {
    name: 'RATE_LIMIT_RESET_MAX',
    default: '5',
    meaning: 'Reset-link requests, and separately new-password submissions, per client IP per reset window.',
  },
  { name: 'RATE_LIMIT_RESET_WINDOW_MS', default: '900000', meaning: 'Password-reset rate-limit window.' },
  {
    name: 'CAPTCHA_PROVIDER',
    default: 'altcha',
    meaning: 'altcha (self-hosted), turnstile, hcaptcha, recaptcha or none.',
  },
  {
    name: 'CAPTCHA_SITE_KEY',
    default: '(unset)',
    meaning: 'Public site key; required for turnstile, hcaptcha, recaptcha.',
  },
  {
    name: 'CAPTCHA_SECRET_KEY',
    default: '(unset)',
    meaning: 'Secret key; required for turnstile, hcaptcha, recaptcha.',
  },
  {
    name: 'ALTCHA_HMAC_KEY',
    default: '(generated once into DATA_DIR/altcha-hmac.key)',
    meaning: 'Secret that signs ALTCHA challenges; set the same value on every process.',
  },
  {
    name: 'SMTP_URL',
    default: '(unset → .eml files in DATA_DIR/outbox)',
    meaning: 'smtp:// or smtps:// URL (with credentials) of the mail relay.',
  },
  { name: 'MAIL_FROM', default: 'PRODUCT_NAME <no-reply@localhost>', meaning: 'Sender of outgoing e-mail.' },
  {
    name: 'MAP_TILE_URL',
    default: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    meaning: 'Raster tile template for maps; its host is allowed by the CSP.',
  },
  {
    name: 'MAP_ATTRIBUTION',
    default: '&copy; OpenStreetMap contributors (linked to openstreetmap.org/copyright)',
    meaning: 'Attribution shown on maps (HTML allowed).',
  },
  {
    name: 'SEED_DEMO_DATA',
    default: 'true',
    meaning: 'Create demo users on first start (categories are always ensured).',
  },
  { name: 'WEB_DIST_DIR', default: 'apps/web/dist (repo root)', meaning: 'Built SPA served at /.' },
  {
    name: 'API_DOCS',
    default: 'true',
    meaning: 'Serve Swagger UI at /api/docs and the OpenAPI document at /api/docs/json.',
  },
];

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface RateLimitWindow {
  max: number;
  windowMs: number;
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  redisKeyPrefix: string;
  publicUrl: string;
  productName: string;
  supportEmail: string;
  logLevel: LogLevel;
  trustProxy: boolean | string[];
  corsOrigins: string[];
  bodyLimitBytes: number;
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  rateLimit: {
    global: RateLimitWindow;
    login: RateLimitWindow;
    register: RateLimitWindow;
    reset: RateLimitWindow;
  };
  captcha: { provider: CaptchaProvider; siteKey?: string; secretKey?: string; altchaHmacKey?: string };
  mail: { smtpUrl?: string; from: string };
  map: { tileUrl: string; attribution: string };
  seedDemoData: boolean;
  webDistDir: string;
  apiDocs: boolean;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((line) => `  - ${line}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const int = (min: number, max: number, fallback: number) =>
  z
    .string()
    .default(String(fallback))
    .transform((value, ctx) => {
      const n = Number(value);
      if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min || n > max) {
        ctx.addIssue({
          code: 'custom',
          message: `must be a whole number from ${min} to ${max} (got "${value}")`,
        });
        return z.NEVER;
      }
      return n;
    });

const bool = (fallback: boolean) =>
  z
    .string()
    .default(String(fallback))
    .transform((value, ctx) => {
      const v = value.trim().toLowerCase();
      if (['true', '1', 'yes', 'on'].includes(v)) return true;
      if (['false', '0', 'no', 'off'].includes(v)) return false;
      ctx.addIssue({ code: 'custom', message: `must be true or false (got "${value}")` });
      return z.NEVER;
    });

const url = (protocols: string[], what: string) =>
  z
    .string()
    .optional()
    .refine(
      (value) => {
        if (value === undefined) return true;
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      { message: `must be ${what}` },
    );

const text = (max = 500) =>
  z
    .string()
    .trim()
    .max(max, { message: `must be at most ${max} characters` });

const envSchema = z.object({
  PORT: int(0, 65535, 3000),
  HOST: text(255).default('0.0.0.0'),
  DATA_DIR: text(4096).optional(),
  DATABASE_URL: url(['postgres:', 'postgresql:'], 'a postgres:// or postgresql:// URL'),
  REDIS_URL: url(['redis:', 'rediss:'], 'a redis:// or rediss:// URL'),
  REDIS_KEY_PREFIX: text(100).default('rummage:'),
  PUBLIC_URL: url(['http:', 'https:'], 'an http:// or https:// URL'),
  PRODUCT_NAME: text(100).min(1, { message: 'must not be empty' }).default(DEFAULT_PRODUCT_NAME),
  SUPPORT_EMAIL: z.email({ message: 'must be an e-mail address' }).default(DEFAULT_SUPPORT_EMAIL),
  LOG_LEVEL: z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  // A hop count is refused: Fastify 5 cannot check the nearest peer with one, so it would trust nobody.
  TRUST_PROXY: text(1000)
    .default('false')
    .refine((value) => !/^\d+$/.test(value.trim()), {
      message: 'must be true, false or a list of proxy addresses (a hop count is not supported)',
    }),
  CORS_ORIGINS: text(4000).default(''),
  BODY_LIMIT_BYTES: int(1024, 1024 * 1024 * 1024, 1024 * 1024),
  REQUEST_TIMEOUT_MS: int(1000, 3_600_000, 30_000),
  HEADERS_TIMEOUT_MS: int(1000, 3_600_000, 15_000),
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
  SEED_DEMO_DATA: bool(true),
  WEB_DIST_DIR: text(4096).optional(),
  API_DOCS: bool(true),
});

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
  return problems;
}

function parseTrustProxy(value: string): boolean | string[] {
  const v = value.trim().toLowerCase();
  if (v === 'true') return true;
  if (v === 'false' || v === '') return false;
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

function resolveFrom(base: string, value: string | undefined, fallback: string): string {
  if (!value) return resolve(repoRoot, fallback);
  return isAbsolute(value) ? value : resolve(base, value);
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
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    publicUrl,
    productName: e.PRODUCT_NAME,
    supportEmail: e.SUPPORT_EMAIL,
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((origin) => origin.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
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
    map: { tileUrl: e.MAP_TILE_URL, attribution: e.MAP_ATTRIBUTION },
    seedDemoData: e.SEED_DEMO_DATA,
    webDistDir: resolveFrom(cwd, e.WEB_DIST_DIR, 'apps/web/dist'),
    apiDocs: e.API_DOCS,
  };
}
