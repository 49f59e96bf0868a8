import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { heldMessages, products, users } from '../../db/schema.js';
import type { Db } from './message.repository.js';

export type NewHeldMessage = typeof heldMessages.$inferInsert;

export async function insertHeld(db: Db, row: NewHeldMessage): Promise<{ id: number; createdAt: Date }> {
  const [held] = await db
    .insert(heldMessages)
    .values(row)
    .returning({ id: heldMessages.id, createdAt: heldMessages.createdAt });
  if (!held) throw new Error('insert into held_messages returned no row');
  return held;
}

/** The held message, row locked, if it is still waiting: two staff members acting at once act once. */
export async function lockWaiting(db: Db, id: number) {
  const [row] = await db
    .select()
    .from(heldMessages)
    .where(and(eq(heldMessages.id, id), eq(heldMessages.status, 'held')))
    .for('update');
  return row;
}

export async function decide(
  db: Db,
  id: number,
  status: 'released' | 'rejected',
  now: Date,
  messageId: number | null,
): Promise<void> {
  await db.update(heldMessages).set({ status, decidedAt: now, messageId }).where(eq(heldMessages.id, id));
}

const sender = alias(users, 'sender');
const receiver = alias(users, 'receiver');

/** Everything waiting for staff, oldest first, with who wrote to whom about what. */
export function waiting(db: Db) {
  return db
    .select({
      id: heldMessages.id,
      productId: heldMessages.productId,
      productTitle: products.title,
      senderId: sender.id,
      senderName: sender.username,
      senderJoinedAt: sender.createdAt,
      senderVerifiedAt: sender.emailVerifiedAt,
      receiverId: receiver.id,
      receiverName: receiver.username,
      body: heldMessages.body,
      safetyWarning: heldMessages.safetyWarning,
      score: heldMessages.score,
      createdAt: heldMessages.createdAt,
    })
    .from(heldMessages)
    .innerJoin(sender, eq(sender.id, heldMessages.senderId))
    .innerJoin(receiver, eq(receiver.id, heldMessages.receiverId))
    .leftJoin(products, eq(products.id, heldMessages.productId))
    .where(eq(heldMessages.status, 'held'))
    .orderBy(asc(heldMessages.createdAt), asc(heldMessages.id))
    .limit(200);
}

/** The sender's own messages still waiting in one chat, oldest first (their history shows them). */
export function waitingFromSender(db: Db, productId: number, buyerId: number, senderId: number) {
  return db
    .select({
      id: heldMessages.id,
      body: heldMessages.body,
      createdAt: heldMessages.createdAt,
    })
    .from(heldMessages)
    .where(
      and(
        eq(heldMessages.productId, productId),
        eq(heldMessages.buyerId, buyerId),
        eq(heldMessages.senderId, senderId),
        eq(heldMessages.status, 'held'),
      ),
    )
    .orderBy(asc(heldMessages.id));
}

/** How many of a person's messages staff rejected: part of their report history in the console. */
export async function rejectedCount(db: Db, senderId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(heldMessages)
    .where(and(eq(heldMessages.senderId, senderId), eq(heldMessages.status, 'rejected')));
  return Number(row?.n ?? 0);
}
