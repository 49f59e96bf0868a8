import { asc } from 'drizzle-orm';
import type { Category } from '@rummage/contract';
import type { Database } from '../../db/client.js';
import { categories } from '../../db/schema.js';

export function listCategories(db: Database): Promise<Category[]> {
  return db
    .select({ id: categories.id, title: categories.title })
    .from(categories)
    .orderBy(asc(categories.id));
}
