import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/app.js';

type Fresh = Awaited<ReturnType<typeof freshDatabase>>;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
let fresh: Fresh;
beforeAll(async () => {
  fresh = await freshDatabase();
});
afterAll(async () => {
  await fresh?.handle.close();
  await fresh?.drop();
});

const migration = readFileSync(
  new URL('./migrations/0022_orphaned_listing_jobs.sql', import.meta.url),
  'utf8',
);

describe('retired job kinds', () => {
  it('removes the waiting jobs of the former followers-of-a-new-listing processor, and nothing else', async () => {
    const { db } = fresh.handle;
    const rows = await db.execute(sql`
      insert into jobs (name, payload, state) values
        ('event:notifications.newListing', '{}', 'ready'),
        ('event:notifications.newListing', '{}', 'done'),
        ('event:savedSearches.listed', '{}', 'ready')
      returning id`);
    const ids = rowsOf<{ id: string }>(rows).map((row) => Number(row.id));
    // The migration as it ran at start-up, once more: it only touches what is still waiting.
    await db.execute(sql.raw(migration));
    const after = await db.execute(
      sql`select state, last_error from jobs where id in (${sql.join(ids, sql`, `)}) order by id`,
    );
    const states = rowsOf<{ state: string; last_error: string | null }>(after).map((row) => [
      row.state,
      row.last_error,
    ]);
    expect(states).toEqual([
      ['done', null],
      ['ready', null],
    ]);
  });
});
