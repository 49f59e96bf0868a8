import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API,
  createSavedSearchSchema,
  idParamsSchema,
  messageBodySchema,
  messages,
  savedSearchListResponseSchema,
  savedSearchResponseSchema,
} from '@rummage/contract';
import type { AppConfig } from '../../config.js';
import { requireUser } from '../../plugins/auth.js';
import { acceptEmptyJsonBody } from '../../plugins/empty-json-body.js';
import { refusalResponses } from '../../plugins/errors.js';
import { access } from '../../plugins/openapi.js';
import { writesRateLimit } from '../../plugins/rate-limit.js';
import type { SavedSearchService } from './saved-search.service.js';

const tags = ['SavedSearch'];
const bearer = access.signedIn;
const refusals = refusalResponses;

export interface SavedSearchRoutesOptions {
  config: AppConfig;
  savedSearches: SavedSearchService;
}

/**
 * docs/product.md §14: GET + POST /api/SavedSearch, DELETE /api/SavedSearch/{id}, POST /api/SavedSearch/{id}/seen.
 * Every call acts on the caller's own saved searches; someone else's answers 404 like one that never existed.
 */
export const savedSearchRoutes: FastifyPluginAsyncZod<SavedSearchRoutesOptions> = async (app, options) => {
  const { savedSearches } = options;
  // Saving and forgetting are writes a script could repeat: the budget of the other personal writes.
  const writes = writesRateLimit(options.config);
  // POST …/seen arrives with a JSON content type and no body from some clients.
  acceptEmptyJsonBody(app);

  app.get(
    API.savedSearch.list,
    {
      schema: {
        tags,
        operationId: 'SavedSearch_list',
        summary:
          'Your saved searches, newest first, each with how many new listings matched it since last seen',
        security: bearer,
        response: { 200: savedSearchListResponseSchema, ...refusals },
      },
    },
    async (request) => ({ data: await savedSearches.list(requireUser(request).id) }),
  );

  app.post(
    API.savedSearch.list,
    {
      config: { rateLimit: writes },
      schema: {
        tags,
        operationId: 'SavedSearch_create',
        summary:
          `Save a marketplace search (words, a place and a radius; at least words or a place; up to ` +
          `the limit). The same search saved again answers 200 with the one kept before`,
        security: bearer,
        body: createSavedSearchSchema,
        response: { 200: savedSearchResponseSchema, 201: savedSearchResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const { created, data } = await savedSearches.save(requireUser(request).id, request.body);
      return reply.code(created ? 201 : 200).send({ data });
    },
  );

  app.delete(
    API.savedSearch.item,
    {
      config: { rateLimit: writes },
      schema: {
        tags,
        operationId: 'SavedSearch_delete',
        summary: 'Delete one of your saved searches; its alerts stop',
        params: idParamsSchema,
        security: bearer,
        response: { 200: messageBodySchema, ...refusals },
      },
    },
    async (request) => {
      await savedSearches.remove(requireUser(request).id, request.params.id);
      return { message: messages.savedSearches.removed };
    },
  );

  app.post(
    API.savedSearch.seen,
    {
      config: { rateLimit: writes },
      schema: {
        tags,
        operationId: 'SavedSearch_seen',
        summary: 'Mark the matches of one of your saved searches as seen (newMatches back to 0)',
        params: idParamsSchema,
        security: bearer,
        response: { 200: savedSearchResponseSchema, ...refusals },
      },
    },
    async (request) => ({ data: await savedSearches.markSeen(requireUser(request).id, request.params.id) }),
  );
};
