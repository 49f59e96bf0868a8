import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API, errorBodySchema, messages } from '@rummage/contract';
import type { DatabaseHandle } from '../../db/client.js';
import { access } from '../../plugins/openapi.js';

const READY_TIMEOUT_MS = 2_000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Liveness (the process answers) and readiness (the database answers too), for load balancers and compose. */
export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle }> = async (
  app,
  { database },
) => {
  const status = z.object({ status: z.string() });
  app.get(
    API.health.live,
    {
      schema: {
        tags: ['Health'],
        operationId: 'Health_live',
        security: access.anyone,
        summary: 'The process is up',
        response: { 200: status },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' };
    },
  );
  app.get(
    API.health.ready,
    {
      schema: {
        tags: ['Health'],
        operationId: 'Health_ready',
        security: access.anyone,
        summary: 'The database answers (503 when it does not)',
        response: { 200: status, 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        await withTimeout(database.ping(), READY_TIMEOUT_MS);
        return { status: 'ready' };
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
        return reply.code(503).send({ message: messages.common.serviceUnavailable });
      }
    },
  );
};
