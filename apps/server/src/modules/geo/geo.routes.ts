import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API,
  chooseLocale,
  citySuggestionsQuerySchema,
  type Locale,
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

/**
 * Location suggestions (docs/product.md §5) and "use my location", answered offline from the bundled gazetteer.
 * Labels name countries in the reader's language (Accept-Language, else DEFAULT_LOCALE), so caches keep one answer
 * per language.
 */
export const geoRoutes: FastifyPluginAsyncZod<{ gazetteer: Gazetteer; defaultLocale?: Locale }> = async (
  app,
  { gazetteer, defaultLocale = 'en' },
) => {
  const readerLocale = (acceptLanguage: string | undefined) =>
    chooseLocale({ acceptLanguage, defaultLocale });
  app.get(
    API.geo.cities,
    {
      schema: {
        tags: ['Geo'],
        operationId: 'Geo_cities',
        security: access.anyone,
        summary:
          'Places of the world for typed text: a name (accents ignored, one typo forgiven), "City, ST", "City, Country" ' +
          'or a US ZIP; labels are "City, ST" in the US, else "City, Country" in the reader\'s language',
        querystring: citySuggestionsQuerySchema,
        response: { 200: citySuggestionsResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', CACHE_FOR_A_DAY).header('vary', 'Accept-Language');
      const locale = readerLocale(request.headers['accept-language']);
      // Blank text is an empty list, not an error (docs/product.md §5: suggestions only for non-empty trimmed input).
      return { data: gazetteer.suggest(request.query.q, request.query.limit, locale) };
    },
  );

  app.get(
    API.geo.reverse,
    {
      schema: {
        tags: ['Geo'],
        operationId: 'Geo_reverse',
        security: access.anyone,
        summary:
          'The city at a point (not a district of it), with its country and label; nulls when none is near (at sea)',
        querystring: reverseGeocodeQuerySchema,
        response: { 200: reverseGeocodeResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', CACHE_PRIVATELY_FOR_A_DAY).header('vary', 'Accept-Language');
      const locale = readerLocale(request.headers['accept-language']);
      return gazetteer.reverse(request.query.lat, request.query.lng, locale);
    },
  );
};
