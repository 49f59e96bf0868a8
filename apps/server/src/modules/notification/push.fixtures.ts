/** Test helpers for Web Push: a real chat message, which the notification centre turns into an entry. */
import type { FastifyInstance } from 'fastify';
import { fillText, messages, ROUTES } from '@rummage/contract';
import type { TestUser } from '../../test/factories.js';
import { createProduct } from '../../test/products.js';
import { ageAccount, chatApi } from '../message/chat.fixtures.js';

export interface Person extends TestUser {
  token: string;
}

/**
 * Each app's listing per receiver. Per app: test files share a worker's modules (`isolate: false`), and a user id
 * of one file's database names someone else in the next file's, whose listing does not exist there.
 */
const listingsOf = new WeakMap<FastifyInstance, Map<number, number>>();

/**
 * `from` writes to `to` about a listing of `to`'s (made on first use) through POST /api/Message/send. Answers the
 * title and link the receiver's notification, and so its push, carries.
 */
export async function messageTo(
  app: FastifyInstance,
  from: Person,
  to: Person,
  text: string,
): Promise<{ title: string; link: string }> {
  const listingOf = listingsOf.get(app) ?? new Map<number, number>();
  listingsOf.set(app, listingOf);
  let productId = listingOf.get(to.id);
  if (productId === undefined) {
    productId = await createProduct(app, to.id);
    listingOf.set(to.id, productId);
    // New accounts may start only a few chats an hour.
    await ageAccount(app, from.id);
  }
  await chatApi(app).sent(from.token, productId, to.id, text);
  return {
    title: fillText(messages.notifications.messageTitle, { name: from.username }),
    link: ROUTES.chat(from.id, productId),
  };
}
