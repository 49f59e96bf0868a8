/** Deals (docs/product.md §19): the `deals` table, written only here. */
import { and, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { conversations, deals, products, reviews, users } from '../../db/schema.js';
import type { Db } from '../product/product.cards.js';

export type DealRow = typeof deals.$inferSelect;

/**
 * An accepted offer `o` agrees a price only until the listing is available again after a sale (docs/product.md
 * §18): one accepted before that agreed on the sale that ended.
 */
const agreedSinceRelisted = (productId: number) =>
  sql`o.answered_at > coalesce((select p.relisted_at from products p where p.id = ${productId}), '-infinity')`;

/** What a sale to this buyer records: the listing's title, and the price agreed in an accepted offer, else its own. */
export async function saleTerms(
  db: Db,
  productId: number,
  buyerId: number,
): Promise<{ title: string; price: number } | undefined> {
  const [row] = await db
    .select({
      title: products.title,
      price: products.price,
      // Plain names: drizzle leaves columns of a one-table select unqualified, which a subquery would misread.
      agreed: sql<string | null>`(
        select o.amount from offers o
        where o.product_id = ${productId} and o.buyer_id = ${buyerId} and o.status = 'accepted'
          and ${agreedSinceRelisted(productId)}
        order by o.answered_at desc nulls last, o.id desc limit 1)`,
    })
    .from(products)
    .where(eq(products.id, productId));
  if (!row) return undefined;
  return { title: row.title, price: row.agreed === null ? row.price : Number(row.agreed) };
}

/**
 * The amount two people agreed on in an accepted offer about a listing, while the agreement stands: the listing is
 * held for the buyer (`heldForBuyer`: the offer's amount), or its present sale recorded a deal with them that was
 * not called off (the deal's price, which the offer set), which a deleted listing's chat still shows. Null
 * otherwise, for a sale at the asking price with no offer, and for an earlier sale's deal once the listing was
 * available again and sold on.
 */
export async function standingAgreement(
  db: Db,
  productId: number,
  buyerId: number,
  heldForBuyer: boolean,
): Promise<number | null> {
  const accepted = sql`select o.amount from offers o
    where o.product_id = ${productId} and o.buyer_id = ${buyerId} and o.status = 'accepted'
      and ${agreedSinceRelisted(productId)}`;
  const result = await db.execute(
    heldForBuyer
      ? sql`${accepted} order by o.answered_at desc nulls last, o.id desc limit 1`
      : sql`
    select d.price as amount from deals d
    where d.id = coalesce(
        (select p.sale_deal_id from products p where p.id = ${productId}),
        -- A deleted listing: its chats kept the deal its last sale recorded.
        (select c.product_sale_deal_id from conversations c
         where c.product_id = ${productId} and c.buyer_id = ${buyerId}
           and not exists (select 1 from products p where p.id = ${productId})))
      and d.buyer_id = ${buyerId} and d.status = 'completed' and exists (${accepted})`,
  );
  const row = (result as unknown as { rows: Array<{ amount: string | number }> }).rows[0];
  return row === undefined ? null : Number(row.amount);
}

export async function insertDeal(db: Db, deal: typeof deals.$inferInsert): Promise<DealRow> {
  const [row] = await db.insert(deals).values(deal).returning();
  return row!;
}

export async function lockDeal(db: Db, id: number): Promise<DealRow | undefined> {
  const [row] = await db.select().from(deals).where(eq(deals.id, id)).for('update');
  return row;
}

/** The deal the listing's present sale recorded, locked: marking it available again ends what it agreed. */
export async function lockSaleDeal(db: Db, productId: number): Promise<DealRow | undefined> {
  const [row] = await db
    .select({ deal: deals })
    .from(deals)
    .innerJoin(products, eq(products.saleDealId, deals.id))
    .where(eq(products.id, productId))
    .for('update', { of: deals });
  return row?.deal;
}

/** Calls the deal off; its ratings go with it (a deal that did not happen is rated by nobody). */
export async function voidDeal(db: Db, id: number, at: Date): Promise<DealRow> {
  await db.delete(reviews).where(eq(reviews.dealId, id));
  const [row] = await db
    .update(deals)
    .set({ status: 'void', voidedAt: at })
    .where(eq(deals.id, id))
    .returning();
  return row!;
}

/** The person's deals as seller and as buyer, newest first: the latest `limit` (null: every one, for the export). */
export async function dealsOf(db: Db, userId: number, limit: number | null = 500): Promise<DealRow[]> {
  const query = db
    .select()
    .from(deals)
    .where(or(eq(deals.sellerId, userId), eq(deals.buyerId, userId)))
    .orderBy(desc(deals.soldAt), desc(deals.id))
    .$dynamic();
  return limit === null ? query : query.limit(limit);
}

/** The other sides' names (absent once an account is gone) and the person's own ratings of these deals. */
export async function sidesOf(db: Db, userId: number, rows: readonly DealRow[]) {
  const others = [...new Set(rows.map((row) => (row.sellerId === userId ? row.buyerId : row.sellerId)))];
  const ids = rows.map((row) => row.id);
  const [names, own] = await Promise.all([
    others.length === 0
      ? []
      : db.select({ id: users.id, userName: users.username }).from(users).where(inArray(users.id, others)),
    ids.length === 0
      ? []
      : db
          .select()
          .from(reviews)
          .where(and(inArray(reviews.dealId, ids), eq(reviews.authorId, userId))),
  ]);
  return {
    names: new Map(names.map((row) => [row.id, row.userName])),
    own: new Map(own.map((row) => [row.dealId, row])),
  };
}

/** Who sells the listing, and whether staff hide it: what decides who may be sold to. */
export async function saleListing(
  db: Db,
  productId: number,
): Promise<{ sellerId: number; hiddenAt: Date | null } | undefined> {
  const [row] = await db
    .select({ sellerId: products.sellerId, hiddenAt: products.hiddenAt })
    .from(products)
    .where(eq(products.id, productId));
  return row;
}

/**
 * The people (still accounts) who chatted about the listing: the buyer it is held for while the hold lasts first,
 * then the latest chat first.
 */
export async function buyersOf(db: Db, productId: number, at: Date) {
  return (
    db
      .select({ id: users.id, userName: users.username })
      .from(conversations)
      .innerJoin(users, eq(users.id, conversations.buyerId))
      .innerJoin(products, eq(products.id, conversations.productId))
      // Chats with a message in them, as the inbox lists (an offer below the seller's lowest opens an empty one).
      .where(and(eq(conversations.productId, productId), gt(conversations.lastMessageId, 0)))
      .orderBy(
        sql`(${products.reservedForId} = ${conversations.buyerId} and ${products.reservedUntil} > ${at}) desc nulls last`,
        desc(conversations.lastMessageAt),
        desc(conversations.id),
      )
      .limit(200)
  );
}
