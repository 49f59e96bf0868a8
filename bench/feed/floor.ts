/**
 * The floor of bench/feed (issue 20): the least a Node server can do to answer the feed's requests from this SQL on
 * this machine. Plain node:http and the app's own driver (a node-postgres pool with the app's pool settings); per
 * request it parses the query, runs the app's statements (`readFeedWith`: the same shapes, rendered text, names and
 * values as the app), turns the rows into the app's cards (`toCard`) and sends the same JSON bytes. Nothing else:
 * no auth, rate limits, logging, security headers, schema validation or snapshot memo.
 *
 * It answers GET /api/Marketplace/products as an anonymous reader. Page 1 reads against now and a `before` against
 * that moment, as the app does; a later page without `before` also reads against now, where the app would recall
 * page 1's snapshot from its memo (bench/feed only asks first pages). Photos are addressed as the local image store
 * addresses them (the bench never configures S3). apps/server/src/modules/marketplace/floor.test.ts holds the
 * floor to the app's exact bytes.
 *
 * Run as a child process with an IPC channel (bench/feed/app-process.ts): DATABASE_URL, and optionally PORT; it
 * sends `{ type: 'listening', port }` once ready and stops on SIGTERM, SIGINT or a closed channel.
 */
import http from 'node:http';
import { API, PAGE_SIZE, type ParsedFeedQuery } from '@rummage/contract';
import { fillPlaceholders } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { postgresPoolOptions } from '../../apps/server/src/db/client.js';
import { BOX_LISTINGS_STATEMENT, boxListingsStatement, feedStatement, searchWordsStatement, statementName } from '../../apps/server/src/modules/marketplace/feed.statement.js'; // prettier-ignore
import {
  readFeedWith,
  statementKey,
  type FeedReader,
  type RawFeedRow,
  type RawSearchWords,
} from '../../apps/server/src/modules/marketplace/marketplace.repository.js';
import { feedCircle } from '../../apps/server/src/modules/marketplace/marketplace.service.js';
import { toCard } from '../../apps/server/src/modules/product/product.presenter.js';
import { createLocalImageStore } from '../../apps/server/src/services/storage/index.js';

export type FloorMessage = { type: 'listening'; port: number };

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('the floor needs DATABASE_URL (PostgreSQL)');

const pool = new pg.Pool(postgresPoolOptions({ url: databaseUrl }));
pool.on('error', () => undefined); // an idle connection lost: the next request reports it
const dialect = new PgDialect();
// Only `url` is used, which depends on the key alone (never on the folder).
const store = createLocalImageStore('/nonexistent/rummage-floor-uploads');

interface Rendered {
  name?: string;
  text: string;
  params: unknown[];
}
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
  async boxListings(values) {
    const config = { name: BOX_LISTINGS_STATEMENT, text: box.sql };
    return (await pool.query<{ boxListings: number }>(config, fillPlaceholders(box.params, values))).rows[0]
      ?.boxListings;
  },
  async searchWords(search, count) {
    const query = dialect.sqlToQuery(searchWordsStatement(search, count));
    return (await pool.query<RawSearchWords>(query.sql, query.params)).rows[0];
  },
};

class BadQuery extends Error {}

const number = (text: string | null): number | undefined => {
  if (text === null || text.trim() === '') return undefined;
  const value = Number(text);
  if (!Number.isFinite(value)) throw new BadQuery(`not a number: ${text}`);
  return value;
};

/** What feedQuerySchema makes of a valid query (bad ones are the app's business, not the floor's). */
function parseQuery(params: URLSearchParams): ParsedFeedQuery {
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

async function feedBody(query: ParsedFeedQuery): Promise<string> {
  const { snapshot, rows } = await readFeedWith(reader, {
    page: query.page,
    pageSize: query.pageSize,
    search: query.search,
    circle: feedCircle(query),
    snapshot: query.before,
  });
  return JSON.stringify({
    data: rows.map((row) => toCard(row, row.photos, row.likesCount, store)),
    page: query.page,
    pageSize: query.pageSize,
    before: snapshot.toISOString(),
  });
}

function send(response: http.ServerResponse, status: number, body: string) {
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  response.end(body);
}

const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://floor');
  if (request.method !== 'GET' || url.pathname !== API.marketplace.products) {
    send(response, 404, '{"error":"the floor answers GET /api/Marketplace/products only"}');
    return;
  }
  let query: ParsedFeedQuery;
  try {
    query = parseQuery(url.searchParams);
  } catch (error) {
    send(response, 400, JSON.stringify({ error: (error as Error).message }));
    return;
  }
  feedBody(query).then(
    (body) => send(response, 200, body),
    (error: unknown) => send(response, 500, JSON.stringify({ error: String(error) })),
  );
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  if (process.send) process.send({ type: 'listening', port } satisfies FloorMessage);
  else console.log(`floor listening on http://127.0.0.1:${port}`);
});

let closing = false;
function close() {
  if (closing) return;
  closing = true;
  server.closeAllConnections();
  server.close();
  void pool.end().finally(() => process.exit(0));
}
process.on('SIGTERM', close);
process.on('SIGINT', close);
process.on('disconnect', close);
