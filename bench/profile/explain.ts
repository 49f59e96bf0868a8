/**
 * The plans behind bench/profile's answers, on a PostgreSQL database it kept (`--keep` with DATABASE_URL set):
 * every statement the app sends for a person's reputation and for one listing, each run through the app's own
 * functions with the pool's queries recorded, then `EXPLAIN (ANALYZE, BUFFERS)` of each with its values, twice: as
 * a custom plan sees them, and under `plan_cache_mode = force_generic_plan`, the plan PostgreSQL keeps for a named
 * statement after five runs.
 *
 *   npx tsx bench/profile/explain.ts --url postgres://…/rummage_bench_profile_… [--user ID] [--listing ID]
 *
 * Without --user and --listing: the busy seller and their newest listing.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Database } from '../../apps/server/src/db/client.js';
import * as schema from '../../apps/server/src/db/schema.js';
import { reputationOf } from '../../apps/server/src/modules/deal/review.repository.js';
import { listingDetail } from '../../apps/server/src/modules/product/product.service.js';
import { createLocalImageStore } from '../../apps/server/src/services/storage/index.js';

const { values: args } = parseArgs({
  options: { url: { type: 'string' }, user: { type: 'string' }, listing: { type: 'string' } },
});
if (!args.url) throw new Error('--url postgres://…/rummage_bench_profile_… (a database kept with --keep)');

const pool = new pg.Pool({ connectionString: args.url, max: 1 });
const recorded: Array<{ text: string; values: unknown[] }> = [];
const query = pool.query.bind(pool) as (...a: unknown[]) => Promise<pg.QueryResult>;
pool.query = ((...a: unknown[]) => {
  const [first, second] = a as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
  const text = typeof first === 'string' ? first : first.text;
  const values = Array.isArray(second) ? second : typeof first === 'string' ? [] : (first.values ?? []);
  recorded.push({ text, values });
  return query(...a);
}) as typeof pool.query;
const db = drizzle(pool, { schema }) as unknown as Database;

async function one(sql: string): Promise<number> {
  return Number((await query(sql)).rows[0]?.id);
}

try {
  const userId = Number(args.user ?? (await one(`select id from users where username = 'busy-seller'`)));
  const listingId = Number(
    args.listing ??
      (await one(
        `select id from products where seller_id = ${userId} order by created_at desc, id desc limit 1`,
      )),
  );
  const answers: Array<[string, () => Promise<unknown>]> = [
    [`reputation of user ${userId}`, () => reputationOf(db, userId, new Date())],
    [`listing ${listingId}`, () => listingDetail(db, createLocalImageStore('/nonexistent'), listingId, null)],
  ];
  for (const [name, run] of answers) {
    recorded.length = 0;
    await run();
    const statements = [...recorded];
    for (const [i, statement] of statements.entries()) {
      for (const mode of ['auto', 'force_generic_plan']) {
        const client = await pool.connect();
        try {
          await client.query(`set plan_cache_mode = ${mode}`);
          // The statement prepared with its parameters' types left to PostgreSQL, as node-postgres sends it.
          await client.query({ name: 'bench_explain', text: statement.text, values: statement.values });
          const literals = statement.values.map((value) =>
            value === null
              ? 'null'
              : client.escapeLiteral(value instanceof Date ? value.toISOString() : String(value)),
          );
          const plan = await client.query(
            `explain (analyze, buffers) execute bench_explain(${literals.join(', ')})`,
          );
          console.log(
            `\n## ${name}, statement ${i + 1} of ${statements.length}, plan_cache_mode = ${mode}\n`,
          );
          if (mode === 'auto') console.log(`${statement.text}\n${JSON.stringify(statement.values)}\n`);
          console.log(plan.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n'));
        } finally {
          await client.query('deallocate all').catch(() => undefined);
          client.release(true);
        }
      }
    }
  }
} finally {
  await pool.end();
}
