/**
 * What staff decided about chat messages, as labelled examples for the safety classifier (docs/product.md §16):
 * a held message staff rejected, and the messages of an account banned for scam or spam, count as spam; a held
 * message staff delivered counts as honest, and so do a seller's messages about a listing whose reports staff
 * dismissed (they looked at it and found nothing wrong), unless that seller was banned since.
 */
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { chatMessages, conversations, heldMessages, users } from '../../db/schema.js';
import type { LabelledMessage } from '../../services/safety/classifier.js';
import type { Db } from './message.repository.js';

/** The most a retraining reads of each kind, newest first: enough to learn from, bounded in time and memory. */
const LIMIT = 2_000;

/** Ban reasons that say scam or spam ("Scam: asked for codes", "spam bot"). */
const BANNED_FOR_SCAM = sql`${users.bannedAt} is not null and ${users.banReason} ~* '(scam|spam|fraud|phishing)'`;

export async function staffLabelledMessages(db: Db): Promise<LabelledMessage[]> {
  const [decided, banned, cleared] = await Promise.all([
    db
      .select({ text: heldMessages.body, status: heldMessages.status })
      .from(heldMessages)
      .where(and(isNotNull(heldMessages.decidedAt), sql`${heldMessages.status} <> 'held'`))
      .orderBy(desc(heldMessages.decidedAt))
      .limit(LIMIT),
    db
      .select({ text: chatMessages.body })
      .from(chatMessages)
      .innerJoin(users, eq(users.id, chatMessages.senderId))
      .where(BANNED_FOR_SCAM)
      .orderBy(desc(chatMessages.id))
      .limit(LIMIT),
    db
      .select({ text: chatMessages.body })
      .from(chatMessages)
      .innerJoin(conversations, eq(conversations.id, chatMessages.conversationId))
      .innerJoin(users, eq(users.id, chatMessages.senderId))
      .where(
        and(
          eq(chatMessages.senderId, conversations.sellerId),
          sql`${users.bannedAt} is null`,
          sql`exists (select 1 from product_reports r
            where r.product_id = ${conversations.productId} and r.status = 'dismissed')`,
        ),
      )
      .orderBy(desc(chatMessages.id))
      .limit(LIMIT),
  ]);
  return [
    ...decided.map((row) => ({ text: row.text, spam: row.status === 'rejected' })),
    ...banned.map((row) => ({ text: row.text, spam: true })),
    ...cleared.map((row) => ({ text: row.text, spam: false })),
  ];
}
