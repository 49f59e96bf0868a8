/**
 * The server SIGKILLed at a random moment while people chat, like listings and a followed seller lists new ones,
 * on PostgreSQL (events/durable.ts). Once a process runs again, within 90 s every committed write has had each of
 * its consequences exactly once: an entry for every chat's receiver, every like counted once in the seller's entry,
 * every follower told of every new listing once, and no event job left unprocessed or dead.
 */
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, apiPath } from '@rummage/contract';
import {
  call,
  createListing,
  NO_CAPTCHA,
  noisePhoto,
  sendMessage,
  signUp,
  type Person,
} from './harness/api.js';
import { createPostgres, type PostgresCluster } from './harness/postgres.js';
import { startServer, type ServerProcess } from './harness/server.js';

const RECOVER_WITHIN_MS = 90_000;
const BUYERS = 4;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let postgres: PostgresCluster;
let databaseUrl: string;
let dataDir: string;
let server: ServerProcess | undefined;

async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

// Limits high enough that every refusal in this test is the kill, not a budget.
const start = () =>
  startServer({
    dataDir,
    env: { DATABASE_URL: databaseUrl, ...NO_CAPTCHA, RATE_LIMIT_GLOBAL_MAX: '100000' },
  });

beforeAll(async () => {
  postgres = await createPostgres();
  databaseUrl = await postgres.createDatabase('durable_events');
  dataDir = mkdtempSync(join(tmpdir(), 'rummage-durable-'));
}, 120_000);

afterAll(async () => {
  await server?.kill();
  await postgres?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a process killed while writes with consequences go on', () => {
  it('has every consequence of every committed write exactly once after a restart', async () => {
    server = await start();
    const origin = server.origin;
    const seller = await signUp(origin, 'seller');
    const buyers: Person[] = [];
    for (let i = 0; i < BUYERS; i++) buyers.push(await signUp(origin, 'buyer'));
    for (const buyer of buyers) {
      const answer = await call(origin, 'POST', apiPath(API.user.followUnfollow, { userId: seller.id }), {
        token: buyer.token,
        body: { follow: true },
      });
      expect(answer.status).toBe(200);
    }
    const photo = await noisePhoto(64, 64);
    const listings = [
      await createListing(origin, seller, [photo]),
      await createListing(origin, seller, [photo]),
    ];

    // The load: each buyer and the seller chat back and forth, each buyer likes each listing once, and the seller
    // lists more; every loop stops at its first failed request, which is the kill.
    let killed = false;
    const go = async (work: (round: number) => Promise<unknown>) => {
      for (let round = 0; !killed; round++) {
        try {
          await work(round);
        } catch {
          return;
        }
      }
    };
    const ok = async (answer: Promise<{ status: number; body: unknown }>) => {
      const { status, body } = await answer;
      if (status >= 300) throw new Error(`${status} ${JSON.stringify(body)}`);
    };
    const load = Promise.all([
      ...buyers.map((buyer, index) =>
        go(async (round) => {
          const productId = listings[index % listings.length]!;
          await ok(sendMessage(origin, buyer, seller, productId, `Is it still there? (${round})`, 10_000));
          await ok(sendMessage(origin, seller, buyer, productId, `Yes, it is. (${round})`, 10_000));
        }),
      ),
      ...buyers.map((buyer) =>
        go(async (round) => {
          if (round >= listings.length + 2) return sleep(50);
          // Listings made during the load are liked too, once each.
          const productId = (
            await query<{ id: number }>(
              'select id from products where seller_id = $1 order by id offset $2 limit 1',
              [seller.id, round],
            )
          )[0]?.id;
          if (productId === undefined) return sleep(50);
          await ok(
            call(origin, 'POST', apiPath(API.product.likeUnlike, { id: productId }), {
              token: buyer.token,
              body: { like: true },
              timeoutMs: 10_000,
            }),
          );
        }),
      ),
      go(async () => {
        await createListing(origin, seller, [photo]);
        await sleep(200);
      }),
    ]);
    const killAfterMs = randomInt(1_000, 4_000);
    await sleep(killAfterMs);
    killed = true;
    await server.kill();
    await load;
    const stored = await query<{ messages: number; likes: number; listings: number }>(
      `select (select count(*)::int from chat_messages) as messages,
              (select count(*)::int from product_likes) as likes,
              (select count(*)::int from products) as listings`,
    );
    console.info(`[durable] killed after ${killAfterMs} ms; committed: ${JSON.stringify(stored[0])}`);
    expect(stored[0]!.messages).toBeGreaterThan(0);

    // A process runs again; what the dead one left is its to finish.
    server = await start();
    const startedAt = Date.now();
    let left = -1;
    while (Date.now() - startedAt < RECOVER_WITHIN_MS) {
      [{ left }] = (await query<{ left: number }>(
        `select count(*)::int as left from jobs where name like 'event:%' and state <> 'done'`,
      )) as [{ left: number }];
      if (left === 0) break;
      await sleep(500);
    }
    console.info(`[durable] every event processed ${Date.now() - startedAt} ms after the restart`);
    expect(left).toBe(0);

    // Each processor's job ran to its end exactly once: one record per job, none without its job.
    const unmatched = await query<{ jobs: number; records: number; missing: number }>(
      `select count(*)::int as jobs,
              (select count(*)::int from processed_events) as records,
              count(*) filter (where not exists (
                select 1 from processed_events p
                where 'event:' || p.processor = j.name and p.event_id = (j.payload->>'eventId')::bigint))::int
                as missing
       from jobs j where j.name like 'event:%'`,
    );
    expect(unmatched[0]!.missing).toBe(0);
    expect(unmatched[0]!.records).toBe(unmatched[0]!.jobs);

    // Every stored message: one job for its receiver's entry, and one unread entry per chat and receiver.
    const chats = await query<{ messages: number; processed: number; chats: number; entries: number }>(
      `select (select count(*)::int from chat_messages) as messages,
              (select count(*)::int from processed_events where processor = 'notifications.chatMessage')
                as processed,
              (select count(distinct (c.product_id, m.sender_id, c.buyer_id))::int
                 from chat_messages m join conversations c on c.id = m.conversation_id) as chats,
              (select count(*)::int from notifications where group_key like 'chat:%' and read_at is null)
                as entries`,
    );
    expect(chats[0]!.processed).toBe(chats[0]!.messages);
    expect(chats[0]!.entries).toBe(chats[0]!.chats);

    // Every like is counted once in the seller's entries for its listing.
    const likes = await query<{ product_id: number; likes: number; counted: number }>(
      `select l.product_id, count(*)::int as likes,
              coalesce((select sum(n.actor_count)::int from notifications n
                        where n.user_id = $1 and n.group_key like 'like:' || l.product_id || ':%'), 0) as counted
       from product_likes l group by l.product_id`,
      [seller.id],
    );
    for (const row of likes) expect(row.counted, `likes of listing ${row.product_id}`).toBe(row.likes);

    // Every follower hears of every listing once.
    const listed = await query<{ listings: number; entries: number }>(
      `select (select count(*)::int from products) as listings,
              (select count(*)::int from notifications where group_key like 'listed:%') as entries`,
    );
    expect(listed[0]!.entries).toBe(listed[0]!.listings * BUYERS);
  });
});
