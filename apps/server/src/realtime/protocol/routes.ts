import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { z } from 'zod';
import { errorBodySchema, messages } from '@rummage/contract';
import { access } from '../../plugins/openapi.js';
import type { ConnectionAdmission } from './admission.js';
import {
  credentialOf,
  findConnection,
  hubToken,
  lookupTexts,
  type HubAuthenticate,
  type HubWording,
} from './auth.js';
import type { ServerConnection } from './connection.js';
import type { HubEndpoint } from './hub-endpoint.js';
import { LongPollingSink } from './transports/long-polling.js';
import { attachServerSentEvents } from './transports/server-sent-events.js';

/** Largest POST body (one or more records); each record still has to fit maxMessageBytes. */
const MAX_POST_BYTES = 1024 * 1024;

const AVAILABLE_TRANSPORTS = [
  { transport: 'WebSockets', transferFormats: ['Text', 'Binary'] },
  { transport: 'ServerSentEvents', transferFormats: ['Text'] },
  { transport: 'LongPolling', transferFormats: ['Text', 'Binary'] },
];

type Query = Record<string, string | string[] | undefined>;

function queryValue(query: unknown, name: string): string | undefined {
  const lower = name.toLowerCase();
  for (const [key, value] of Object.entries((query ?? {}) as Query)) {
    if (key.toLowerCase() !== lower) continue;
    return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

/** ASP.NET: no query means version 0; above the server's maximum (1) the answer is 1. */
export function negotiateVersion(raw: string | undefined): { version: number } | { error: string } {
  if (raw === undefined) return { version: 0 };
  if (!/^-?\d+$/.test(raw.trim())) return { error: 'The client requested a non-integer protocol version.' };
  const requested = Number(raw);
  if (requested < 0) {
    return {
      error: `The client requested version '${requested}', but the server does not support this version.`,
    };
  }
  return { version: Math.min(requested, 1) };
}

/** Built by hand so the field order is exactly the reference server's (useStatefulReconnect last, only when offered). */
function negotiateBody(connection: ServerConnection, version: number, statefulReconnect: boolean): string {
  return JSON.stringify({
    connectionId: connection.connectionId,
    ...(version >= 1 && { connectionToken: connection.token }),
    negotiateVersion: version,
    availableTransports: AVAILABLE_TRANSPORTS,
    ...(statefulReconnect && { useStatefulReconnect: true }),
  });
}

function pollReply(reply: FastifyReply, status: 200 | 204, body: string): FastifyReply {
  reply.code(status).header('cache-control', 'no-cache');
  if (status === 204) return reply.send();
  return reply.header('content-type', 'application/octet-stream').send(body);
}

function fail(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).send({ message });
}

const negotiateAnswerSchema = z.object({
  connectionId: z.string().optional(),
  connectionToken: z
    .string()
    .optional()
    .describe('Present from negotiateVersion=1: the `id` of later requests'),
  negotiateVersion: z.number().int().optional(),
  availableTransports: z
    .array(z.object({ transport: z.string(), transferFormats: z.array(z.string()) }))
    .optional(),
  error: z
    .string()
    .optional()
    .describe('Instead of the rest, when negotiateVersion is not one the server speaks'),
  useStatefulReconnect: z
    .literal(true)
    .optional()
    .describe('Present when the client asked for stateful reconnect (`useStatefulReconnect=true`)'),
});
const emptyText = (description: string) => ({
  description,
  content: { 'text/plain': { schema: z.literal('') } },
});
const protocolText = z.string().describe('SignalR protocol records, each ended by U+001E');

/**
 * The hubs answer prebuilt text and `{ message }` refusals; their zod schemas are there for the document only, so
 * the hub routes serialize without the app's zod compiler (the protocol tests mount them on a bare Fastify).
 */
const plainJson = () => (data: unknown) => JSON.stringify(data);

/**
 * How the document describes a hub's HTTP endpoints (docs/realtime.md): a tag and operationIds per hub
 * (`ChatHub_negotiate`…), since a generated client may want negotiate; the protocol itself is SignalR's.
 */
function hubDocs(path: string) {
  const name = `${path.slice(1, 2).toUpperCase()}${path.slice(2).replace(/hub$/, '')}Hub`;
  const refused = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
  const common = { tags: [name], security: access.hub };
  return {
    negotiate: {
      ...common,
      operationId: `${name}_negotiate`,
      summary: `Open a ${path} connection: its connectionToken and the transports on offer (SignalR negotiate)`,
      // New connections are what load shedding refuses (plugins/pressure.ts); open ones keep their transport.
      response: { 200: negotiateAnswerSchema, 401: errorBodySchema, 503: errorBodySchema },
    },
    receive: {
      ...common,
      operationId: `${name}_receive`,
      summary:
        'Long polling: the next records (the first poll answers at once; 204 once the connection ended). ' +
        'With Accept: text/event-stream, a Server-Sent Events stream instead',
      response: {
        200: {
          description: 'Protocol records (long polling), or the event stream',
          content: {
            'application/octet-stream': { schema: protocolText },
            'text/event-stream': { schema: protocolText },
          },
        },
        204: z.null().describe('The connection has ended'),
        ...refused,
        409: errorBodySchema,
      },
    },
    send: {
      ...common,
      operationId: `${name}_send`,
      summary:
        'Send records (the handshake, then invocations) on a long-polling or Server-Sent Events connection',
      response: {
        200: emptyText('Accepted'),
        ...refused,
        405: errorBodySchema,
      },
    },
    close: {
      ...common,
      operationId: `${name}_close`,
      summary: 'End a long-polling connection',
      response: { 202: emptyText('Ended'), ...refused },
    },
  };
}

/**
 * The HTTP side of every hub (docs/realtime.md#the-wire-protocol): negotiate, Server-Sent Events, long polling, sends and DELETE.
 * WebSocket upgrades never reach these routes; upgrade.ts takes them off the server's 'upgrade' event.
 * Registered without fastify-plugin, so the raw body parser stays inside this scope.
 */
export async function hubRoutes(
  app: FastifyInstance,
  {
    endpoints,
    authenticate,
    admission,
    wording,
  }: {
    endpoints: HubEndpoint[];
    authenticate: HubAuthenticate;
    admission: ConnectionAdmission;
    wording?: HubWording;
  },
): Promise<void> {
  app.removeAllContentTypeParsers();
  // Clients send text/plain (JSON protocol) or application/octet-stream; the body is protocol text either way.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_POST_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  const tokenOf = (request: FastifyRequest) =>
    hubToken(request.headers.authorization, queryValue(request.query, 'access_token'));
  // The URL carries the connection token (and maybe access_token); keep these requests out of info logs.
  // Hub paths are not under /api/, so the global rate limit skips them; `rateLimit: false` keeps it that way.
  // Every hub request reads its session here (`authenticate`), so the app's own read of it is skipped.
  const transportRoute: RouteShorthandOptions = {
    logLevel: 'warn',
    serializerCompiler: plainJson,
    bodyLimit: MAX_POST_BYTES,
    config: { rateLimit: false, readsOwnSession: true },
  };

  for (const endpoint of endpoints) {
    const docs = hubDocs(endpoint.path);
    const lookup = async (request: FastifyRequest, reply: FastifyReply) => {
      const found = await findConnection(
        endpoint,
        authenticate,
        tokenOf(request),
        queryValue(request.query, 'id'),
        messages.common.loginRequired,
      );
      if (!found.ok) {
        fail(reply, found.status, found.message);
        return undefined;
      }
      return found.connection;
    };

    app.post(
      `${endpoint.path}/negotiate`,
      {
        logLevel: 'warn',
        serializerCompiler: plainJson,
        schema: docs.negotiate,
        config: { readsOwnSession: true },
      },
      async (request, reply) => {
        await admission.admit();
        const token = tokenOf(request);
        const session = await authenticate(token);
        if (!session || !token) return fail(reply, 401, messages.common.loginRequired);
        const version = negotiateVersion(queryValue(request.query, 'negotiateVersion'));
        reply.code(200).header('content-type', 'application/json; charset=utf-8');
        if ('error' in version) return reply.send(JSON.stringify({ error: version.error }));
        // Offered only when asked for: an older client fails a negotiate that offers it unasked.
        const statefulReconnect =
          queryValue(request.query, 'useStatefulReconnect') === 'true' &&
          endpoint.timing.statefulReconnectBufferBytes > 0;
        const connection = endpoint.create(
          session,
          version.version,
          statefulReconnect,
          credentialOf(token),
          wording?.(request.headers, session.user),
        );
        return reply.send(negotiateBody(connection, version.version, statefulReconnect));
      },
    );

    app.route({
      method: ['GET', 'PUT', 'PATCH', 'DELETE'],
      url: `${endpoint.path}/negotiate`,
      exposeHeadRoute: false,
      // Not operations a client calls: the document lists only what answers something besides 405.
      schema: { hide: true },
      handler: async (_request, reply) => fail(reply.header('allow', 'POST'), 405, 'Method Not Allowed'),
    });

    // No automatic HEAD: it would run this handler and attach a long-polling transport.
    app.get(
      endpoint.path,
      { ...transportRoute, exposeHeadRoute: false, schema: docs.receive },
      async (request, reply) => {
        const connection = await lookup(request, reply);
        if (!connection) return reply;
        const sse = (request.headers.accept ?? '').includes('text/event-stream');
        const transport = connection.transport;
        if (sse) {
          if (transport?.kind === 'ServerSentEvents')
            return fail(reply, 409, 'An SSE stream is already open.');
          if (transport) return fail(reply, 400, lookupTexts.changeTransport);
          if (connection.isClosed) return fail(reply, 404, lookupTexts.notFound);
          return attachServerSentEvents(connection, reply);
        }
        if (!transport) {
          if (connection.isClosed) return fail(reply, 404, lookupTexts.notFound);
          // The first poll answers at once: the client sends its handshake only after this response.
          connection.attach(new LongPollingSink(connection, endpoint.timing));
          return pollReply(reply, 200, '');
        }
        if (!(transport instanceof LongPollingSink)) return fail(reply, 400, lookupTexts.changeTransport);
        const answer = await transport.poll(reply.raw);
        return pollReply(reply, answer.status, answer.body);
      },
    );

    app.post(endpoint.path, { ...transportRoute, schema: docs.send }, async (request, reply) => {
      const connection = await lookup(request, reply);
      if (!connection) return reply;
      const kind = connection.transport?.kind;
      if (kind === 'WebSockets') {
        return fail(reply, 405, 'POST requests are not allowed for WebSocket connections.');
      }
      if (connection.isClosed) return fail(reply, 404, lookupTexts.notFound);
      if (!kind) return fail(reply, 400, 'The connection has no transport yet.');
      const body = request.body;
      connection.receive(
        Buffer.isBuffer(body) ? body.toString('utf8') : typeof body === 'string' ? body : '',
      );
      return reply.code(200).send('');
    });

    app.delete(endpoint.path, { ...transportRoute, schema: docs.close }, async (request, reply) => {
      const connection = await lookup(request, reply);
      if (!connection) return reply;
      const transport = connection.transport;
      if (!(transport instanceof LongPollingSink)) {
        return fail(reply, 400, 'Cannot terminate this connection using the DELETE endpoint.');
      }
      transport.stop();
      return reply.code(202).send('');
    });

    app.route({
      method: ['PUT', 'PATCH'],
      url: endpoint.path,
      schema: { hide: true },
      handler: async (_request, reply) =>
        fail(reply.header('allow', 'GET, POST, DELETE'), 405, 'Method Not Allowed'),
    });
  }
}
