import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseOptions } from '../composition/storage.js';
import { loadConfig } from '../config.js';
import { freshDatabase } from '../test/app.js';
import { openDatabase, preparedRows, queryRows, type DatabaseHandle } from './client.js';

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
const dataDir = mkdtempSync(join(os.tmpdir(), 'rummage-client-test-'));
afterAll(async () => {
  await handle?.close();
  await drop?.();
  rmSync(dataDir, { recursive: true, force: true });
});

// A column of each kind the app reads back: on PGlite, preparedRows reads rows itself (pglite-protocol.ts).
const probeOf = (where: { after: unknown; prefix: unknown; before: unknown }) => sql`select id, title,
    listed_at as "listedAt", listed_at::date as day, id % 2 = 0 as even, array[id, id + 1] as pair,
    json_build_object('id', id, 'title', title, 'tags', json_build_array('a', null)) as doc,
    id::bigint * 10000000000 as big, (id / 7.0)::numeric(10, 3) as ratio, null::text as nothing
  from listing_probe
  where id > ${where.after} and starts_with(title, ${where.prefix})
    and listed_at <= coalesce(${where.before}::timestamptz, 'infinity')
  order by id limit 4`;
const probe = probeOf({
  after: sql.placeholder('after'),
  prefix: sql.placeholder('prefix'),
  before: sql.placeholder('before'),
});
type ProbeRow = { id: number; title: string; listedAt: string };

/** Values that change every call; the quote and backslash must reach the database as they are. */
const callValues = (i: number) => ({
  after: i * 3,
  prefix: i % 2 ? `O'Brien's \\ chair` : 'lamp',
  before: i % 4 === 3 ? null : new Date(Date.UTC(2026, 0, 2, i)).toISOString(),
});

/** The same statement with the values in place, as drizzle runs any query: what both ways must answer. */
const viaDrizzle = (values: ReturnType<typeof callValues>) => queryRows<ProbeRow>(handle.db, probeOf(values));

describe('preparedRows without a name', () => {
  it('answers as drizzle does, for every kind of column and value', async () => {
    const unnamed = preparedRows<ProbeRow>(handle.db, probe);
    for (let i = 0; i < 8; i++) expect(await unnamed(callValues(i))).toEqual(await viaDrizzle(callValues(i)));
    expect((await unnamed(callValues(1))).map((row) => row.title)).toContain(`O'Brien's \\ chair 6`);
  });

  it("fails with the database's own error, and the next call answers", async () => {
    const divide = preparedRows<{ share: number }>(
      handle.db,
      sql`select 60 / ${sql.placeholder('parts')}::int as share`,
    );
    expect(await divide({ parts: 4 })).toEqual([{ share: 15 }]);
    expect(errorChain(await divide({ parts: 0 }).catch((error: unknown) => error))).toContainEqual(
      expect.objectContaining({ code: '22012', message: 'division by zero' }),
    );
    expect(await divide({ parts: 3 })).toEqual([{ share: 20 }]);
  });
});

/** node-postgres's error arrives wrapped by drizzle ("Failed query: …"), PGlite's (read by pg-protocol) as it is. */
function errorChain(failure: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let e = failure; e instanceof Error; e = e.cause) chain.push(e);
  return chain;
}

describe('preparedRows with a name', () => {
  it('answers as drizzle does over many calls, and after the database forgets it', async () => {
    const named = preparedRows<ProbeRow>(handle.db, probe, 'rummage_listing_probe');
    const unnamed = viaDrizzle;
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

  it("fails with the database's own error, and the next call answers", async () => {
    const divide = preparedRows<{ share: number }>(
      handle.db,
      sql`select 60 / ${sql.placeholder('parts')}::int as share`,
      'rummage_probe_divide',
    );
    expect(await divide({ parts: 4 })).toEqual([{ share: 15 }]);
    expect(errorChain(await divide({ parts: 0 }).catch((error: unknown) => error))).toContainEqual(
      expect.objectContaining({ code: '22012', message: 'division by zero' }),
    );
    expect(await divide({ parts: 3 })).toEqual([{ share: 20 }]);
  });

  it('waits for a transaction another caller has open, so it never reads what that one rolls back', async () => {
    const count = preparedRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from listing_probe where id > ${sql.placeholder('after')}`,
      'rummage_probe_count',
    );
    expect(await count({ after: 0 })).toEqual([{ n: 60 }]);
    let inside: Promise<Array<{ n: number }>> | undefined;
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`insert into listing_probe values (61, 'lamp 61', now())`);
        inside = count({ after: 0 }); // asked while the insert is not committed
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await inside).toEqual([{ n: 60 }]);
  });
});

describe("PGlite's buffer pool", () => {
  it('is PGLITE_SHARED_BUFFERS_MB, 16MB unless told, whatever postgresql.conf says', async () => {
    for (const [env, expected] of [
      [{}, '16MB'],
      [{ PGLITE_SHARED_BUFFERS_MB: '8' }, '8MB'],
    ] as const) {
      const options = databaseOptions(loadConfig({ ...env, DATA_DIR: dataDir }));
      expect(options).toMatchObject({ kind: 'pglite', sharedBuffersMb: Number.parseInt(expected, 10) });
      const lite = await openDatabase(options);
      try {
        const [row] = await queryRows<{ shared_buffers: string }>(lite.db, sql`show shared_buffers`);
        expect(row?.shared_buffers).toBe(expected);
      } finally {
        await lite.close();
      }
    }
  });
});
