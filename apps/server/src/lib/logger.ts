import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { AppConfig } from '../config.js';

/** Query parameters that carry secrets: hub access tokens and reset links must never reach a log line. */
const SECRET_QUERY = /([?&](?:access_token|token|authToken|id_token)=)[^&#]*/gi;

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

export function loggerOptions(
  config: Pick<AppConfig, 'logLevel'>,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level: config.logLevel,
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
