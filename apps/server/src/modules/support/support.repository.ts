import { and, asc, desc, eq, gt, inArray, isNull, ne, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { supportMessages, supportTickets, users } from '../../db/schema.js';
import type { Db } from '../product/product.cards.js';

export type { Db };
export type TicketSubject = (typeof supportTickets.$inferSelect)['subject'];
export type TicketStatus = (typeof supportTickets.$inferSelect)['status'];
/** Which side of a ticket a message or a read position belongs to. */
export type Side = 'user' | 'staff';

/** A ticket's history answers at most this many messages (the newest); a support chat never gets near it. */
export const HISTORY_LIMIT = 1000;

const closer = alias(users, 'closer');

/** The columns every ticket answer is made from: the ticket, its owner and its first message. */
export const ticketColumns = {
  id: supportTickets.id,
  userId: supportTickets.userId,
  username: users.username,
  subject: supportTickets.subject,
  status: supportTickets.status,
  lastMessageId: supportTickets.lastMessageId,
  lastMessageAt: supportTickets.lastMessageAt,
  userLastReadId: supportTickets.userLastReadId,
  staffLastReadId: supportTickets.staffLastReadId,
  createdAt: supportTickets.createdAt,
  updatedAt: supportTickets.updatedAt,
  closedAt: supportTickets.closedAt,
  closedBy: closer.username,
  // The outer query never reads support_messages itself, so the subquery's unaliased table is unambiguous.
  message: sql<string>`coalesce((select ${supportMessages.body} from ${supportMessages}
    where ${supportMessages.ticketId} = ${supportTickets.id} order by ${supportMessages.id} limit 1), '')`,
};

export function selectTickets(db: Db) {
  return db
    .select(ticketColumns)
    .from(supportTickets)
    .innerJoin(users, eq(users.id, supportTickets.userId))
    .leftJoin(closer, eq(closer.id, supportTickets.closedBy));
}
export type TicketRow = Awaited<ReturnType<typeof selectTickets>>[number];

export async function findTicket(db: Db, id: number): Promise<TicketRow | undefined> {
  const [row] = await selectTickets(db).where(eq(supportTickets.id, id)).limit(1);
  return row;
}

export async function findOpenTicketOf(db: Db, userId: number): Promise<TicketRow | undefined> {
  const [row] = await selectTickets(db)
    .where(and(eq(supportTickets.userId, userId), eq(supportTickets.status, 'open')))
    .limit(1);
  return row;
}

/** A user's tickets, newest first (the staff view of a person). */
export function ticketsOf(db: Db, userId: number, limit: number): Promise<TicketRow[]> {
  return selectTickets(db)
    .where(eq(supportTickets.userId, userId))
    .orderBy(desc(supportTickets.createdAt), desc(supportTickets.id))
    .limit(limit);
}

export interface LockedTicket {
  id: number;
  userId: number;
  status: TicketStatus;
}

/** Locks the ticket for the rest of the transaction: messages, reads and status changes of one ticket queue up. */
export async function lockTicket(db: Db, id: number): Promise<LockedTicket | undefined> {
  const [row] = await db
    .select({ id: supportTickets.id, userId: supportTickets.userId, status: supportTickets.status })
    .from(supportTickets)
    .where(eq(supportTickets.id, id))
    .for('update');
  return row;
}

/**
 * Opens a ticket unless the user already has an open one (the partial unique index decides, so two
 * simultaneous submits cannot both succeed). Answers the new id, or undefined when one was already open.
 */
export async function insertTicket(
  db: Db,
  userId: number,
  subject: TicketSubject,
): Promise<number | undefined> {
  const [row] = await db
    .insert(supportTickets)
    .values({ userId, subject })
    .onConflictDoNothing({ target: supportTickets.userId, where: sql`${supportTickets.status} = 'open'` })
    .returning({ id: supportTickets.id });
  return row?.id;
}

export interface MessageRow {
  id: number;
  ticketId: number;
  sentByUser: boolean;
  body: string;
  createdAt: Date;
}

const messageColumns = {
  id: supportMessages.id,
  ticketId: supportMessages.ticketId,
  sentByUser: supportMessages.sentByUser,
  body: supportMessages.body,
  createdAt: supportMessages.createdAt,
};

/**
 * Stores a message and moves the ticket on: its last message, its time, and the sender's own read position
 * (whoever writes has seen the conversation up to their own words).
 */
export async function insertMessage(
  db: Db,
  message: { ticketId: number; senderId: number; side: Side; body: string },
): Promise<MessageRow> {
  const [row] = await db
    .insert(supportMessages)
    .values({
      ticketId: message.ticketId,
      senderId: message.senderId,
      sentByUser: message.side === 'user',
      body: message.body,
    })
    .returning(messageColumns);
  if (!row) throw new Error('insert into support_messages returned no row');
  const readPosition = message.side === 'user' ? { userLastReadId: row.id } : { staffLastReadId: row.id };
  await db
    .update(supportTickets)
    .set({ lastMessageId: row.id, lastMessageAt: row.createdAt, updatedAt: row.createdAt, ...readPosition })
    .where(eq(supportTickets.id, message.ticketId));
  return row;
}

/** The owner's messages of the last minute that no staff message has followed yet. */
export async function countUnansweredLastMinute(db: Db, ticketId: number): Promise<number> {
  const answer = alias(supportMessages, 'answer');
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(supportMessages)
    .where(
      and(
        eq(supportMessages.ticketId, ticketId),
        eq(supportMessages.sentByUser, true),
        gt(supportMessages.createdAt, sql`now() - interval '1 minute'`),
        notExists(
          db
            .select({ one: sql`1` })
            .from(answer)
            .where(
              and(
                eq(answer.ticketId, ticketId),
                eq(answer.sentByUser, false),
                gt(answer.id, supportMessages.id),
              ),
            ),
        ),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Oldest first; the newest HISTORY_LIMIT when a ticket ever grows beyond it. */
export async function messagesOf(db: Db, ticketId: number): Promise<MessageRow[]> {
  const rows = await db
    .select(messageColumns)
    .from(supportMessages)
    .where(eq(supportMessages.ticketId, ticketId))
    .orderBy(desc(supportMessages.id))
    .limit(HISTORY_LIMIT);
  return rows.reverse();
}

/** Never moves backwards: a late "read" must not make newer messages unread again. */
export async function markRead(db: Db, ticketId: number, side: Side): Promise<void> {
  const set =
    side === 'user'
      ? { userLastReadId: sql`greatest(${supportTickets.userLastReadId}, ${supportTickets.lastMessageId})` }
      : {
          staffLastReadId: sql`greatest(${supportTickets.staffLastReadId}, ${supportTickets.lastMessageId})`,
        };
  await db.update(supportTickets).set(set).where(eq(supportTickets.id, ticketId));
}

export async function setStatus(
  db: Db,
  ticketId: number,
  change: { status: 'closed'; by: number } | { status: 'open' },
): Promise<void> {
  await db
    .update(supportTickets)
    .set(
      change.status === 'closed'
        ? { status: 'closed', closedAt: sql`now()`, closedBy: change.by, updatedAt: sql`now()` }
        : { status: 'open', closedAt: null, closedBy: null, updatedAt: sql`now()` },
    )
    .where(eq(supportTickets.id, ticketId));
}

/** Staff answers in the user's open ticket that the user has not read. */
export async function countUserUnread(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(supportMessages)
    .innerJoin(supportTickets, eq(supportTickets.id, supportMessages.ticketId))
    .where(
      and(
        eq(supportTickets.userId, userId),
        eq(supportTickets.status, 'open'),
        eq(supportMessages.sentByUser, false),
        gt(supportMessages.id, supportTickets.userLastReadId),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Open tickets (other than the staff member's own) with user messages no staff member has read. */
export async function countStaffUnread(db: Db, staffId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(supportTickets)
    .where(
      and(
        eq(supportTickets.status, 'open'),
        ne(supportTickets.userId, staffId),
        sql`exists (select 1 from ${supportMessages} where ${supportMessages.ticketId} = ${supportTickets.id}
          and ${supportMessages.sentByUser} and ${supportMessages.id} > ${supportTickets.staffLastReadId})`,
      ),
    );
  return Number(row?.n ?? 0);
}

export async function findUserRole(
  db: Db,
  userId: number,
): Promise<{ id: number; role: 'user' | 'staff' | 'admin'; bannedAt: Date | null } | undefined> {
  const [row] = await db
    .select({ id: users.id, role: users.role, bannedAt: users.bannedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** Everyone who answers tickets right now (staff and admins who are not banned). */
export async function staffIds(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.role, ['staff', 'admin']), isNull(users.bannedAt)))
    .orderBy(asc(users.id));
  return rows.map((row) => row.id);
}
