/**
 * Held chat messages (docs/product.md §16). A message the safety check finds near-certain spam, from an account
 * younger than a day or without a verified address, is held instead of delivered: the sender is told so, the
 * recipient gets nothing. Staff release it (it becomes a chat message with its original time, and everything a
 * message sets off follows: the hub push, the bell, push and e-mail) or reject it (never delivered; it counts in
 * the sender's report history). Each decision is in the moderation log.
 */
import { messages, safetyWarningOf, type HeldMessage, type SafetyWarningKind } from '@rummage/contract';
import { withTransaction, type Database } from '../../db/client.js';
import type { DurableEvents } from '../../events/durable.js';
import { HttpError } from '../../lib/http-error.js';
import type { SafetyAssessment } from '../../services/safety/index.js';
import { nearCertainSpam } from '../../services/safety/index.js';
import type { AuthUser } from '../account/session.service.js';
import { recordAction } from '../staff/moderation-log.repository.js';
import { hasBlocked } from '../user/block.repository.js';
import { toMessage } from './chat-message.js';
import * as held from './held-messages.repository.js';
import * as sending from './message-sending.repository.js';
import * as repo from './message.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether a message is held: near-certain spam from a sender a day old at most, or with no verified address. */
export function isHeld(
  assessment: SafetyAssessment,
  sender: { createdAt: Date; emailVerifiedAt: Date | null },
  now: Date,
): boolean {
  if (!nearCertainSpam(assessment)) return false;
  return now.getTime() - sender.createdAt.getTime() < DAY_MS || sender.emailVerifiedAt === null;
}

export type HeldMessages = ReturnType<typeof createHeldMessages>;

export function createHeldMessages(options: { db: Database; durable: DurableEvents }) {
  const { db, durable } = options;
  const gone = () => new HttpError(404, messages.staff.heldGone);

  return {
    /** What waits for staff, oldest first. */
    async waiting(): Promise<HeldMessage[]> {
      const rows = await held.waiting(db);
      return rows.map((row) => ({
        id: row.id,
        productId: row.productId,
        productTitle: row.productTitle,
        sender: {
          id: row.senderId,
          username: row.senderName,
          joinedAt: row.senderJoinedAt.toISOString(),
          emailVerified: row.senderVerifiedAt !== null,
        },
        receiver: { id: row.receiverId, username: row.receiverName },
        text: row.body,
        warning: safetyWarningOf(row.safetyWarning as SafetyWarningKind),
        score: row.score,
        createdAt: row.createdAt.toISOString(),
      }));
    },

    /** Delivers a held message as a chat message with its original time. */
    async release(staff: AuthUser, id: number): Promise<void> {
      await durable.transaction(async (tx, record) => {
        const row = await held.lockWaiting(tx, id);
        if (!row) throw gone();
        const listing = await repo.findProduct(tx, row.productId);
        if (!listing) throw gone();
        // What the sender could not send now, staff do not deliver for them (modules/user/reach.ts), nor what a
        // banned scammer left waiting.
        if (await hasBlocked(tx, row.receiverId, row.senderId))
          throw new HttpError(409, messages.staff.heldBlocked);
        if ((await repo.findUser(tx, row.senderId))?.bannedAt)
          throw new HttpError(409, messages.staff.heldSenderBanned);
        // A hidden listing's chats are paused (docs/product.md §2): the message waits until it is shown again.
        if (listing.hiddenAt) throw new HttpError(409, messages.staff.heldListingHidden);
        const pair = { productId: row.productId, buyerId: row.buyerId, sellerId: listing.sellerId };
        const conversationId = await sending.ensureConversation(tx, pair);
        const stored = await sending.insertMessage(
          tx,
          conversationId,
          row.senderId,
          row.body,
          row.safetyWarning,
          row.createdAt,
        );
        await held.decide(tx, id, 'released', new Date(), stored.id);
        await recordAction(tx, {
          actorId: staff.id,
          action: 'release-message',
          targetUserId: row.senderId,
          targetProductId: row.productId,
        });
        const sender = await repo.findUser(tx, row.senderId);
        const line = {
          ...stored,
          senderId: row.senderId,
          userName: sender?.username ?? null,
          body: row.body,
          safetyWarning: row.safetyWarning,
        };
        await record('chat.messageSent', {
          message: toMessage(line, pair, row.senderId),
          receivedByRecipient: toMessage(line, pair, row.receiverId),
          ...pair,
          senderId: row.senderId,
          receiverId: row.receiverId,
        });
      });
    },

    /** A rejected message is never delivered. */
    async reject(staff: AuthUser, id: number): Promise<void> {
      await withTransaction(db, async (tx) => {
        const row = await held.lockWaiting(tx, id);
        if (!row) throw gone();
        await held.decide(tx, id, 'rejected', new Date(), null);
        await recordAction(tx, {
          actorId: staff.id,
          action: 'reject-message',
          targetUserId: row.senderId,
          targetProductId: row.productId,
        });
      });
    },
  };
}
