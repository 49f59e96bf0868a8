import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API, categoriesResponseSchema } from '@rummage/contract';
import type { Database } from '../../db/client.js';
import { listCategories } from './category.repository.js';
import { access } from '../../plugins/openapi.js';

export const categoryRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    API.category,
    {
      schema: {
        tags: ['Category'],
        operationId: 'Category_list',
        security: access.anyone,
        summary: 'All categories, in their fixed order',
        response: { 200: categoriesResponseSchema },
      },
    },
    async () => ({ data: await listCategories(db) }),
  );
};
