import { DEFAULT_PRODUCT_NAME, DEFAULT_SUPPORT_EMAIL } from '@rummage/contract';
import { PGLITE_SHARED_BUFFERS_MB } from './db/pglite-settings.js';

/**
 * Every environment variable the server reads, with its default and meaning. README and .env.example are
 * generated from this table (`npm run docs:env`); keep it in step with `envSchema` in config.ts.
 */
export const CONFIG_VARIABLES: ReadonlyArray<{ name: string; default: string; meaning: string }> = [
  { name: 'PORT', default: '3000', meaning: 'TCP port the HTTP server listens on.' },
  {
    name: 'HOST',
    default: '127.0.0.1',
    meaning:
      'Interface to bind. The default keeps the server local to this machine; a server others reach sets 0.0.0.0 (or its own address) behind a TLS proxy.',
  },
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
    name: 'DATABASE_WAIT_MS',
    default: '30000',
    meaning:
      'How long start-up keeps retrying a PostgreSQL that does not answer yet (still starting, or unreachable) before it stops with a message naming DATABASE_URL.',
  },
  {
    name: 'PGLITE_SHARED_BUFFERS_MB',
    default: String(PGLITE_SHARED_BUFFERS_MB),
    meaning:
      "PGlite's buffer pool in MB (PostgreSQL's shared_buffers), resident from the start whether used or not: more keeps a large database's hot pages in memory, less leaves a small machine more room. Unused with DATABASE_URL.",
  },
  {
    name: 'REDIS_URL',
    default: '(unset → in-process)',
    meaning:
      'redis://… for shared rate-limit counters, the hub backplane and presence (who is on the site, for Web Push).',
  },
  {
    name: 'REDIS_KEY_PREFIX',
    default: 'rummage:',
    meaning: 'Prefix of every Redis key, so several installations can share one Redis.',
  },
  {
    name: 'REDIS_BACKPLANE_CATCH_UP_MS',
    default: '30000',
    meaning:
      'How long a hub message may wait for Redis (a reconnect, a restart) and still reach the other processes; older ones are dropped rather than shown late. Also about how much the backplane stream holds.',
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
  {
    name: 'DEFAULT_LOCALE',
    default: 'en',
    meaning:
      "Language of the installation: en, de or es. A person's own choice comes first, then their browser's Accept-Language, then this.",
  },
  {
    name: 'CURRENCY',
    default: 'USD',
    meaning: "ISO 4217 code every price is in (EUR, GBP, …); prices read in each person's language.",
  },
  {
    name: 'DISTANCE_UNIT',
    default: 'mi',
    meaning: 'mi or km: how distances and the search radius read (the API keeps radiusKm).',
  },
  {
    name: 'DEFAULT_COUNTRY',
    default: 'US',
    meaning:
      "ISO 3166-1 alpha-2 code of the home country: phone numbers written without +country are read as its numbers, place search offers its places first, and a fresh start's demo data is placed there (US, DE or ES; another country, or none set, gets the one of `DEFAULT_LOCALE`'s).",
  },
  { name: 'LOG_LEVEL', default: 'info', meaning: 'fatal, error, warn, info, debug, trace or silent.' },
  {
    name: 'LOG_FORMAT',
    default: 'pretty on a terminal, json otherwise',
    meaning: 'pretty (readable lines, for people) or json (one JSON object a line, for log collectors).',
  },
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
  {
    name: 'STATEFUL_RECONNECT_BUFFER_BYTES',
    default: '100000',
    meaning:
      'Hub messages a connection keeps for a client using SignalR stateful reconnect until the client acknowledges them; a client that falls further behind reconnects afresh. 0 never offers stateful reconnect.',
  },
  {
    name: 'STATEFUL_RECONNECT_BUFFER_MS',
    default: '30000',
    meaning:
      'How long such a connection waits for its client to come back on a new WebSocket after the old one dropped.',
  },
  {
    name: 'PRESSURE_MAX_EVENT_LOOP_DELAY_MS',
    default: '1000',
    meaning:
      'Answer 503 (Retry-After) to new requests, and a readable refusal to hub calls, while the mean event-loop delay (sampled every second) is above this; 0 turns it off.',
  },
  {
    name: 'PRESSURE_MAX_HEAP_BYTES',
    default: '0',
    meaning: 'Answer 503 to new requests while the JavaScript heap in use is above this many bytes; 0 = off.',
  },
  {
    name: 'PRESSURE_MAX_RSS_BYTES',
    default: '0',
    meaning: 'Answer 503 to new requests while the process memory (RSS) is above this many bytes; 0 = off.',
  },
  {
    name: 'RATE_LIMIT_GLOBAL_MAX',
    default: '600',
    meaning:
      'API requests per signed-in person (per client IP for visitors) per global window. A tenth of it, at least 30, is each person’s message budget per window: chat messages (REST and /chathub together), and support messages apart.',
  },
  { name: 'RATE_LIMIT_GLOBAL_WINDOW_MS', default: '60000', meaning: 'Global rate-limit window.' },
  {
    name: 'RATE_LIMIT_LOGIN_MAX',
    default: '10',
    meaning:
      'Login attempts per client IP per login window; also the password checks of account deletion, per person.',
  },
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
    name: 'NOTIFY_EMAIL_DELAY_MS',
    default: '600000 (10 minutes)',
    meaning:
      'How long a chat message or support answer stays unread before it is e-mailed (at most one e-mail per chat per hour).',
  },
  {
    name: 'RESERVATION_HOURS',
    default: '48',
    meaning: 'How long a listing stays reserved for a buyer before the hold lapses (1 to 720).',
  },
  {
    name: 'OFFER_HOURS',
    default: '48',
    meaning:
      'How long an offer waits for its answer before it expires (up to 720; fractions allowed, e.g. 0.001 in tests).',
  },
  {
    name: 'REVIEW_DAYS',
    default: '14',
    meaning:
      'How long after a handover both sides may rate it, and the buyer may say it did not happen; ratings not yet published are published when it ends (up to 365; fractions allowed, e.g. 0.0005 in tests).',
  },
  {
    name: 'VAPID_PUBLIC_KEY',
    default: '(unset → generated once, kept in the database)',
    meaning:
      'Web Push VAPID public key (base64url, 65-byte uncompressed P-256 point); set with VAPID_PRIVATE_KEY. Changing it ends every browser push subscription.',
  },
  {
    name: 'VAPID_PRIVATE_KEY',
    default: '(unset → generated once, kept in the database)',
    meaning: 'Web Push VAPID private key (base64url, 32 bytes); set with VAPID_PUBLIC_KEY.',
  },
  {
    name: 'VAPID_SUBJECT',
    default: 'mailto: + SUPPORT_EMAIL',
    meaning: 'Contact push services may use about this server: a mailto: address or an https:// URL.',
  },
  {
    name: 'PUSH_ALLOW_INSECURE_ENDPOINTS',
    default: 'false',
    meaning:
      'Tests and local setups only: lets push subscriptions use plain http and loopback or private addresses (a local push-service stand-in). Never on a public server: it opens the server to requests into your own network.',
  },
  {
    name: 'REQUIRE_VERIFIED_EMAIL',
    default: 'false',
    meaning:
      'When true, listing an item and starting a new conversation need a verified e-mail address (replies in a conversation always work). Unverified addresses never get notification e-mail either way.',
  },
  {
    name: 'ALLOW_DISPOSABLE_EMAIL',
    default: 'false',
    meaning:
      "When true, addresses at disposable-mail services (mailchecker's list) may register; by default they are refused at registration and at an e-mail change.",
  },
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
    name: 'UPLOAD_MAX_IMAGE_BYTES',
    default: '15728640',
    meaning: 'Largest image file accepted (413 above).',
  },
  { name: 'UPLOAD_MAX_IMAGES', default: '10', meaning: 'Most images one listing may carry.' },
  {
    name: 'UPLOAD_SWEEP_INTERVAL_MS',
    default: '21600000',
    meaning:
      'How often stored images that no listing or profile uses (left by a crash mid-upload) are deleted.',
  },
  {
    name: 'UPLOAD_SWEEP_GRACE_MS',
    default: '3600000',
    meaning:
      'Age an unused image must reach before the sweep deletes it, so uploads still in progress are spared; keep it well above the longest upload.',
  },
  { name: 'S3_BUCKET', default: '(unset → DATA_DIR/uploads)', meaning: 'S3-compatible bucket for images.' },
  {
    name: 'S3_ENDPOINT',
    default: '(unset)',
    meaning: 'S3 API URL (AWS, MinIO, R2…); needed with S3_BUCKET.',
  },
  { name: 'S3_REGION', default: 'us-east-1', meaning: 'Region requests are signed for (R2: auto).' },
  {
    name: 'S3_ACCESS_KEY_ID',
    default: '(unset)',
    meaning: 'Key id that may put, delete and list objects (listing is for the unused-image sweep).',
  },
  { name: 'S3_SECRET_ACCESS_KEY', default: '(unset)', meaning: 'Secret of S3_ACCESS_KEY_ID.' },
  { name: 'S3_PUBLIC_URL', default: 'S3_ENDPOINT/S3_BUCKET', meaning: 'Base URL browsers load images from.' },
  { name: 'S3_FORCE_PATH_STYLE', default: 'true', meaning: 'ENDPOINT/BUCKET/key; false: BUCKET.host/key.' },
  {
    name: 'BACKUP_DIR',
    default: '(unset → no scheduled backups)',
    meaning:
      'Folder the running server writes a backup into (database, uploads, secrets; like `npm run backup`), one subfolder per backup.',
  },
  { name: 'BACKUP_INTERVAL_HOURS', default: '24', meaning: 'Hours between scheduled backups.' },
  {
    name: 'BACKUP_KEEP',
    default: '7',
    meaning: 'How many scheduled backups to keep; older ones are deleted.',
  },
  {
    name: 'METRICS_TOKEN',
    default: '(unset → no /metrics)',
    meaning:
      'Serve Prometheus metrics at GET /metrics to requests with `Authorization: Bearer <token>` (16+ characters); see docs/operations.md.',
  },
  {
    name: 'OTEL_EXPORTER_OTLP_ENDPOINT',
    default: '(unset → no tracing)',
    meaning:
      'Base URL of an OpenTelemetry collector (OTLP over HTTP); request traces are sent to its /v1/traces.',
  },
  { name: 'OTEL_SERVICE_NAME', default: 'rummage', meaning: 'service.name of the traces sent.' },
  {
    name: 'SEED_DEMO_DATA',
    default: 'true for the embedded quick start; false when DATABASE_URL is set or NODE_ENV=production',
    meaning:
      'Create demo users (no staff, no admin), listings and garage sales on first start; categories are always ensured.',
  },
  {
    name: 'ADMIN_USERNAME',
    default: '(unset)',
    meaning:
      'With ADMIN_EMAIL and ADMIN_PASSWORD: create this admin at start-up unless a user with this username exists (containers; elsewhere use `npm run admin -- create`).',
  },
  { name: 'ADMIN_EMAIL', default: '(unset)', meaning: 'E-mail of the ADMIN_USERNAME account.' },
  {
    name: 'ADMIN_PASSWORD',
    default: '(unset)',
    meaning:
      'Password of the ADMIN_USERNAME account (registration rules apply); also used by `npm run admin -- create` instead of a generated one.',
  },
  { name: 'WEB_DIST_DIR', default: 'apps/web/dist (repo root)', meaning: 'Built SPA served at /.' },
  {
    name: 'API_DOCS',
    default: 'true',
    meaning: 'Serve Swagger UI at /api/docs and the OpenAPI document at /api/docs/json.',
  },
];
