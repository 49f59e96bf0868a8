/**
 * What the floor (bench/feed/floor.ts) answers, and how: the app's own code for everything that decides the bytes.
 *
 * - The feed: `readFeedWith` decides the statements and values; they are rendered once per shape with drizzle's
 *   `PgDialect` and sent as `{ name, text }` plus `fillPlaceholders(...)`, which is what drizzle hands
 *   node-postgres in the app. The rows become the app's cards (`toCard`), for the reader the request names: a
 *   signed-in reader's page leaves out the people they blocked (another statement) and says which holds are theirs.
 * - A listing (`GET /api/Product/{id}`): the app's `listingDetail` on a drizzle database over the same pool, so the
 *   same queries and the same presenter; sent as JSON.stringify of `{ data }`, which the floor test holds to the
 *   bytes of the app's schema serializer.
 */
import { PAGE_SIZE, type ParsedFeedQuery } from '@rummage/contract';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Database } from '../../apps/server/src/db/client.js';
import * as schema from '../../apps/server/src/db/schema.js';
import type { AuthUser } from '../../apps/server/src/modules/account/session.service.js';
import { BOX_LISTINGS_STATEMENT, boxListingsStatement, feedCountStatement, feedStatement, searchWordsStatement, statementName } from '../../apps/server/src/modules/marketplace/feed.statement.js'; // prettier-ignore
import {
  readFeedWith,
  statementKey,
  type FeedReader,
  type RawFeedRow,
  type RawSearchWords,
} from '../../apps/server/src/modules/marketplace/marketplace.repository.js';
import { feedCircle } from '../../apps/server/src/modules/marketplace/marketplace.service.js';
import { toCard } from '../../apps/server/src/modules/product/product.presenter.js';
import { listingDetail } from '../../apps/server/src/modules/product/product.service.js';
import { createLocalImageStore } from '../../apps/server/src/services/storage/index.js';

// Only `url` is used, which depends on the key alone (never on the folder). The bench never configures S3.
const store = createLocalImageStore('/nonexistent/rummage-floor-uploads');

export class BadQuery extends Error {}

const number = (text: string | null): number | undefined => {
  if (text === null || text.trim() === '') return undefined;
  const value = Number(text);
  if (!Number.isFinite(value)) throw new BadQuery(`not a number: ${text}`);
  return value;
};

/** What feedQuerySchema makes of a valid query (bad ones are the app's business, not the floor's). */
export function parseFeedQuery(params: URLSearchParams): ParsedFeedQuery {
  const before = params.get('before');
  return {
    page: number(params.get('page')) ?? 1,
    pageSize: Math.min(number(params.get('pageSize')) ?? PAGE_SIZE.marketplace, PAGE_SIZE.max),
    search: params.get('search')?.trim() || undefined,
    latitude: number(params.get('latitude')),
    longitude: number(params.get('longitude')),
    radiusKm: number(params.get('radiusKm')),
    before: before ? new Date(before) : undefined,
  };
}

/** What idParamsSchema makes of a valid id. */
export function parseId(text: string): number {
  const id = Number(text);
  if (!Number.isSafeInteger(id) || id < 1) throw new BadQuery(`not an id: ${text}`);
  return id;
}

interface Rendered {
  name?: string;
  text: string;
  params: unknown[];
}

export function floorReads(pool: pg.Pool) {
  const dialect = new PgDialect();
  const db = drizzle(pool, { schema }) as unknown as Database;
  const rendered = new Map<string, Rendered>();
  const box = dialect.sqlToQuery(boxListingsStatement());

  /** The app's statements, through node-postgres as drizzle hands them to it: `{ name, text }` plus the values. */
  const reader: FeedReader = {
    async page(shape, values) {
      const key = statementKey(shape);
      let statement = rendered.get(key);
      if (!statement) {
        const query = dialect.sqlToQuery(feedStatement(shape));
        statement = { name: statementName(shape), text: query.sql, params: query.params };
        rendered.set(key, statement);
      }
      const config = { name: statement.name, text: statement.text };
      return (await pool.query<RawFeedRow>(config, fillPlaceholders(statement.params, values))).rows;
    },
    async count(shape, values) {
      const query = dialect.sqlToQuery(feedCountStatement(shape));
      const { rows } = await pool.query<{ listings: number }>(
        query.sql,
        fillPlaceholders(query.params, values),
      );
      return rows[0]?.listings ?? 0;
    },
    async boxListings(values) {
      const config = { name: BOX_LISTINGS_STATEMENT, text: box.sql };
      return (await pool.query<{ boxListings: number }>(config, fillPlaceholders(box.params, values))).rows[0]
        ?.boxListings;
    },
    async searchWords(search, count) {
      const query = dialect.sqlToQuery(searchWordsStatement(search, count));
      return (await pool.query<RawSearchWords>(query.sql, query.params)).rows[0];
    },
    async rows<T extends Record<string, unknown>>(statement: SQL) {
      const query = dialect.sqlToQuery(statement);
      return (await pool.query<T>(query.sql, query.params)).rows;
    },
  };

  return {
    /** A feed page as the app answers it to `viewer` (undefined: an anonymous reader). */
    async feed(query: ParsedFeedQuery, viewer: AuthUser | undefined): Promise<string> {
      const viewerId = viewer?.id;
      const { snapshot, rows } = await readFeedWith(reader, {
        page: query.page,
        pageSize: query.pageSize,
        search: query.search,
        circle: feedCircle(query),
        snapshot: query.before,
        viewerId,
      });
      return JSON.stringify({
        data: rows.map((row) => toCard(row, row.photos, row.likesCount, store, viewerId)),
        page: query.page,
        pageSize: query.pageSize,
        before: snapshot.toISOString(),
        // "Did you mean" is looked for only when a search's first page is empty, which the bench's pages never are.
        suggestion: null,
      });
    },

    /** One listing as the app answers it to `viewer`; throws the app's HttpError (404) when they may not see it. */
    async listing(id: number, viewer: AuthUser | undefined): Promise<string> {
      return JSON.stringify({ data: await listingDetail(db, store, id, viewer ?? null) });
    },
  };
}
