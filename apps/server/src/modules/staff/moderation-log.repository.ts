import { desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ModerationAction } from '@rummage/contract';
import { moderationLog, products, users } from '../../db/schema.js';
import type { Db } from '../product/product.cards.js';

export interface ModerationEntry {
  /** Null only for actions nobody signed in made (the admin command, the start-up bootstrap). */
  actorId: number | null;
  action: ModerationAction;
  targetUserId?: number | null;
  targetProductId?: number | null;
  targetTicketId?: number | null;
  reason?: string | null;
}

/** Call inside the transaction of the action itself, so an action and its record commit or fail together. */
export async function recordAction(db: Db, entry: ModerationEntry): Promise<void> {
  await db.insert(moderationLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetUserId: entry.targetUserId ?? null,
    targetProductId: entry.targetProductId ?? null,
    targetTicketId: entry.targetTicketId ?? null,
    reason: entry.reason ?? null,
  });
}

const actor = alias(users, 'actor');
const target = alias(users, 'target');

/** Newest first. */
export async function moderationLogPage(db: Db, page: number, pageSize: number) {
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: moderationLog.id,
        action: moderationLog.action,
        actorId: actor.id,
        actorName: actor.username,
        targetUserId: target.id,
        targetUserName: target.username,
        targetProductId: products.id,
        targetProductTitle: products.title,
        targetTicketId: moderationLog.targetTicketId,
        reason: moderationLog.reason,
        createdAt: moderationLog.createdAt,
      })
      .from(moderationLog)
      .leftJoin(actor, eq(actor.id, moderationLog.actorId))
      .leftJoin(target, eq(target.id, moderationLog.targetUserId))
      .leftJoin(products, eq(products.id, moderationLog.targetProductId))
      .orderBy(desc(moderationLog.createdAt), desc(moderationLog.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(moderationLog),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}
