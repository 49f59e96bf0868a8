import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Locale } from '@rummage/contract';
import type { Database } from './client.js';
import { deals, products, reviews, users } from './schema.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** REVIEW_DAYS' default: the demo's ratings are given within it, and published at once since both sides rated. */
const RATING_DAYS = 14;

/**
 * Handovers between demo people, each of an item the seller sold, with both ratings published, so alice's and bob's
 * profiles and seller cards show stars, counts and deals done on a fresh start (docs/product.md §19, §20).
 * `byBuyer` is the buyer's rating of the seller, `bySeller` the seller's of the buyer.
 */
type Rating = readonly [stars: number, text: string];

export const DEMO_DEALS: ReadonlyArray<{ seller: string; buyer: string; byBuyer: Rating; bySeller: Rating }> =
  [
    {
      seller: 'alice',
      buyer: 'bob',
      byBuyer: [5, 'Exactly as described, and she waited when my bus was late.'],
      bySeller: [5, 'Quick, friendly and on time.'],
    },
    {
      seller: 'alice',
      buyer: 'demo',
      byBuyer: [4, 'Good item; one scuff she had not mentioned, but she said so as soon as she saw it.'],
      bySeller: [5, ''],
    },
    {
      seller: 'bob',
      buyer: 'alice',
      byBuyer: [5, 'Packed everything carefully and showed me it worked.'],
      bySeller: [4, 'Friendly, a little late.'],
    },
    {
      seller: 'bob',
      buyer: 'demo',
      byBuyer: [4, 'Easy handover and quick answers; one part was more worn than the photos showed.'],
      bySeller: [5, 'Came on time with exact change.'],
    },
  ];

/** The ratings' texts in the other languages, in DEMO_DEALS' order: each deal's buyer's, then its seller's. */
const RATING_TEXTS: Readonly<Record<Exclude<Locale, 'en'>, readonly string[]>> = {
  de: [
    'Genau wie beschrieben, und sie hat gewartet, als mein Bus Verspätung hatte.',
    'Schnell, freundlich und pünktlich.',
    'Guter Artikel; eine Macke hatte sie nicht erwähnt, hat es aber gleich gesagt, als sie sie sah.',
    '',
    'Alles sorgfältig verpackt und mir gezeigt, dass es funktioniert.',
    'Freundlich, etwas spät.',
    'Einfache Übergabe und schnelle Antworten; ein Teil war abgenutzter, als die Fotos zeigten.',
    'Pünktlich und mit passendem Geld.',
  ],
  es: [
    'Tal como se describía, y me esperó cuando mi autobús llegó tarde.',
    'Rápido, amable y puntual.',
    'Buen artículo; tenía un arañazo que no había mencionado, pero lo dijo en cuanto lo vio.',
    '',
    'Lo embaló todo con cuidado y me enseñó que funcionaba.',
    'Amable, llegó un poco tarde.',
    'Entrega fácil y respuestas rápidas; una pieza estaba más gastada de lo que mostraban las fotos.',
    'Llegó puntual y con el importe exacto.',
  ],
};

/** The demo's deals with their ratings written in the installation's language. */
export function demoDeals(language: Locale): typeof DEMO_DEALS {
  if (language === 'en') return DEMO_DEALS;
  const texts = RATING_TEXTS[language];
  return DEMO_DEALS.map((deal, index) => ({
    ...deal,
    byBuyer: [deal.byBuyer[0], texts[index * 2]!] as const,
    bySeller: [deal.bySeller[0], texts[index * 2 + 1]!] as const,
  }));
}

/**
 * Called right after the demo listings were created (fresh installation only). Each deal takes the seller's next
 * sold listing, oldest sale first; a deal whose people or listing are missing is skipped.
 */
export async function seedDemoDeals(db: Database, language: Locale = 'en'): Promise<number> {
  const planned = demoDeals(language);
  const names = [...new Set(planned.flatMap((deal) => [deal.seller, deal.buyer]))];
  const people = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, names));
  const ids = new Map(people.map((row) => [row.username, row.id]));
  const sold = await db
    .select({
      id: products.id,
      sellerId: products.sellerId,
      title: products.title,
      price: products.price,
      soldAt: products.soldAt,
    })
    .from(products)
    .where(
      and(
        inArray(products.sellerId, [...ids.values()]),
        eq(products.isSold, true),
        isNotNull(products.soldAt),
      ),
    )
    .orderBy(asc(products.soldAt), asc(products.id));
  let made = 0;
  for (const deal of planned) {
    const sellerId = ids.get(deal.seller);
    const buyerId = ids.get(deal.buyer);
    const index = sold.findIndex((item) => item.sellerId === sellerId);
    if (sellerId === undefined || buyerId === undefined || index < 0) continue;
    const [item] = sold.splice(index, 1);
    const soldAt = item!.soldAt!;
    // Straight into the tables, as the other seeds do: db/ sits below the deal module's repositories.
    const [row] = await db
      .insert(deals)
      .values({
        productId: item!.id,
        sellerId,
        buyerId,
        title: item!.title,
        price: item!.price,
        soldAt,
        rateUntil: new Date(soldAt.getTime() + RATING_DAYS * DAY_MS),
      })
      .returning({ id: deals.id });
    await db.update(products).set({ saleDealId: row!.id }).where(eq(products.id, item!.id));
    // Both sides rated the day after: published together at the second rating, as POST /api/Review does.
    const ratedAt = new Date(soldAt.getTime() + DAY_MS);
    const rating = (
      authorId: number,
      subjectId: number,
      role: 'seller' | 'buyer',
      [stars, text]: Rating,
    ) => ({
      dealId: row!.id,
      authorId,
      subjectId,
      role,
      stars,
      text,
      createdAt: ratedAt,
      publishedAt: ratedAt,
    });
    await db
      .insert(reviews)
      .values([
        rating(buyerId, sellerId, 'seller', deal.byBuyer),
        rating(sellerId, buyerId, 'buyer', deal.bySeller),
      ]);
    made += 1;
  }
  return made;
}
