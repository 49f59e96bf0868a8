/**
 * The floor of bench/feed and bench/mixed: the least a Node server can do to answer the app's reads from
 * this SQL on this machine. Plain node:http and the app's own driver (a node-postgres pool with the app's pool
 * settings); per request it parses the query, runs the app's statements, turns the rows into the app's JSON and
 * sends the same bytes (floor-reads.ts says how). Nothing else: no session check, rate limits, logging, security
 * headers, schema validation or snapshot memo.
 *
 * It answers GET /api/Marketplace/products and GET /api/Product/{id}. A request with a bearer token the bench
 * named (`{ type: 'readers', readers: [[token, user], …] }` over IPC, answered `{ type: 'readers', count }`) is read
 * as that user, as the app would after checking the session; without one, as an anonymous reader; an unknown token
 * is a 401. Page 1 reads against now and a `before` against that moment, as the app does; a later page without
 * `before` also reads against now, where the app would recall page 1's snapshot from its memo (the benches always
 * send `before`). Photos are addressed as the local image store addresses them (the benches never configure S3).
 * apps/server/src/modules/marketplace/floor.test.ts holds the floor to the app's exact bytes.
 *
 * Run as a child process with an IPC channel (bench/feed/app-process.ts): DATABASE_URL, and optionally PORT; it
 * sends `{ type: 'listening', port }` once ready, answers `loopDelay` asks (loop-delay.ts) and stops on SIGTERM, SIGINT or a closed channel.
 */
import http from 'node:http';
import { API } from '@rummage/contract';
import pg from 'pg';
import { postgresPoolOptions } from '../../apps/server/src/db/client.js';
import type { AuthUser } from '../../apps/server/src/modules/account/session.service.js';
import { toErrorAnswer } from '../../apps/server/src/plugins/errors.js';
import { BadQuery, floorReads, parseFeedQuery, parseId } from './floor-reads.js';
import { answerLoopDelayAsks } from './loop-delay.js';

export type FloorMessage = { type: 'listening'; port: number } | { type: 'readers'; count: number };
export type FloorControl = { type: 'readers'; readers: Array<[token: string, user: AuthUser]> };

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('the floor needs DATABASE_URL (PostgreSQL)');

const pool = new pg.Pool(postgresPoolOptions({ url: databaseUrl }));
pool.on('error', () => undefined); // an idle connection lost: the next request reports it
const reads = floorReads(pool);

/** Bearer token → the signed-in person it stands for, as the bench opened their sessions. */
const readers = new Map<string, AuthUser>();
answerLoopDelayAsks();
process.on('message', (message: FloorControl) => {
  if (message.type !== 'readers') return;
  for (const [token, user] of message.readers) readers.set(token, user);
  process.send?.({ type: 'readers', count: readers.size } satisfies FloorMessage);
});

const listingPath = new RegExp(`^${API.product.item.replace(':id', '([^/]+)')}$`);

function send(response: http.ServerResponse, status: number, body: string) {
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  response.end(body);
}

function answer(url: URL, reader: AuthUser | undefined): Promise<string> {
  if (url.pathname === API.marketplace.products) return reads.feed(parseFeedQuery(url.searchParams), reader);
  const listing = listingPath.exec(url.pathname);
  if (listing) return reads.listing(parseId(decodeURIComponent(listing[1]!)), reader);
  throw new BadQuery(`the floor answers GET ${API.marketplace.products} and ${API.product.item} only`);
}

const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://floor');
  const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  const reader = token === undefined ? undefined : readers.get(token);
  if (token !== undefined && !reader) {
    send(response, 401, '{"error":"the floor was not told this token"}');
    return;
  }
  let body: Promise<string>;
  try {
    if (request.method !== 'GET') throw new BadQuery('the floor answers GET requests only');
    body = answer(url, reader);
  } catch (error) {
    send(response, 400, JSON.stringify({ error: (error as Error).message }));
    return;
  }
  body.then(
    (text) => send(response, 200, text),
    (error: unknown) => {
      // The app's refusals (a listing not found) in the app's words; anything else is the floor's failure.
      const refusal = toErrorAnswer(error);
      send(
        response,
        refusal.status,
        JSON.stringify(refusal.status < 500 ? refusal.body : { error: String(error) }),
      );
    },
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
