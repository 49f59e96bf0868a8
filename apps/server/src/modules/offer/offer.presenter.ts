import type { Offer } from '@rummage/contract';
import { offerStatusAt } from '../message/chat-message.js';
import type { OfferRow } from './offer.repository.js';

/** An offer as its two people read it at `at`: an open one past its end reads as expired before its job runs. */
export function presentOffer(row: OfferRow, at: Date): Offer {
  return {
    id: row.id,
    productId: row.productId,
    buyerId: row.buyerId,
    sellerId: row.sellerId,
    fromUserId: row.fromUserId,
    amount: row.amount,
    status: offerStatusAt(row, at),
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}
