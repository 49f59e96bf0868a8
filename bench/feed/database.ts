/**
 * The bench database: created fresh on the server at BENCH_DATABASE_URL, migrated with the app's own code, then
 * filled with synthetic listings by a handful of `INSERT … SELECT generate_series` statements (no row travels
 * through Node). Secondary indexes are dropped during the load and rebuilt from their own definitions after it,
 * which is several times faster than maintaining GIN/GiST indexes row by row and yields the same indexes.
 */
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { ensureCategories } from '../../apps/server/src/db/seed.js';

/** ~30 US metros; `weight` is the share of the clustered listings (in percent, sums to 100). */
export const METROS: ReadonlyArray<[name: string, lat: number, lng: number, weight: number]> = [
  ['New York, NY', 40.7128, -74.006, 9],
  ['Los Angeles, CA', 34.0522, -118.2437, 7],
  ['Chicago, IL', 41.8781, -87.6298, 7],
  ['Houston, TX', 29.7604, -95.3698, 5],
  ['Phoenix, AZ', 33.4484, -112.074, 4],
  ['Philadelphia, PA', 39.9526, -75.1652, 4],
  ['San Antonio, TX', 29.4241, -98.4936, 3],
  ['San Diego, CA', 32.7157, -117.1611, 3],
  ['Dallas, TX', 32.7767, -96.797, 4],
  ['San Jose, CA', 37.3382, -121.8863, 3],
  ['Austin, TX', 30.2672, -97.7431, 3],
  ['Jacksonville, FL', 30.3322, -81.6557, 2],
  ['Columbus, OH', 39.9612, -82.9988, 2],
  ['Indianapolis, IN', 39.7684, -86.1581, 2],
  ['Charlotte, NC', 35.2271, -80.8431, 2],
  ['San Francisco, CA', 37.7749, -122.4194, 3],
  ['Seattle, WA', 47.6062, -122.3321, 3],
  ['Denver, CO', 39.7392, -104.9903, 3],
  ['Washington, DC', 38.9072, -77.0369, 3],
  ['Boston, MA', 42.3601, -71.0589, 3],
  ['Nashville, TN', 36.1627, -86.7816, 2],
  ['Detroit, MI', 42.3314, -83.0458, 3],
  ['Portland, OR', 45.5152, -122.6784, 2],
  ['Las Vegas, NV', 36.1699, -115.1398, 2],
  ['Atlanta, GA', 33.749, -84.388, 3],
  ['Miami, FL', 25.7617, -80.1918, 3],
  ['Minneapolis, MN', 44.9778, -93.265, 2],
  ['St. Louis, MO', 38.627, -90.1994, 2],
  ['Kansas City, MO', 39.0997, -94.5786, 1],
  ['Salt Lake City, UT', 40.7608, -111.891, 1],
];

export const ADJECTIVES = ['vintage', 'antique', 'modern', 'rustic', 'handmade', 'retro', 'classic', 'mid-century']; // prettier-ignore
const MORE_ADJECTIVES = ['sturdy', 'leather', 'oak', 'compact', 'folding', 'designer', 'electric', 'wool'];
export const NOUNS = [
  'chair', 'table', 'lamp', 'bicycle', 'sofa', 'dresser', 'guitar', 'camera', 'jacket', 'bookshelf',
  'mirror', 'rug', 'desk', 'stroller', 'kayak', 'turntable', 'typewriter', 'skateboard', 'drill', 'blender',
  'hat', 'boots', 'necklace', 'painting',
]; // prettier-ignore
const PHRASES = [
  'Barely used', 'Some scratches', 'Works perfectly', 'Must go this week', 'Smoke-free home',
  'Great vintage find', 'Original box included', 'Cash or trade', 'Pickup only', 'Price is firm',
]; // prettier-ignore

const sqlArray = (values: readonly string[]) =>
  `array[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(',')}]`;

export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function createDatabase(adminUrl: string, name: string): Promise<void> {
  await withClient(adminUrl, (client) => client.query(`create database ${name}`));
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await withClient(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
}

/** Migrations exactly as the app applies them (advisory lock included), then the SPEC's categories. */
export async function migrate(url: string): Promise<void> {
  const handle = await openDatabase({ kind: 'pg', url, poolSize: 1 });
  try {
    await handle.migrate();
    await ensureCategories(handle.db);
  } finally {
    await handle.close();
  }
}

/** Runs each lane's statements in order on a connection of its own, all lanes at once. */
async function onConnections(url: string, lanes: string[][]): Promise<void> {
  await Promise.all(
    lanes.map((statements) =>
      withClient(url, async (client) => {
        await client.query(`set synchronous_commit = off`);
        // Rows are consistent by construction; skipping per-row foreign-key triggers needs a superuser.
        await client.query(`set session_replication_role = replica`).catch(() => undefined);
        for (const statement of statements) await client.query(statement);
      }),
    ),
  );
}

/**
 * Listings number `lane`, `lane + lanes`, … up to `rows`, one row of random draws each so related columns agree
 * (sold_at after created_at): 70% around a metro (weighted slots, Gaussian spread of σ = 0.25° ≈ 28 km), 30%
 * uniform over the contiguous US; ~15% sold; titles and descriptions from a small vocabulary. created_at spans
 * the last 90 days and grows with the number (plus a few minutes of jitter), as on a live site where rows are
 * appended as they are posted: the heap is roughly in time order, so "newest first" reads neighbouring pages.
 */
function listingsSql(lane: number, lanes: number, rows: number, sellers: number, slots: number): string {
  const pick = (values: readonly string[]) =>
    `(${sqlArray(values)})[1 + floor(random() * ${values.length})::int]`;
  return `
    insert into products (seller_id, category_id, title, description, price, latitude, longitude, location_text,
                          is_sold, sold_at, views, created_at, updated_at)
    select seller, category, title, description, price, lat, lng, location_text,
           sold, case when sold then created + (now() - created) * random() end, views, created, created
    from (
      select (select min(id) from users) + floor(random() * ${sellers})::int as seller,
             cats[1 + floor(random() * array_length(cats, 1))::int] as category,
             initcap(adj || ' ' || noun) as title,
             phrase || '. ' || initcap(adj2) || ' ' || noun || ' in good condition, ' || adj || ' style. '
               || 'Pickup near ' || coalesce(m.name, 'town') || '.' as description,
             round((5 + random() * random() * 800)::numeric, 2) as price,
             case when m.slot is null then 25 + random() * 24
                  else greatest(-89.9, least(89.9, m.lat + 0.25 * r * cos(theta))) end as lat,
             case when m.slot is null then -124.5 + random() * 57.5
                  else m.lng + 0.25 * r * sin(theta) / cos(radians(m.lat)) end as lng,
             m.name as location_text,
             random() < 0.15 as sold,
             floor(random() * random() * 500)::int as views,
             now() - (1 - g::float8 / ${rows}) * interval '90 days' - random() * interval '5 minutes' as created
      from (
        select g,
               case when random() < 0.7 then floor(random() * ${slots})::int end as metro_slot,
               sqrt(-2 * ln(1 - random())) as r, 2 * pi() * random() as theta,
               ${pick(ADJECTIVES)} as adj, ${pick(MORE_ADJECTIVES)} as adj2,
               ${pick(NOUNS)} as noun, ${pick(PHRASES)} as phrase
        from generate_series(${lane}, ${rows}, ${lanes}) g
      ) draw
      left join bench_metro_slots m on m.slot = draw.metro_slot
      cross join (select array_agg(id order by id) as cats from categories) c
    ) listing`;
}

export interface LoadReport {
  rows: number;
  insertMs: number;
  indexMs: number;
  vacuumMs: number;
  sizes: { table: string; rows: number; size: string }[];
}

export const LOAD_TABLES = ['products', 'product_images', 'product_likes'];

/** A query function that node-postgres clients and PGlite both provide. */
export type Query = (text: string, params?: unknown[]) => Promise<{ rows: unknown[] }>;

/**
 * Drops the indexes of `tables` that back no constraint, for a bulk load, and answers their definitions, which
 * recreate them unchanged after it.
 */
export async function dropSecondaryIndexes(query: Query, tables: string[]): Promise<string[]> {
  const { rows } = await query(
    `select i.indexname as name, i.indexdef as definition from pg_indexes i
     where i.schemaname = 'public' and i.tablename = any($1)
       and not exists (select 1 from pg_constraint c where c.conindid = (quote_ident(i.indexname))::regclass)`,
    [tables],
  );
  const indexes = rows as { name: string; definition: string }[];
  for (const index of indexes) await query(`drop index ${index.name}`);
  return indexes.map((index) => index.definition);
}

/** Fills the migrated database: sellers, `rows` listings, one photo each, likes on ~5% of them. */
export async function loadListings(url: string, rows: number, sellers = 200): Promise<LoadReport> {
  return withClient(url, async (client) => {
    // Session settings only (the server's configuration stays at its defaults for the measurement).
    await client.query(`set maintenance_work_mem = '1GB'`);
    await client.query(`set synchronous_commit = off`);
    // Indexes that back no constraint are dropped now and rebuilt from their own definitions after the load.
    const indexes = await dropSecondaryIndexes((text, params) => client.query(text, params), LOAD_TABLES);

    const started = performance.now();
    await client.query(
      `insert into users (username, email, password_hash, latitude, longitude, terms_accepted_at)
       select 'seller' || g, 'seller' || g || '@bench.invalid', 'bench-not-a-hash', null, null, now()
       from generate_series(1, ${sellers}) g`,
    );
    await client.query(
      `create table bench_metro_slots (slot int primary key, name text, lat float8, lng float8)`,
    );
    let slot = 0;
    for (const [name, lat, lng, weight] of METROS) {
      for (let i = 0; i < weight; i++) {
        await client.query(`insert into bench_metro_slots values ($1, $2, $3, $4)`, [slot++, name, lat, lng]);
      }
    }
    // Both halves in parallel on two connections: the generated tsvector makes the insert CPU-bound.
    const minId = async () => Number((await client.query(`select min(id) as id from products`)).rows[0]?.id);
    await onConnections(url, [
      [listingsSql(1, 2, rows, sellers, slot)],
      [listingsSql(2, 2, rows, sellers, slot)],
    ]);
    const first = await minId();
    const middle = first + Math.ceil(rows / 2);
    await onConnections(
      url,
      [`id < ${middle}`, `id >= ${middle}`].map((range) => [
        `insert into product_images (product_id, position, large_key, thumb_key, width, height)
         select id, 0, 'products/2026/11/bench-' || id || '-large.webp',
                'products/2026/11/bench-' || id || '-thumb.webp', 1600, 1200
         from products where ${range}`,
        `insert into product_likes (user_id, product_id)
         select (select min(id) from users) + floor(random() * ${sellers})::int, id
         from products where ${range} and random() < 0.05`,
      ]),
    );
    await client.query(`drop table bench_metro_slots`);
    const insertMs = performance.now() - started;

    const indexStarted = performance.now();
    for (const definition of indexes) await client.query(definition);
    // The lanes ran without triggers (replica role), so the grid of listing counts (migration 0011) is counted now.
    await client.query(`select listing_grid_recount()`);
    const indexMs = performance.now() - indexStarted;

    const vacuumStarted = performance.now();
    await client.query('vacuum analyze');
    // The load wrote about half a gigabyte of WAL, which starts a checkpoint spread over the next four minutes and
    // ends in a sync of every file it wrote: measured rounds would share the disk with it. Done now, it is over
    // before them. Needs a superuser or pg_checkpoint; without, the rounds run as before.
    await client.query('checkpoint').catch(() => undefined);
    const vacuumMs = performance.now() - vacuumStarted;

    const sizes: LoadReport['sizes'] = [];
    for (const table of ['users', ...LOAD_TABLES]) {
      const { rows: counted } = await client.query<{ rows: number; size: string }>(
        `select count(*)::int as rows, pg_size_pretty(pg_total_relation_size('${table}')) as size from ${table}`,
      );
      sizes.push({ table, rows: counted[0]?.rows ?? 0, size: counted[0]?.size ?? '?' });
    }
    return { rows, insertMs, indexMs, vacuumMs, sizes };
  });
}

/** How many listings a database holds (a kept one, reused with --url). */
export async function countListings(url: string): Promise<number> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from products');
    return rows[0]?.n ?? 0;
  });
}

/** What the results depend on besides the code: the server's version and its memory settings. */
export async function serverInfo(url: string): Promise<{ version: string; settings: string }> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ name: string; value: string }>(
      `select name, current_setting(name) as value from pg_settings
       where name in ('shared_buffers', 'work_mem', 'effective_cache_size', 'max_connections', 'jit',
                      'max_parallel_workers_per_gather')
       order by name`,
    );
    const version = (await client.query<{ v: string }>(`select version() as v`)).rows[0]?.v ?? '?';
    const settings = rows.map((row) => `${row.name}=${row.value}`).join(' ');
    return { version: version.replace(/ on .*$/, ''), settings };
  });
}
