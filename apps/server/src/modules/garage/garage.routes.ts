import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API,
  errorBodySchema,
  GARAGE_LIMITS,
  garageSaleCreatedResponseSchema,
  garageSaleCreateSchema,
  garageSaleListResponseSchema,
  garageSaleResponseSchema,
  garageSalesQuerySchema,
  idParamsSchema,
  messageBodySchema,
  messages,
  userIdParamsSchema,
} from '@rummage/contract';
import type { AppConfig } from '../../config.js';
import { requireUser } from '../../plugins/auth.js';
import { acceptEmptyJsonBody } from '../../plugins/empty-json-body.js';
import { refusalResponses } from '../../plugins/errors.js';
import { writesRateLimit } from '../../plugins/rate-limit.js';
import { access } from '../../plugins/openapi.js';
import type { GarageService } from './garage.service.js';

const G = messages.garage;
const tags = ['GarageSale'];
const bearer = access.signedIn;
const refusals = refusalResponses;

export interface GarageRoutesOptions {
  config: AppConfig;
  garages: GarageService;
}

/**
 * docs/product.md §7 garage-sale calls: POST /api/GarageSale/add, GET /api/GarageSale/{id}, GET /api/GarageSale/user/{userId},
 * DELETE /api/GarageSale/delete/{id}, and the marketplace strip GET /api/Marketplace/garage-sales.
 */
export const garageRoutes: FastifyPluginAsyncZod<GarageRoutesOptions> = async (app, { config, garages }) => {
  // A script could create sales in a loop; a tenth of the global budget is plenty for people.
  const writes = writesRateLimit(config);

  // The SPEC's client sends DELETE with a JSON content type and no body.
  acceptEmptyJsonBody(app);

  app.post(
    API.garageSale.add,
    {
      config: { rateLimit: writes },
      schema: {
        tags,
        operationId: 'GarageSale_add',
        summary:
          'Create a garage sale. Dates and times are local to the sale (its time zone comes from the ' +
          'coordinates); items are "A, B" from GARAGE_ITEMS.',
        body: garageSaleCreateSchema,
        security: bearer,
        response: { 201: garageSaleCreatedResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const data = await garages.create(user, request.body);
      request.log.info({ garageSaleId: data.id, timeZone: data.timeZone }, 'garage sale created');
      return reply.code(201).send({ message: G.created, data });
    },
  );

  app.get(
    API.garageSale.item,
    {
      schema: {
        tags,
        operationId: 'GarageSale_getById',
        security: access.optional,
        summary: 'One garage sale that has not ended (404 once it has)',
        params: idParamsSchema,
        response: { 200: garageSaleResponseSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      // Live state and countdowns change by the second, and the sale vanishes at its end: never cache.
      reply.header('cache-control', 'no-store');
      return { data: await garages.detail(request.params.id, request.user) };
    },
  );

  app.get(
    API.garageSale.byUser,
    {
      schema: {
        tags,
        operationId: 'GarageSale_byUser',
        security: access.optional,
        summary: "A host's garage sales that have not ended, soonest first",
        params: userIdParamsSchema,
        response: { 200: garageSaleListResponseSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await garages.listByHost(request.params.userId, request.user) };
    },
  );

  app.delete(
    API.garageSale.delete,
    {
      schema: {
        tags,
        operationId: 'GarageSale_delete',
        summary:
          'The host deletes their garage sale. A sale that has already ended (or is gone) answers 200 to ' +
          'anyone and nothing changes; a current sale of someone else is 401 (visitor) or 403.',
        params: idParamsSchema,
        // The SPEC's client calls this from any viewer's page when a countdown ends, so a visitor is answered too.
        security: access.optional,
        response: { 200: messageBodySchema, ...refusals },
      },
    },
    async (request) => {
      const outcome = await garages.remove(request.user, request.params.id);
      if (outcome === 'deleted') request.log.info({ garageSaleId: request.params.id }, 'garage sale deleted');
      return { message: outcome === 'deleted' ? G.deleted : G.alreadyGone };
    },
  );

  app.get(
    API.marketplace.garageSales,
    {
      schema: {
        tags: ['Marketplace'],
        operationId: 'Marketplace_garageSales',
        security: access.optional,
        summary:
          `Upcoming and live garage sales, soonest first (at most ${GARAGE_LIMITS.listMax}): within radiusKm of ` +
          'latitude/longitude when given, everywhere otherwise',
        querystring: garageSalesQuerySchema,
        response: { 200: garageSaleListResponseSchema, 400: errorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-cache');
      return { data: await garages.listNear(request.query, request.user) };
    },
  );
};
