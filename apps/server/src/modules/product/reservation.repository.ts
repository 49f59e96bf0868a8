/** A listing's hold for one buyer (docs/product.md §12): two columns on products, written only here. */
import { and, eq, gt } from 'drizzle-orm';
import { conversations, products, users } from '../../db/schema.js';
import type { Db } from './product.cards.js';

export interface ReservationTarget {
  sellerId: number;
  isSold: boolean;
  hiddenAt: Date | null;
  sellerBannedAt: Date | null;
  reservedForId: number | null;
  reservedUntil: Date | null;
}

/** The listing locked for the rest of the transaction, with what reserving it depends on. */
export async function lockForReservation(db: Db, id: number): Promise<ReservationTarget | undefined> {
  const [row] = await db
    .select({
      sellerId: products.sellerId,
      isSold: products.isSold,
      hiddenAt: products.hiddenAt,
      sellerBannedAt: users.bannedAt,
      reservedForId: products.reservedForId,
      reservedUntil: products.reservedUntil,
    })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(eq(products.id, id))
    .for('update', { of: products });
  return row;
}

/**
 * Does this person (still an account) have a chat about the listing? Chats outlive accounts (decision 0012), so
 * the join keeps a deleted buyer's chat from counting.
 */
export async function buyerChatsAbout(db: Db, productId: number, buyerId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .innerJoin(users, eq(users.id, conversations.buyerId))
    .where(
      and(
        eq(conversations.productId, productId),
        eq(conversations.buyerId, buyerId),
        // A message in it: an offer below the seller's lowest opens a chat the seller never sees.
        gt(conversations.lastMessageId, 0),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function setReservation(
  db: Db,
  id: number,
  hold: { buyerId: number; until: Date } | null,
): Promise<void> {
  await db
    .update(products)
    .set({ reservedForId: hold?.buyerId ?? null, reservedUntil: hold?.until ?? null })
    .where(eq(products.id, id));
}
