/**
 * Chats whose listing or person is gone (decision 0012): the listing's title and price are copied into its chats
 * before it is deleted, and such a chat is still found by the two people in it.
 */
import { eq, sql } from 'drizzle-orm';
import { conversations } from '../../db/schema.js';
import type { Db } from '../product/product.cards.js';
import { findConversationBetween, type ConversationRow } from './message.repository.js';

/**
 * Copies the title and price of a listing (`{ productId }`) or of all of a seller's listings (`{ sellerId }`)
 * into their chats, so the chats still name them once they are deleted. Call in the deleting transaction.
 */
export async function keepChatsAboutListings(
  db: Db,
  which: { productId: number } | { sellerId: number },
): Promise<void> {
  const match = 'productId' in which ? sql`p.id = ${which.productId}` : sql`p.seller_id = ${which.sellerId}`;
  await db.execute(sql`update conversations
    set product_title = p.title, product_price = p.price, product_sale_deal_id = p.sale_deal_id
    from products p where p.id = conversations.product_id and ${match}`);
}

/** A chat whose listing is gone, between these two people (either may be the buyer). */
export async function findChatAboutGoneListing(
  db: Db,
  productId: number,
  userId: number,
  otherUserId: number,
): Promise<(ConversationRow & { productTitle: string; productPrice: number }) | undefined> {
  const row = await findConversationBetween(db, productId, userId, otherUserId);
  if (!row) return undefined;
  const [kept] = await db
    .select({ title: conversations.productTitle, price: conversations.productPrice })
    .from(conversations)
    .where(eq(conversations.id, row.id));
  return { ...row, productTitle: kept?.title ?? '', productPrice: kept?.price ?? 0 };
}
