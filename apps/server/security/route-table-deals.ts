import { eq } from 'drizzle-orm';
import { API, apiPath } from '@rummage/contract';
import { deals, reviews } from '../src/db/schema.js';
import { createUser } from '../src/test/factories.js';
import { createProduct } from '../src/test/products.js';
import { chatApi } from '../src/modules/message/chat.fixtures.js';
import { fixed, get, type RouteCase } from './route-kinds.js';
import type { World } from './world.js';

const asUser = (id: number) => ({ id, username: `person${id}`, role: 'user' as const });

/** A fresh listing sold to `buyerId` after a chat about it: the deal's id. */
async function dealWith(w: World, sellerId: number, buyerId: number): Promise<number> {
  const productId = await createProduct(w.app, sellerId, { price: 40 });
  await chatApi(w.app).sent(await w.session(buyerId), productId, sellerId, 'Still there?');
  const { dealId } = await w.app.parts.listings.products.changeSoldStatus(
    asUser(sellerId),
    productId,
    true,
    buyerId,
  );
  return dealId!;
}

/** A published rating of `subjectId` (as buyer) by a fresh seller, both sides having rated. */
async function publishedReview(w: World, subjectId: number, authorId?: number): Promise<number> {
  const sellerId = authorId ?? (await createUser(w.app)).id;
  const dealId = await dealWith(w, sellerId, subjectId);
  const { reviews: ratings } = w.app.parts.listings;
  const { data } = await ratings.rate(asUser(sellerId), { dealId, stars: 4, text: 'Came on time.' });
  await ratings.rate(asUser(subjectId), { dealId, stars: 5, text: '' });
  return data.id;
}

const reviewRow = (w: World, id: number) => () =>
  w.app.parts.storage.database.db.select().from(reviews).where(eq(reviews.id, id));

/** Deals (docs/product.md §19) and their ratings (§20). */
export const DEAL_CASES: Record<string, RouteCase> = {
  'GET /api/Deal': get('signed-in', () => API.deal.root),
  'GET /api/Deal/buyers': {
    access: 'owner',
    async prepare(w) {
      const productId = await createProduct(w.app, w.owner.user.id);
      const buyer = await createUser(w.app);
      await chatApi(w.app).sent(await w.session(buyer.id), productId, w.owner.user.id, 'Still there?');
      return fixed({ method: 'GET', url: `${API.deal.buyers}?productId=${productId}` });
    },
  },
  'POST /api/Deal/{id}/dispute': {
    access: 'owner',
    async prepare(w) {
      const seller = await createUser(w.app);
      const id = await dealWith(w, seller.id, w.owner.user.id);
      return fixed(
        { method: 'POST', url: apiPath(API.deal.dispute, { id }) },
        { state: () => w.app.parts.storage.database.db.select().from(deals).where(eq(deals.id, id)) },
      );
    },
  },
  'POST /api/Review': {
    access: 'owner',
    async prepare(w) {
      const seller = await createUser(w.app);
      const dealId = await dealWith(w, seller.id, w.owner.user.id);
      return fixed(
        { method: 'POST', url: API.review.root, payload: { dealId, stars: 5, text: 'Friendly.' } },
        {
          state: () =>
            w.app.parts.storage.database.db.select().from(reviews).where(eq(reviews.dealId, dealId)),
        },
      );
    },
  },
  'GET /api/Review/user/{userId}': get('public', (w) =>
    apiPath(API.review.byUser, { userId: w.owner.user.id }),
  ),
  'GET /api/Review/user/{userId}/reputation': get('public', (w) =>
    apiPath(API.review.reputation, { userId: w.owner.user.id }),
  ),
  'POST /api/Review/{id}/reply': {
    access: 'owner',
    async prepare(w) {
      const id = await publishedReview(w, w.owner.user.id);
      return fixed(
        { method: 'POST', url: apiPath(API.review.reply, { id }), payload: { text: 'Thanks!' } },
        { state: reviewRow(w, id) },
      );
    },
  },
  'POST /api/Review/{id}/report': {
    access: 'signed-in',
    async prepare(w) {
      const subject = await createUser(w.app);
      const id = await publishedReview(w, subject.id);
      return fixed({ method: 'POST', url: apiPath(API.review.report, { id }), payload: { reason: 'Rude' } });
    },
  },
  'POST /api/Staff/reviews/{id}/remove': {
    access: 'staff',
    async prepare(w) {
      const subject = await createUser(w.app);
      const id = await publishedReview(w, subject.id);
      return fixed(
        { method: 'POST', url: apiPath(API.staff.removeReview, { id }), payload: { reason: 'Insults' } },
        { state: reviewRow(w, id) },
      );
    },
  },
};
