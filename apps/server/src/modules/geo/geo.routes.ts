import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API,
  citySuggestionsQuerySchema,
  citySuggestionsResponseSchema,
  reverseGeocodeQuerySchema,
  reverseGeocodeResponseSchema,
} from '@rummage/contract';
import type { Gazetteer } from '../../services/geo/index.js';
import { access } from '../../plugins/openapi.js';

/** The gazetteer changes only with a deploy, so answers can be cached by browsers and proxies for a day. */
const CACHE_FOR_A_DAY = 'public, max-age=86400';
/** A reverse lookup's URL is someone's position: the browser may keep it, shared caches may not. */
const CACHE_PRIVATELY_FOR_A_DAY = 'private, max-age=86400';

/** Location suggestions (docs/product.md §5) and "use my location", answered offline from the bundled gazetteer. */
export const geoRoutes: FastifyPluginAsyncZod<{ gazetteer: Gazetteer }> = async (app, { gazetteer }) => {
  app.get(
    API.geo.cities,
    {
      schema: {
        tags: ['Geo'],
        operationId: 'Geo_cities',
        security: access.anyone,
        summary: 'US city suggestions for typed text: a name, "City, ST" or a ZIP; labels are "City, ST"',
        querystring: citySuggestionsQuerySchema,
        response: { 200: citySuggestionsResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', CACHE_FOR_A_DAY);
      // Blank text is an empty list, not an error (docs/product.md §5: suggestions only for non-empty trimmed input).
      return { data: gazetteer.suggest(request.query.q, request.query.limit) };
    },
  );

  app.get(
    API.geo.reverse,
    {
      schema: {
        tags: ['Geo'],
        operationId: 'Geo_reverse',
        security: access.anyone,
        summary: 'The US city at a point; nulls when none is near (at sea, abroad)',
        querystring: reverseGeocodeQuerySchema,
        response: { 200: reverseGeocodeResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', CACHE_PRIVATELY_FOR_A_DAY);
      return gazetteer.reverse(request.query.lat, request.query.lng);
    },
  );
};
