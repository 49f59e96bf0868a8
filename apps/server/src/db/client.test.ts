import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/app.js';
import { preparedRows, queryRows, type DatabaseHandle } from './client.js';

let handle: DatabaseHandle;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ handle, drop } = await freshDatabase());
  await handle.db.execute(
    sql`create table listing_probe (id int primary key, title text, listed_at timestamptz)`,
  );
  await handle.db.execute(sql`insert into listing_probe
    select n, case when n % 3 = 0 then 'O''Brien''s \\ chair ' || n else 'lamp ' || n end,
           timestamptz '2026-01-01 00:00:00+00' + n * interval '1 hour'
    from generate_series(1, 60) n`);
});
afterAll(async () => {
  await handle?.close();
  await drop?.();
});

const probe = sql`select id, title, listed_at as "listedAt" from listing_probe
  where id > ${sql.placeholder('after')} and starts_with(title, ${sql.placeholder('prefix')})
    and listed_at <= coalesce(${sql.placeholder('before')}::timestamptz, 'infinity')
  order by id limit 4`;
type ProbeRow = { id: number; title: string; listedAt: string };

/** Values that change every call; the quote and backslash must reach the database as they are. */
const callValues = (i: number) => ({
  after: i * 3,
  prefix: i % 2 ? `O'Brien's \\ chair` : 'lamp',
  before: i % 4 === 3 ? null : new Date(Date.UTC(2026, 0, 2, i)).toISOString(),
});

describe('preparedRows with a name', () => {
  it('answers as the unnamed statement over many calls, and after the database forgets it', async () => {
    const named = preparedRows<ProbeRow>(handle.db, probe, 'rummage_listing_probe');
    const unnamed = preparedRows<ProbeRow>(handle.db, probe);
    // The first calls arrive together, as a server's first requests do.
    const first = await Promise.all([0, 1, 2].map((i) => named(callValues(i))));
    for (const [i, rows] of first.entries()) expect(rows).toEqual(await unnamed(callValues(i)));
    for (let i = 3; i < 12; i++) {
      const rows = await named(callValues(i));
      expect(rows).toEqual(await unnamed(callValues(i)));
      if (i === 5) expect(rows.map((row) => row.title)).toContain(`O'Brien's \\ chair 18`);
    }
    if (handle.kind !== 'pglite') return; // node-postgres keeps its own record of what each connection prepared

    const runs = async () => {
      const [statement] = await queryRows<{ runs: number }>(
        handle.db,
        sql`select (generic_plans + custom_plans)::int as runs from pg_prepared_statements
            where name = 'rummage_listing_probe'`,
      );
      return statement?.runs;
    };
    expect(await runs()).toBe(12);
    await handle.db.execute(sql`deallocate all`);
    for (let i = 12; i < 15; i++) expect(await named(callValues(i))).toEqual(await unnamed(callValues(i)));
    expect(await runs()).toBe(3); // prepared again, not run unnamed
  });
});
