/** Test helpers for saved searches: each call as the web app makes it (JSON, bearer token). */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { API, apiPath, type CreateSavedSearch, type FeedResponse, type SavedSearch } from '@rummage/contract';
import { categories } from '../../db/schema.js';
import { bearer } from '../../test/factories.js';
import { image, listingFields, multipart, png } from '../../test/products.js';
import type { Person } from '../notification/notification.fixtures.js';
import { processorJob } from '../../events/durable.js';
import { jobsSettled } from '../../test/jobs.js';

export function savedSearchApi(app: FastifyInstance) {
  const json = (who: Person | null) => ({
    ...(who ? bearer(who.token) : {}),
    'content-type': 'application/json',
  });
  const db = app.parts.storage.database.db;
  let photo: Buffer | undefined;

  return {
    save: (who: Person | null, body: CreateSavedSearch | unknown) =>
      app.inject({
        method: 'POST',
        url: API.savedSearch.list,
        headers: json(who),
        payload: JSON.stringify(body),
      }),

    /** Saves and answers the saved search, expecting `status` (201 new, 200 the same one again). */
    async saved(who: Person, body: CreateSavedSearch, status = 201): Promise<SavedSearch> {
      const response = await this.save(who, body);
      expect(response.statusCode, response.body).toBe(status);
      return response.json<{ data: SavedSearch }>().data;
    },

    async list(who: Person): Promise<SavedSearch[]> {
      const response = await app.inject({
        method: 'GET',
        url: API.savedSearch.list,
        headers: bearer(who.token),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: SavedSearch[] }>().data;
    },

    remove: (who: Person | null, id: number | string) =>
      app.inject({ method: 'DELETE', url: apiPath(API.savedSearch.item, { id }), headers: json(who) }),

    seen: (who: Person | null, id: number | string) =>
      app.inject({ method: 'POST', url: apiPath(API.savedSearch.seen, { id }), headers: json(who) }),

    /** Lists through POST /api/Product/add, as the web app does. Answers the listing's id. */
    async newListing(
      seller: Person,
      fields: {
        title: string;
        latitude?: number;
        longitude?: number;
        category?: string;
        description?: string;
      },
    ): Promise<number> {
      photo ??= await png();
      const overrides: Record<string, string | number> = { Title: fields.title };
      if (fields.latitude !== undefined) overrides.Latitude = String(fields.latitude);
      if (fields.longitude !== undefined) overrides.Longitude = String(fields.longitude);
      if (fields.description !== undefined) overrides.Description = fields.description;
      if (fields.category) {
        const [row] = await db
          .select({ id: categories.id })
          .from(categories)
          .where(eq(categories.title, fields.category));
        overrides.CategoryId = row!.id;
      }
      const body = multipart([...listingFields(overrides), image(photo)]);
      const response = await app.inject({
        method: 'POST',
        url: API.product.add,
        payload: body.payload,
        headers: { ...body.headers, ...bearer(seller.token) },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ data: { id: number } }>().data.id;
    },

    /** The feed's listing ids for a query, as the marketplace page asks it. */
    async feedIds(who: Person, query: Record<string, string | number>): Promise<number[]> {
      const search = new URLSearchParams(
        Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
      );
      const response = await app.inject({
        method: 'GET',
        url: `${API.marketplace.products}?${search.toString()}&pageSize=50`,
        headers: bearer(who.token),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<FeedResponse>().data.map((card) => card.id);
    },

    /**
     * Waits (up to 5 s) until the matching of what was recorded so far has run, so a test can tell "no alert" from
     * "no alert yet".
     */
    matched: () => jobsSettled(db, processorJob('savedSearches.')),
  };
}
