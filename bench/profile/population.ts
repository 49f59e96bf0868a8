/**
 * The people of bench/profile, written with a handful of `INSERT … SELECT generate_series` statements (no row
 * travels through Node) on either engine: a busy seller with hundreds of listings, thousands of chats over the last
 * four months, hundreds of deals and ratings, and thousands of ordinary people chatting, trading and rating among
 * themselves around them. "Random" draws are hashes of the row's number, so a population is the same every run and
 * on both engines.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { ensureCategories } from '../../apps/server/src/db/seed.js';
import { migrate, type Query } from '../feed/database.js';

export interface PopulationSize {
  /** Ordinary people. */
  users: number;
  /** The busy seller's listings, chats as a seller (over the last 120 days) and deals as a seller. */
  busyListings: number;
  busyChats: number;
  busyDeals: number;
  /** Chats and deals among ordinary people. */
  otherChats: number;
  otherDeals: number;
}

export const DEFAULT_SIZE: PopulationSize = {
  users: 5000,
  busyListings: 500,
  busyChats: 4000,
  busyDeals: 600,
  otherChats: 40_000,
  otherDeals: 10_000,
};

/** Who the bench reads: the busy seller, an ordinary person, and one listing of each. */
export interface Population {
  busy: { id: number; listingId: number };
  ordinary: { id: number; listingId: number };
  rows: Record<string, number>;
  loadMs: number;
}

/** A number in [0, 1) drawn from `expression` (an integer SQL expression) and a salt: the same on both engines. */
const draw = (expression: string, salt: number) => `(((${expression}) * 2654435761 + ${salt * 40503}) % 1000003) / 1000003.0`; // prettier-ignore

/** The statements, in order; `$busy`, `$first` and `$last` are replaced with the people's ids once known. */
function peopleSql(size: PopulationSize): string {
  return `insert into users (username, email, password_hash, latitude, longitude, address, terms_accepted_at, created_at)
    select case when g = 0 then 'busy-seller' else 'bench-user-' || g end,
           case when g = 0 then 'busy-seller' else 'bench-user-' || g end || '@bench.invalid',
           'bench-not-a-hash', 41.88 + ${draw('g', 1)} - 0.5, -87.63 + ${draw('g', 2)} - 0.5, 'Chicago, IL', now(),
           now() - interval '2 years' * (0.2 + ${draw('g', 3)})
    from generate_series(0, ${size.users}) g`;
}

function restSql(size: PopulationSize, busy: number, first: number): string[] {
  const ordinary = (expression: string) => `${first} + ((${expression}) % ${size.users})`;
  // 10 listings each for the first tenth of the ordinary people; the busy seller's come first.
  const sellers = Math.max(1, Math.floor(size.users / 10));
  return [
    `insert into products (seller_id, category_id, title, description, price, latitude, longitude, location_text,
                           is_sold, sold_at, created_at, updated_at)
     select seller, (select min(id) from categories) + (g % 8), 'Oak dresser ' || g, 'Solid oak, good condition.',
            round((5 + 400 * ${draw('g', 4)})::numeric, 2), 41.88 + ${draw('g', 5)} - 0.5,
            -87.63 + ${draw('g', 6)} - 0.5, 'Chicago, IL', sold, case when sold then created + interval '1 day' end,
            created, created
     from (select g, case when g < ${size.busyListings} then ${busy} else ${first} + (g - ${size.busyListings}) / 10 end
                  as seller,
                  ${draw('g', 7)} < 0.3 as sold,
                  now() - interval '365 days' * (1 - g::float8 / ${size.busyListings + sellers * 10}) as created
           from generate_series(0, ${size.busyListings + sellers * 10 - 1}) g) p`,
    `insert into product_images (product_id, position, large_key, thumb_key, width, height)
     select id, 0, 'products/2026/11/bench-' || id || '-large.webp', 'products/2026/11/bench-' || id || '-thumb.webp',
            1600, 1200
     from products`,
    // The busy seller's chats, over 120 days so that a quarter falls outside the 90 the reply time reads.
    `insert into conversations (product_id, buyer_id, seller_id, created_at, last_message_at)
     select p.id, ${ordinary('g * 7 + g / 500')}, ${busy}, at, at
     from generate_series(0, ${size.busyChats - 1}) g
     join lateral (select now() - interval '120 days' * ${draw('g', 8)} as at) t on true
     join products p on p.seller_id = ${busy}
       and p.id = (select min(id) from products) + (g % ${size.busyListings})
     on conflict do nothing`,
    `insert into conversations (product_id, buyer_id, seller_id, created_at, last_message_at)
     select p.id, b.buyer, p.seller_id, at, at
     from generate_series(0, ${size.otherChats - 1}) g
     join lateral (select now() - interval '365 days' * ${draw('g', 9)} as at,
                          ${ordinary(`g * 13 + g / ${sellers * 10} + ${sellers * 10}`)} as buyer) b on true
     join products p on p.id = (select min(id) from products) + ${size.busyListings} + (g % ${sellers * 10})
     where p.seller_id <> b.buyer
     on conflict do nothing`,
    // The buyer asks first; a fifth of the chats are never answered; the rest go back and forth one to six times,
    // each answer 1 to 240 minutes after the message before.
    `insert into chat_messages (conversation_id, sender_id, body, created_at)
     select c.id, case when i % 2 = 0 then c.buyer_id else c.seller_id end,
            case when i = 0 then 'Hi, is this still available?' else 'Yes, it is. When could you come by?' end,
            c.created_at + interval '1 minute' * i * (1 + 239 * ${draw('c.id * 7 + i', 10)} * ${draw('c.id', 11)})
     from conversations c
     cross join lateral generate_series(0, case when ${draw('c.id', 12)} < 0.2 then 0 else 1 + c.id % 6 end) i`,
    `update conversations c set last_message_id = m.id, last_message_at = m.created_at
     from (select distinct on (conversation_id) conversation_id, id, created_at from chat_messages
           order by conversation_id, id desc) m
     where m.conversation_id = c.id`,
    // What the app keeps on each chat as its messages arrive: the first question and the first answer after it.
    `update conversations c set asked_at = q.asked, answered_at = (
       select min(m.created_at) from chat_messages m
       where m.conversation_id = c.id and m.sender_id = c.seller_id and m.created_at >= q.asked)
     from (select m.conversation_id, min(m.created_at) as asked
           from chat_messages m join conversations c2 on c2.id = m.conversation_id and m.sender_id = c2.buyer_id
           group by m.conversation_id) q
     where q.conversation_id = c.id`,
    // The busy seller's deals (one in twenty called off), a few as a buyer, and the ordinary people's.
    `insert into deals (product_id, seller_id, buyer_id, title, price, status, sold_at, rate_until, voided_at)
     select p.id, p.seller_id, buyer, p.title, p.price, case when g % 20 = 19 then 'void' else 'completed' end,
            at, at + interval '14 days', case when g % 20 = 19 then at + interval '2 days' end
     from (select g, ${ordinary('g * 11 + 3')} as buyer,
                  (select min(id) from products) + (g % ${size.busyListings}) as product,
                  now() - interval '365 days' * ${draw('g', 13)} as at
           from generate_series(0, ${size.busyDeals - 1}) g) d
     join products p on p.id = d.product`,
    `insert into deals (product_id, seller_id, buyer_id, title, price, status, sold_at, rate_until)
     select p.id, p.seller_id, buyer, p.title, p.price, 'completed', at, at + interval '14 days'
     from (select g, case when g < 40 then ${busy} else ${ordinary(`g * 17 + ${sellers * 10}`)} end as buyer,
                  (select min(id) from products) + ${size.busyListings} + (g % ${sellers * 10}) as product,
                  now() - interval '365 days' * ${draw('g', 14)} as at
           from generate_series(0, ${size.otherDeals - 1}) g) d
     join products p on p.id = d.product
     where p.seller_id <> d.buyer`,
    // Ratings of completed deals: the buyer rates the seller in three of four, the seller the buyer in three of
    // five; a recent one may wait for the other side's (unpublished), one in fifty was removed by staff.
    ...[
      ['buyer_id', 'seller_id', 'seller', 0.75, 15],
      ['seller_id', 'buyer_id', 'buyer', 0.6, 16],
    ].map(
      ([author, subject, role, share, salt]) =>
        `insert into reviews (deal_id, author_id, subject_id, role, stars, text, created_at, published_at, removed_at)
         select d.id, d.${author}, d.${subject}, '${role}', 1 + floor(5 * sqrt(${draw('d.id', Number(salt) + 1)}))::int,
                'Friendly and on time.', d.sold_at + interval '1 day',
                case when d.sold_at < now() - interval '14 days' or ${draw('d.id', Number(salt) + 2)} < 0.5
                     then d.sold_at + interval '1 day' end,
                case when d.id % 50 = 0 then d.sold_at + interval '3 days' end
         from deals d
         where d.status = 'completed' and ${draw('d.id', Number(salt))} < ${share}`,
    ),
  ];
}

const COUNTED = ['users', 'products', 'conversations', 'chat_messages', 'deals', 'reviews'];

async function populate(query: Query, size: PopulationSize): Promise<Omit<Population, 'loadMs'>> {
  await query(peopleSql(size));
  const ids = async (text: string) => Number(((await query(text)).rows[0] as { id: number | string }).id);
  const busy = await ids(`select id from users where username = 'busy-seller'`);
  const first = await ids(`select id from users where username = 'bench-user-1'`);
  for (const statement of restSql(size, busy, first)) await query(statement);
  // As the app's vacuum job leaves PGlite (every 6 h) and autovacuum PostgreSQL: the visibility map set, so index-only
  // scans read no heap.
  await query('vacuum analyze');
  const newest = (seller: number) =>
    ids(`select id from products where seller_id = ${seller} order by created_at desc, id desc limit 1`);
  const rows: Record<string, number> = {};
  for (const table of COUNTED) rows[table] = await ids(`select count(*)::int as id from ${table}`);
  return {
    busy: { id: busy, listingId: await newest(busy) },
    ordinary: { id: first, listingId: await newest(first) },
    rows,
  };
}

/** A new PGlite data directory for the app (`dataDir/pglite`, as the app opens it), migrated and populated. */
export async function populatePglite(dataDir: string, size: PopulationSize): Promise<Population> {
  const started = performance.now();
  mkdirSync(dataDir, { recursive: true });
  const handle = await openDatabase({ kind: 'pglite', dir: join(dataDir, 'pglite') });
  try {
    await handle.migrate();
    await ensureCategories(handle.db);
    const query: Query = async (text) =>
      (await handle.db.execute(sql.raw(text))) as unknown as { rows: unknown[] };
    return { ...(await populate(query, size)), loadMs: performance.now() - started };
  } finally {
    await handle.close();
  }
}

/** A fresh PostgreSQL database at `url`, migrated by the app's code and populated. */
export async function populatePostgres(url: string, size: PopulationSize): Promise<Population> {
  const started = performance.now();
  await migrate(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const query: Query = (text, params) => client.query(text, params);
    return { ...(await populate(query, size)), loadMs: performance.now() - started };
  } finally {
    await client.end();
  }
}
