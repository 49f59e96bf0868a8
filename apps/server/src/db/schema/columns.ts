import { bigint, customType, timestamp } from 'drizzle-orm/pg-core';

/** Ids are identities in number mode: JSON-friendly, and 2^53 rows is more than a marketplace will ever hold. */
export const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** PostgreSQL's text-search vector and query; drizzle has no built-in types for them. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
export const tsquery = customType<{ data: string }>({ dataType: () => 'tsquery' });
