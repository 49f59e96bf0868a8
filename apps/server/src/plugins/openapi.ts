import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API, errorBodySchema } from '@rummage/contract';
import type { AppConfig } from '../config.js';

/**
 * Who may call an operation, as the document says it (`security`). Every route names one: a route without it fails
 * plugins/openapi-lint.test.ts, so a client generator never has to guess.
 */
type SecurityRequirement = Record<string, string[]>;

export const access: Record<'signedIn' | 'optional' | 'anyone' | 'hub', SecurityRequirement[]> = {
  /** A session token is required (`Authorization: Bearer <authToken>` from user-login); without one, 401. */
  signedIn: [{ bearerAuth: [] }],
  /** Anyone; a session token, when sent, changes the answer (the caller's own hidden listing, their like). */
  optional: [{}, { bearerAuth: [] }],
  /** Anyone, and a token changes nothing. */
  anyone: [],
  /** Hub requests: the session token as a bearer header, or as `access_token` where a browser cannot send one. */
  hub: [{ bearerAuth: [] }, { hubAccessToken: [] }],
};

type TransformInput = Parameters<typeof jsonSchemaTransform>[0] & { route?: { method: string | string[] } };

/** What each refusal status means, as the document's response descriptions say it (plugins/errors.ts answers them). */
const REFUSALS: Record<number, string> = {
  400: 'Invalid request: `message` says why, `errors` gives the first problem per field',
  401: 'Log in first: no session token, or one that has ended',
  403: 'Not allowed for this account',
  404: 'Not found, or not visible to the caller',
  405: 'Method not allowed on this connection',
  409: 'Conflicts with the current state (a duplicate, a closed ticket…)',
  413: 'Body or upload too large',
  414: 'A path parameter is too long',
  415: 'Unsupported content type or image format',
  422: 'An image that cannot be read',
  429: 'Too many requests: wait as long as `Retry-After` says',
  503: 'Overloaded or the database is unavailable: retry after `Retry-After` seconds',
};

/** A refusal's schema with its status's description, unless the route gave one. */
function described(status: number, answer: unknown): unknown {
  const text = REFUSALS[status];
  if (!text || !(answer instanceof z.ZodType) || answer.description) return answer;
  return answer.describe(text);
}

/**
 * True when a route's `security` is `access.signedIn`: every choice is the bearer header, which the auth plugin reads
 * before the route runs. Hub requests (`access.hub`) also take `access_token` and check their session themselves.
 */
export function needsBearerSession(security: unknown): boolean {
  return (
    Array.isArray(security) &&
    security.length > 0 &&
    security.every(
      (choice: SecurityRequirement) => Object.keys(choice).length === 1 && 'bearerAuth' in choice,
    )
  );
}

/** True when `security` requires a session: no empty `{}` choice among its requirements. */
function needsSession(security: unknown): boolean {
  return (
    Array.isArray(security) && security.length > 0 && security.every((choice) => Object.keys(choice).length)
  );
}

/**
 * Refusals any API route can answer besides its own, all `{ message, errors? }` (plugins/errors.ts): a body that is
 * not JSON, too large or of a type the route does not read; malformed or over-long parameters; no session where one
 * is needed; rate limits; shed load or a database outage. Listed once here so the document promises every status a
 * client can actually get, each described in words.
 */
function withCommonRefusals(input: TransformInput) {
  const { schema, url, route } = input;
  if (!schema) return jsonSchemaTransform(input);
  const common: Record<number, typeof errorBodySchema> = {};
  if (url.startsWith('/api/')) {
    const readsBody = [route?.method ?? 'GET'].flat().some((method) => !['GET', 'HEAD'].includes(method));
    Object.assign(common, { 429: errorBodySchema, 503: errorBodySchema });
    if (readsBody || schema.params || schema.querystring) common[400] = errorBodySchema;
    if (readsBody) Object.assign(common, { 413: errorBodySchema, 415: errorBodySchema });
    // The router refuses a path parameter longer than maxParamLength before the route runs.
    if (schema.params) common[414] = errorBodySchema;
    if (needsSession(schema.security)) common[401] = errorBodySchema;
  }
  if (!schema.response && !Object.keys(common).length) return jsonSchemaTransform(input);
  const response = Object.fromEntries(
    Object.entries({ ...common, ...(schema.response as object | undefined) }).map(([status, answer]) => [
      status,
      described(Number(status), answer),
    ]),
  );
  return jsonSchemaTransform({ ...input, schema: { ...schema, response } });
}

/**
 * The OpenAPI document is generated from the same contract schemas that validate requests, so it cannot drift.
 * Must be registered before the routes it describes.
 */
export const openApiPlugin = fp<{ config: AppConfig; version: string }>(
  async (app, { config, version }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: `${config.productName} API`,
          description:
            'REST API of the marketplace. Send `Authorization: Bearer <authToken>` from user-login.',
          version,
          // The project's licence (package.json); the API's text is as open as its code.
          license: { name: 'MIT', identifier: 'MIT' },
        },
        servers: [{ url: config.publicUrl }],
        components: {
          securitySchemes: {
            bearerAuth: {
              type: 'http',
              scheme: 'bearer',
              description: 'The `authToken` answered by user-login; logout ends it.',
            },
            hubAccessToken: {
              type: 'apiKey',
              in: 'query',
              name: 'access_token',
              description:
                'The same session token, for hub requests from browsers (WebSockets and Server-Sent Events cannot send headers).',
            },
          },
        },
      },
      transform: withCommonRefusals,
    });
    if (config.apiDocs) {
      await app.register(swaggerUi, { routePrefix: API.docs });
    }
  },
  { name: 'openapi' },
);
