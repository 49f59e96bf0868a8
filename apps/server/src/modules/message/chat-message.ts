import {
  messages,
  safetyWarningOf,
  type ChatMessage,
  type OfferStatus,
  type SafetyWarningKind,
} from '@rummage/contract';
import type * as repo from './message.repository.js';

const C = messages.chat;

/** What an offer's status reads as at `at`: a pending one past its time is expired, even before its job ran. */
export function offerStatusAt(
  offer: { status: OfferStatus; expiresAt: Date },
  at: Date = new Date(),
): OfferStatus {
  return offer.status === 'pending' && offer.expiresAt.getTime() <= at.getTime() ? 'expired' : offer.status;
}

/** A message as `viewerId` reads it: only its recipient reads its safety warning, never its sender. */
export function toMessage(
  row: repo.MessageRow,
  pair: { productId: number; buyerId: number; sellerId: number },
  viewerId: number,
): ChatMessage {
  const time = row.createdAt.toISOString();
  return {
    id: row.id,
    productId: pair.productId,
    userId: row.senderId,
    senderId: row.senderId,
    receiverId: row.senderId === pair.buyerId ? pair.sellerId : pair.buyerId,
    userName: row.userName ?? C.deletedUser,
    message: row.body,
    messageContent: row.body,
    text: row.body,
    timestamp: time,
    time,
    safetyWarning:
      row.safetyWarning !== null && viewerId !== row.senderId
        ? safetyWarningOf(row.safetyWarning as SafetyWarningKind)
        : null,
    offer: row.offer
      ? { id: row.offer.id, amount: row.offer.amount, status: offerStatusAt(row.offer) }
      : null,
  };
}
