import { API, apiPath } from '@rummage/contract';
import { createUser } from '../src/test/factories.js';
import { createProduct } from '../src/test/products.js';
import { offers } from '../src/db/schema.js';
import { fixed, get, type RouteCase } from './route-kinds.js';
import type { World } from './world.js';

/** A fresh pending offer by `buyerId` on `productId`, made through the service as the route would. */
async function pendingOffer(w: World, productId: number, buyerId: number): Promise<number> {
  const buyer = { id: buyerId, username: `buyer${buyerId}`, role: 'user' as const };
  const answer = await w.app.parts.listings.offers.make(buyer, productId, 5);
  return answer.data.id;
}

const offerRows = (w: World) => () => w.app.parts.storage.database.db.select().from(offers);

/** An offer made to the owner (their listing), answered by the owner; others are no party to it. */
const answeredByOwner = (path: string, payload?: object): RouteCase => ({
  access: 'owner',
  async prepare(w) {
    const productId = await createProduct(w.app, w.owner.user.id, { price: 50 });
    const buyer = await createUser(w.app);
    const id = await pendingOffer(w, productId, buyer.id);
    return fixed({ method: 'POST', url: apiPath(path, { id }), payload }, { state: offerRows(w) });
  },
});

/** Offers and counter-offers (docs/product.md §18). */
export const OFFER_CASES: Record<string, RouteCase> = {
  'POST /api/Offer': {
    access: 'signed-in',
    prepare: (w) =>
      fixed(
        { method: 'POST', url: API.offer.root, payload: { productId: w.productId, amount: 5 } },
        { expect: { owner: [403] } },
      ),
  },
  'GET /api/Offer': get('signed-in', (w) => `${API.offer.root}?productId=${w.productId}`),
  'POST /api/Offer/{id}/accept': answeredByOwner(API.offer.accept),
  'POST /api/Offer/{id}/decline': answeredByOwner(API.offer.decline),
  'POST /api/Offer/{id}/counter': answeredByOwner(API.offer.counter, { amount: 45 }),
  'POST /api/Offer/{id}/withdraw': {
    access: 'owner',
    async prepare(w) {
      const seller = await createUser(w.app);
      const productId = await createProduct(w.app, seller.id, { price: 50 });
      const id = await pendingOffer(w, productId, w.owner.user.id);
      return fixed({ method: 'POST', url: apiPath(API.offer.withdraw, { id }) }, { state: offerRows(w) });
    },
  },
};
