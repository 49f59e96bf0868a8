/**
 * The people, chats and route cookies of the failover scenario (failover.ts). People are written straight into the
 * database (accounts a month old, so no new-account limit counts against a long run) with sessions opened by the
 * app's own session service; each pair chats about one listing, and both have written once through the API, so
 * neither side's messages meet the limits for unanswered ones.
 */
import { request } from 'node:http';
import pg from 'pg';
import { HUBS } from '@rummage/contract';
import { openDatabase } from '../../src/db/client.js';
import { createSessionService } from '../../src/modules/account/session.service.js';
import { sendMessage, type Person } from './api.js';

/** POSTs a negotiate without a token through nginx: the 401 still names the process the cookie leads to. */
function upstreamFor(origin: string, cookie: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${origin}${HUBS.chat}/negotiate?negotiateVersion=1`,
      { method: 'POST', agent: false, headers: { cookie, 'content-length': 0 } },
      (response) => {
        response.resume().once('end', () => resolve(String(response.headers['x-rummage-upstream'] ?? '')));
      },
    );
    req.once('error', reject);
    req.end();
  });
}

/** Route cookies leading to each process, `perProcess` of each. */
export async function routeCookies(origin: string, ports: number[], perProcess: number): Promise<string[][]> {
  const found = ports.map(() => [] as string[]);
  for (let i = 0; found.some((list) => list.length < perProcess); i++) {
    if (i > perProcess * 20) throw new Error('nginx sends every route cookie to one process');
    const cookie = `rummage_route=failover${i}`;
    const list = found[ports.map((port) => `127.0.0.1:${port}`).indexOf(await upstreamFor(origin, cookie))];
    if (list && list.length < perProcess) list.push(cookie);
  }
  return found;
}

export async function seedPeople(url: string, count: number, run: string): Promise<Person[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let rows: Array<{ id: string; username: string }>;
  try {
    ({ rows } = await client.query<{ id: string; username: string }>(
      `insert into users (username, email, password_hash, terms_accepted_at, created_at)
       select 'fo' || $2 || g, 'fo' || $2 || g || '@failover.invalid', 'not-a-hash', now(), now() - interval '30 days'
       from generate_series(1, $1::int) g
       returning id, username`,
      [count, run],
    ));
  } finally {
    await client.end();
  }
  const handle = await openDatabase({ kind: 'pg', url, poolSize: 4 });
  try {
    const sessions = createSessionService(handle.db);
    const people: Person[] = [];
    for (const { id, username } of rows) {
      people.push({
        id: Number(id),
        username,
        token: await sessions.open(Number(id), { userAgent: 'failover' }),
      });
    }
    return people;
  } finally {
    await handle.close();
  }
}

/** A listing of each pair's seller (person 2k+1), then the buyer's question and the seller's answer. */
export async function seedChats(url: string, origin: string, people: Person[]): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const sellers = people.filter((_, index) => index % 2 === 1).map((person) => person.id);
  let products: number[];
  try {
    const { rows } = await client.query<{ id: string }>(
      `insert into products (seller_id, title, description, price, latitude, longitude, location_text)
       select s, 'Oak bookshelf', 'Solid oak, five shelves.', 40, 41.8781, -87.6298, 'Chicago, IL'
       from unnest($1::bigint[]) with ordinality as t(s, n) order by n
       returning id`,
      [sellers],
    );
    products = rows.map((row) => Number(row.id));
  } finally {
    await client.end();
  }
  let next = 0;
  const pair = async () => {
    for (let k = next++; k < products.length; k = next++) {
      const [buyer, seller, productId] = [people[2 * k]!, people[2 * k + 1]!, products[k]!];
      for (const [from, to, text] of [
        [buyer, seller, 'Hello! Is the bookshelf still available?'],
        [seller, buyer, 'Yes, it is. Come and see it whenever you like.'],
      ] as const) {
        const answer = await sendMessage(origin, from, to, productId, text);
        if (answer.status !== 200)
          throw new Error(`seeding a chat: ${answer.status} ${JSON.stringify(answer.body)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, pair));
  return products;
}
