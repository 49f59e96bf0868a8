import { createRequire } from 'node:module';
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type PinoPretty from 'pino-pretty';
import type { AppConfig } from '../config.js';

/**
 * Query parameters a log line must not keep: secrets (hub access tokens, reset links), and what a person searched
 * for (`search`) or typed as their town (`q`), which next to their address would say who searched what; the staff
 * search report keeps the words alone (docs/product.md, "Search").
 */
const SECRET_QUERY = /([?&](?:access_token|token|authToken|id_token|search|q)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

/** Paths pino blanks out wherever they appear in a logged object (headers, bodies a handler chose to log). */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'password',
  'newPassword',
  'token',
  'authToken',
  'captchaToken',
  'access_token',
  '*.password',
  '*.newPassword',
  '*.token',
  '*.authToken',
  '*.captchaToken',
  '*.access_token',
  '*.passwordHash',
];

/**
 * Readable lines for a person at a terminal: time, level and message first, the fields after. Written in this
 * thread (no transport worker), so the last lines before an exit are never lost.
 */
function prettyStream() {
  // Required here, not imported at the top: a server logging JSON (the usual case under a service manager) does
  // not load its 31 modules (about 50 ms of start-up).
  const pinoPretty = createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty;
  return pinoPretty({
    colorize: process.stdout.isTTY === true,
    sync: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname',
    singleLine: true,
  });
}

export function loggerOptions(
  config: Pick<AppConfig, 'logLevel'> & Partial<Pick<AppConfig, 'logFormat'>>,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level: config.logLevel,
    ...(config.logFormat === 'pretty' && { stream: prettyStream() }),
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
        };
      },
    },
  };
}

/**
 * One line per request, written when it is answered: method, path, status and time together. Fastify's own pair
 * ("incoming request", then "request completed") doubled every request's lines at a terminal and said the URL only
 * in the first. Fastify's other lines (a 404, a handler's error) stay as they are.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const fields = { req: request, res: reply, responseTime: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else reply.log.info(fields, 'request completed');
  }
}

/** The server's `logController` option. */
export const oneLinePerRequest = (): LogController => new OneLinePerRequest();
