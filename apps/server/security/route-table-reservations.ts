import { API } from '@rummage/contract';
import { createUser } from '../src/test/factories.js';
import { createProduct } from '../src/test/products.js';
import { ensureConversation, insertMessage } from '../src/modules/message/message-sending.repository.js';
import { fixed, type RouteCase } from './route-kinds.js';
import { rows } from './world.js';

/** Reserve for a buyer (docs/product.md §12): the owner's listing, held for a fresh buyer who chats about it. */
export const RESERVATION_CASES: Record<string, RouteCase> = {
  'POST /api/Product/reserve': {
    access: 'owner',
    async prepare(w) {
      const productId = await createProduct(w.app, w.owner.user.id);
      const buyer = await createUser(w.app);
      const db = w.app.parts.storage.database.db;
      // A chat with a message in it: an empty one (a too-low offer's) is no chat the seller knows of.
      const chat = await ensureConversation(db, { productId, buyerId: buyer.id, sellerId: w.owner.user.id });
      await insertMessage(db, chat, buyer.id, 'Is it still available?');
      return fixed(
        { method: 'POST', url: API.product.reserve, payload: { productId, buyerId: buyer.id } },
        { state: () => rows.product(w.app, productId) },
      );
    },
  },
  'POST /api/Product/unreserve': {
    access: 'owner',
    async prepare(w) {
      const productId = await createProduct(w.app, w.owner.user.id);
      return fixed(
        { method: 'POST', url: API.product.unreserve, payload: { productId } },
        { state: () => rows.product(w.app, productId) },
      );
    },
  },
};
