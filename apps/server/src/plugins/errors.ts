import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorBodySchema, messages, type ErrorBody } from '@rummage/contract';
import { errorCodes, HttpError, sqlState, TooManyRequestsError } from '../lib/http-error.js';

const common = messages.common;

/** Fastify's own errors, by code, in words a person can read. */
const FASTIFY_CODES: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: common.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: common.invalidJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: common.payloadTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: common.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: common.invalidRequest },
};

const BY_STATUS: Record<number, string> = {
  400: common.invalidRequest,
  401: common.loginRequired,
  403: common.forbidden,
  404: common.resourceNotFound,
  409: common.conflict,
  413: common.payloadTooLarge,
  415: common.unsupportedMediaType,
  429: common.tooManyRequests,
  503: common.serviceUnavailable,
};

/** PostgreSQL error classes that mean "the input was wrong", never a server fault. */
function statusForSqlState(code: string): number | undefined {
  if (code === '23505') return 409;
  if (code.startsWith('22') || ['23502', '23503', '23514'].includes(code)) return 400;
  if (code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code)) return 503;
  return undefined;
}

/** How soon a client may try again after a 503 for an outage: a reconnecting database takes seconds. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;
const OUTAGE_LOG_EVERY_MS = 10_000;

/** The database (or another backing service) is unreachable: a 503 the client may retry, not a bug. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

function isUnavailable(error: unknown): boolean {
  if (errorCodes(error).some((code) => CONNECTION_CODES.has(code))) return true;
  // node-postgres says these without a code: no pooled connection freed up within connectionTimeoutMillis; the
  // server went away; a transaction's next statement (or its ROLLBACK) on a connection that already broke.
  // drizzle wraps them (DrizzleQueryError, the driver's error in `cause`), so the whole chain is read.
  const DRIVER_WORDS = /timeout exceeded when trying to connect|Connection terminated|is not queryable/i;
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    if (DRIVER_WORDS.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}

interface Answer {
  status: number;
  body: ErrorBody;
}

/**
 * The 4xx answers a write route documents in OpenAPI (all `{ message, errors? }`), so routes spread one shared map
 * instead of each listing the codes again.
 */
export const refusalResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  429: errorBodySchema,
} as const;

export function toErrorAnswer(error: unknown): Answer {
  if (error instanceof HttpError) {
    return {
      status: error.statusCode,
      body: { message: error.message, ...(error.errors && { errors: error.errors }) },
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors: Record<string, string> = {};
    for (const issue of error.validation) {
      const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
      if (!(key in errors)) errors[key] = issue.message ?? common.invalidRequest;
    }
    const first = error.validation[0];
    // A body that is not an object at all has no field to point at; zod's wording there is for developers.
    const message =
      first && first.instancePath !== '/' && first.message ? first.message : common.invalidRequest;
    return { status: 400, body: { message, errors } };
  }
  const fastifyError = error as Partial<FastifyError> | undefined;
  const known = fastifyError?.code ? FASTIFY_CODES[fastifyError.code] : undefined;
  if (known) return { status: known.status, body: { message: known.message } };
  if (error instanceof SyntaxError) return { status: 400, body: { message: common.invalidJson } };

  const code = sqlState(error);
  const sqlStatus = code ? statusForSqlState(code) : undefined;
  if (sqlStatus)
    return { status: sqlStatus, body: { message: BY_STATUS[sqlStatus] ?? common.invalidRequest } };
  // Node's error when the client hung up before its body was read (an abandoned upload, a request timeout). Its
  // ECONNRESET is the client's, not a backing service's: no 503 (and no error log) for an abuser's slow body.
  if (error instanceof Error && error.message === 'aborted' && errorCodes(error).includes('ECONNRESET')) {
    return { status: 400, body: { message: common.invalidRequest } };
  }
  if (isUnavailable(error)) return { status: 503, body: { message: common.serviceUnavailable } };

  const status = fastifyError?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status, body: { message: BY_STATUS[status] ?? common.invalidRequest } };
  }
  if (status === 503) return { status, body: { message: common.serviceUnavailable } };
  return { status: 500, body: { message: common.serverError } };
}

export function replyNotFound(_request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).type('application/json; charset=utf-8').send({ message: common.resourceNotFound });
}

/**
 * Fastify's `frameworkErrors` (constructor option): a URL the router cannot decode (invalid percent-encoding, a
 * parameter over maxParamLength) never reaches the error handler below, and Fastify's own answer echoes the URL
 * back in a shape no route documents. Answer it like every other refusal.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const { status, body } = toErrorAnswer(error);
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/**
 * One error handler for the whole app: every failure becomes `{ message, errors? }`, never a stack trace,
 * and only real server faults (5xx) are logged as errors.
 */
export const errorsPlugin = fp(
  async (app) => {
    // An outage fails every request: one log line per interval says so (with how many were refused), where a
    // line per request would bury everything else in the log exactly when it is read.
    let outageLoggedAt = 0;
    let refusedSinceLog = 0;
    app.setErrorHandler((error, request, reply) => {
      const { status, body } = toErrorAnswer(error);
      if (status === 503) {
        refusedSinceLog++;
        if (Date.now() - outageLoggedAt >= OUTAGE_LOG_EVERY_MS) {
          request.log.error(
            { err: error, refused: refusedSinceLog },
            'a backing service (database) is unavailable: answering 503 with Retry-After',
          );
          outageLoggedAt = Date.now();
          refusedSinceLog = 0;
        }
        reply.header('retry-after', String(OUTAGE_RETRY_AFTER_SECONDS));
      } else if (status >= 500) request.log.error({ err: error }, 'request failed');
      else request.log.debug({ status, message: body.message }, 'request refused');
      // The rest of a JSON body over the limit is still on its way, and Node would read it all to reuse the
      // socket: 50 MB of work per abusive request (measured: six such streams halved the feed's throughput).
      // Browsers never send one, so closing after the 413 costs nobody a readable answer.
      if ((error as Partial<FastifyError>).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        reply.header('connection', 'close');
      }
      if (error instanceof TooManyRequestsError) {
        reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterMs / 1000))));
      }
      return reply.code(status).type('application/json; charset=utf-8').send(body);
    });
  },
  { name: 'errors' },
);
