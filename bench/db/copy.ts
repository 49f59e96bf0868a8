/**
 * The PGlite side of bench/db gets exactly the rows bench/feed's loader put into PostgreSQL: each table is read
 * in batches as JSON and written with json_populate_recordset, ids included (OVERRIDING SYSTEM VALUE), generated
 * columns (the search tsvector) recomputed by PGlite itself. Secondary indexes are dropped for the copy and
 * rebuilt from their own definitions after it, as the loader does. Only reads follow, so the identity sequences
 * are left behind the copied ids.
 */
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { dropSecondaryIndexes, LOAD_TABLES } from '../feed/database.js';

const TABLES = ['users', ...LOAD_TABLES];
const BATCH = 10_000;

async function writableColumns(source: pg.Client, table: string): Promise<string> {
  const { rows } = await source.query<{ name: string }>(
    `select column_name as name from information_schema.columns
     where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER'
     order by ordinal_position`,
    [table],
  );
  return rows.map((row) => `"${row.name}"`).join(', ');
}

export interface CopyReport {
  ms: number;
  rows: Record<string, number>;
}

export async function copyToPglite(source: pg.Client, target: PGlite): Promise<CopyReport> {
  const started = performance.now();
  const indexes = await dropSecondaryIndexes((text, params) => target.query(text, params), LOAD_TABLES);
  const counts: Record<string, number> = {};
  // Categories come from the same ensureCategories on both sides; the copy relies on their ids matching.
  const categories = `select coalesce(json_agg(c order by id), '[]')::text as list from (select id, title from categories) c`;
  const [ours, theirs] = [
    (await source.query<{ list: string }>(categories)).rows[0]?.list,
    (await target.query<{ list: string }>(categories)).rows[0]?.list,
  ];
  if (ours !== theirs) throw new Error('the categories differ between PostgreSQL and PGlite');

  for (const table of TABLES) {
    const columns = await writableColumns(source, table);
    let copied = 0;
    for (;;) {
      const { rows } = await source.query<{ batch: string; n: number }>(
        `select coalesce(json_agg(t), '[]')::text as batch, count(*)::int as n
         from (select ${columns} from ${table} order by 1, 2 limit ${BATCH} offset ${copied}) t`,
      );
      const n = rows[0]?.n ?? 0;
      if (n === 0) break;
      await target.query(
        `insert into ${table} (${columns}) overriding system value
         select ${columns} from json_populate_recordset(null::${table}, $1::json)`,
        [rows[0]!.batch],
      );
      copied += n;
    }
    counts[table] = copied;
  }
  for (const definition of indexes) await target.query(definition);
  await target.query('vacuum analyze');
  return { ms: performance.now() - started, rows: counts };
}
