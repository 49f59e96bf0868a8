import cors from '@fastify/cors';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { CaptchaProvider } from '@rummage/contract';
import type { AppConfig } from '../config.js';

/** Where each third-party captcha loads its script and frame from (ALTCHA is self-hosted and needs none). */
const CAPTCHA_SOURCES: Record<CaptchaProvider, { script: string[]; frame: string[]; connect: string[] }> = {
  altcha: { script: [], frame: [], connect: [] },
  none: { script: [], frame: [], connect: [] },
  turnstile: {
    script: ['https://challenges.cloudflare.com'],
    frame: ['https://challenges.cloudflare.com'],
    connect: ['https://challenges.cloudflare.com'],
  },
  hcaptcha: {
    script: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
    frame: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
    connect: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
  },
  recaptcha: {
    script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
    frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
    connect: ['https://www.google.com/recaptcha/'],
  },
};

/** The tile server's origin for img-src; a `{s}` subdomain placeholder becomes a wildcard. */
export function tileSource(tileUrl: string): string {
  const match = /^(https?:\/\/[^/]+)/.exec(tileUrl);
  if (!match?.[1]) return "'self'";
  return match[1].replace(/\{s\}/g, '*').replace(/\{[^}]+\}/g, '*');
}

/** Origin of the public image URLs when images live in an S3 bucket (or behind its CDN); none for local files. */
export function imageStoreSource(config: Pick<AppConfig, 's3'>): string[] {
  return config.s3 ? [new URL(config.s3.publicUrl).origin] : [];
}

/**
 * The hubs' WebSocket origin as people reach the site (PUBLIC_URL). 'self' already covers it in current browsers
 * (CSP Level 3); naming it keeps older ones working without allowing WebSockets to any host.
 */
export function hubSocketSource(publicUrl: string): string {
  const origin = new URL(publicUrl);
  return `${origin.protocol === 'https:' ? 'wss:' : 'ws:'}//${origin.host}`;
}

export function contentSecurityPolicy(config: AppConfig): Record<string, string[]> {
  const captcha = CAPTCHA_SOURCES[config.captcha.provider];
  const https = config.publicUrl.startsWith('https://');
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'", ...captcha.script],
    // React and Leaflet set inline style attributes; scripts stay strict.
    styleSrc: ["'self'", "'unsafe-inline'", ...captcha.script],
    imgSrc: ["'self'", 'data:', 'blob:', tileSource(config.map.tileUrl), ...imageStoreSource(config)],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", hubSocketSource(config.publicUrl), ...captcha.connect],
    // The ALTCHA widget solves its proof of work in Web Workers created from blob: URLs.
    workerSrc: ["'self'", 'blob:'],
    // The web app manifest (/manifest.webmanifest) for installing the site as an app.
    manifestSrc: ["'self'"],
    frameSrc: captcha.frame.length > 0 ? captcha.frame : ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    objectSrc: ["'none'"],
    scriptSrcAttr: ["'none'"],
    // Upgrading would break a plain-http LAN installation; only ask for it when the site is served over https.
    ...(https && { upgradeInsecureRequests: [] }),
  };
}

/**
 * What protects a JSON answer (docs/security.md, "Response headers"; OWASP's REST Security Cheat Sheet): no
 * sniffing it into a script or page, no framing, nothing loaded should a browser ever render it, and HTTPS only
 * when the site is served over https. Page-only policies (the page CSP, referrer, COOP/CORP, origin cluster …)
 * would cost ~770 bytes on every answer and protect nothing a browser does with JSON. Cache-Control, CORS and the
 * x-ratelimit-* headers are set by the routes and their plugins, as before.
 */
export function jsonAnswerHeaders(config: Pick<AppConfig, 'publicUrl'>): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-frame-options': 'DENY',
    ...(config.publicUrl.startsWith('https://') && { 'strict-transport-security': HSTS }),
  };
}

/** A year, this host only: other hosts of the domain may still be plain http (a LAN installation's neighbours). */
const HSTS = 'max-age=31536000';

/** A JSON answer, whatever its status: API answers and their errors (`application/json; charset=utf-8`). */
const isJson = (contentType: unknown) =>
  typeof contentType === 'string' && contentType.startsWith('application/json');

/**
 * Security headers, chosen by what the answer is: pages and every other non-JSON answer (assets, uploads, the
 * API reference, the unsubscribe page) get Helmet's full set with a strict CSP; JSON answers get
 * jsonAnswerHeaders. CORS only for the origins listed in CORS_ORIGINS.
 */
export const securityPlugin = fp<{ config: AppConfig }>(
  async (app, { config }) => {
    // Helmet itself, built once: the Fastify wrapper rebuilds its middleware on every request (~10 µs each).
    const pageHeaders = helmet({
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
      // OpenStreetMap's tile policy asks for a Referer; the origin alone is enough and leaks no path.
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: config.publicUrl.startsWith('https://')
        ? { maxAge: 31_536_000, includeSubDomains: false }
        : false,
    });
    const jsonHeaders = jsonAnswerHeaders(config);
    // onSend, not onRequest: only then is the answer's type known (errors of any hook included).
    app.addHook('onSend', (request, reply, payload, done) => {
      if (isJson(reply.getHeader('content-type'))) {
        reply.headers(jsonHeaders);
        done(null, payload);
        return;
      }
      pageHeaders(request.raw, reply.raw, (error?: unknown) => {
        if (error instanceof Error) done(error);
        else done(null, payload);
      });
    });
    if (config.corsOrigins.length > 0) {
      await app.register(cors, {
        origin: config.corsOrigins,
        methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
        allowedHeaders: ['Authorization', 'Content-Type', 'X-Requested-With', 'X-SignalR-User-Agent'],
        credentials: true,
        maxAge: 600,
      });
    }
  },
  { name: 'security' },
);
