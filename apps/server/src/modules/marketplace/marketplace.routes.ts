import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API, errorBodySchema, feedQuerySchema, feedResponseSchema } from '@rummage/contract';
import { readerIdentity } from '../product/viewer.js';
import type { MarketplaceService } from './marketplace.service.js';
import { contractTypedAnswer } from '../../plugins/contract-json.js';
import { access } from '../../plugins/openapi.js';

export const marketplaceRoutes: FastifyPluginAsyncZod<{ marketplace: MarketplaceService }> = async (
  app,
  { marketplace },
) => {
  app.get(
    API.marketplace.products,
    {
      // The busiest read: its cards are built as the contract's type (toCard), the tests check every answer.
      ...contractTypedAnswer,
      schema: {
        tags: ['Marketplace'],
        operationId: 'Marketplace_products',
        security: access.anyone,
        summary:
          'Listings newest first: within radiusKm of latitude/longitude when given, matching search when given; ' +
          'sold and hidden listings left out. Echo `before` from page 1 on later pages for stable paging.',
        querystring: feedQuerySchema,
        response: { 200: feedResponseSchema, 400: errorBodySchema },
      },
    },
    async (request, reply) => {
      const page = await marketplace.feed(request.query, () => readerIdentity(request), request.user?.id);
      // A feed depends on who asks (snapshot memo) and changes by the minute: no shared caching.
      reply.header('cache-control', 'private, no-cache');
      return { ...page, before: page.before.toISOString() };
    },
  );
};
