/** user_blocks: who blocked whom (docs/product.md §11). The predicates here are what every other module filters by. */
import { and, desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { follows, userBlocks, users } from '../../db/schema.js';
import type { Db } from '../product/product.cards.js';

/**
 * True when `blockerId` blocked `blockedId`: a subquery on the primary key, for WHERE clauses that keep one
 * statement (the inbox, the feed, likes told to a seller).
 */
export const blockedSql = (blockerId: SQLWrapper | number, blockedId: SQLWrapper | number): SQL =>
  sql`exists(select 1 from user_blocks ub where ub.blocker_id = ${blockerId} and ub.blocked_id = ${blockedId})`;

export async function hasBlocked(db: Db, blockerId: number, blockedId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Blocks (the primary key makes a second block a no-op) and ends the blocked person's follow of the blocker in the
 * same transaction, so no moment exists where they are blocked yet still following.
 */
export async function addBlock(db: Db, blockerId: number, blockedId: number): Promise<void> {
  await db.insert(userBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
  await db.delete(follows).where(and(eq(follows.followerId, blockedId), eq(follows.followeeId, blockerId)));
}

export async function removeBlock(db: Db, blockerId: number, blockedId: number): Promise<void> {
  await db
    .delete(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
}

/** The people `blockerId` blocked, newest block first (a person blocks few: no paging). */
export function blockedBy(db: Db, blockerId: number) {
  return db
    .select({
      id: users.id,
      username: users.username,
      imageUrl: users.imageUrl,
      blockedAt: userBlocks.createdAt,
    })
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockedId))
    .where(eq(userBlocks.blockerId, blockerId))
    .orderBy(desc(userBlocks.createdAt), desc(userBlocks.blockedId));
}
