/**
 * The registry of what names a person (personal-data.ts) against the live schema, after the real migrations: every
 * foreign key to users must be listed, with the ON DELETE the registry promises, and every listed column must
 * exist. A table added later that refers to people fails here until its export and deletion are decided.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountExportSchema } from '@rummage/contract';
import { queryRows } from '../../db/client.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { PERSONAL_DATA } from './personal-data.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface ForeignKey extends Record<string, unknown> {
  table: string;
  column: string;
  onDelete: string;
}

/** Every single-column foreign key to users(id) in the public schema, read from pg_catalog. */
async function foreignKeysToUsers(): Promise<ForeignKey[]> {
  return queryRows<ForeignKey>(
    t.app.parts.storage.database.db,
    sql`select src.relname as "table", att.attname as "column",
          case con.confdeltype when 'c' then 'cascade' when 'n' then 'set null' when 'd' then 'set default'
            when 'r' then 'restrict' else 'no action' end as "onDelete"
        from pg_constraint con
        join pg_class src on src.oid = con.conrelid
        join pg_namespace ns on ns.oid = src.relnamespace
        join pg_attribute att on att.attrelid = con.conrelid and att.attnum = any(con.conkey)
        where con.contype = 'f' and con.confrelid = 'public.users'::regclass and ns.nspname = 'public'
        order by 1, 2`,
  );
}

const key = (table: string, column: string) => `${table}.${column}`;

describe('personal data registry', () => {
  it('lists every foreign key to users, with the ON DELETE the live schema has', async () => {
    const live = await foreignKeysToUsers();
    expect(live.length).toBeGreaterThan(10);
    const registered = new Map(
      PERSONAL_DATA.flatMap((entry) =>
        'foreignKey' in entry.link ? [[key(entry.table, entry.column), entry.link.foreignKey] as const] : [],
      ),
    );
    const missing = live.filter((fk) => !registered.has(key(fk.table, fk.column)));
    expect(missing, 'person-referring columns neither exported nor handled by deletion').toEqual([]);
    for (const fk of live) {
      expect(registered.get(key(fk.table, fk.column)), key(fk.table, fk.column)).toBe(fk.onDelete);
    }
    const stale = [...registered.keys()].filter(
      (name) => !live.some((fk) => key(fk.table, fk.column) === name),
    );
    expect(stale, 'registered as foreign keys but not foreign keys in the schema').toEqual([]);
  });

  it('names only columns that exist, and export sections the export file has', async () => {
    const columns = await queryRows<{ table: string; column: string }>(
      t.app.parts.storage.database.db,
      sql`select table_name as "table", column_name as "column" from information_schema.columns
          where table_schema = 'public'`,
    );
    const existing = new Set(columns.map((row) => key(row.table, row.column)));
    const sections = Object.keys(accountExportSchema.shape);
    for (const entry of PERSONAL_DATA) {
      expect(existing.has(key(entry.table, entry.column)), key(entry.table, entry.column)).toBe(true);
      if (entry.exported === null) expect(entry.notExported, key(entry.table, entry.column)).toBeTruthy();
      else expect(sections).toContain(entry.exported);
      expect(entry.deletion.length).toBeGreaterThan(0);
    }
  });
});
