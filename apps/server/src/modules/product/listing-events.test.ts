import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventBus } from '../../events/bus.js';
import { createDurableEvents } from '../../events/durable.js';
import type { DomainEventMap } from '../../events/domain-events.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { createUser } from '../../test/factories.js';
import { createProduct } from '../../test/products.js';
import type { AuthUser } from '../account/session.service.js';
import { createStaffService } from '../staff/staff.service.js';
import { createSupportService } from '../support/support.service.js';
import { createMemoryBudgetStore } from '../../services/rate-budget/index.js';
import { createProductService } from './product.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A real bus recording every listing event, in order. */
function recorder() {
  const said: Array<[string, unknown]> = [];
  const events = createEventBus();
  for (const name of ['product.soldChanged', 'product.visibilityChanged'] as const) {
    events.on(name, (event: DomainEventMap[typeof name]) => void said.push([name, event]));
  }
  // No processors: each recorded event is only told on this bus after its commit.
  const durable = createDurableEvents({
    db: t.app.parts.storage.database.db,
    queue: t.app.parts.queue,
    bus: events,
  });
  return { said, events, durable };
}

describe('listing events', () => {
  it('says when the seller marks a listing sold or available again, and nothing when refused', async () => {
    const [seller, other] = await Promise.all([createUser(t.app), createUser(t.app)]);
    const productId = await createProduct(t.app, seller.id);
    const { said, durable } = recorder();
    const products = createProductService({
      db: t.app.parts.storage.database.db,
      store: t.app.parts.storage.imageStore,
      reverse: () => ({ city: null, state: null, country: null, label: null }),
      maxImages: 5,
      log: { warn: () => undefined },
      durable,
      queue: t.app.parts.queue,
      deals: t.app.parts.listings.deals,
    });
    const asSeller: AuthUser = { id: seller.id, username: seller.username, role: 'user' };
    await products.changeSoldStatus(asSeller, productId, true);
    await products.changeSoldStatus(asSeller, productId, false);
    await expect(
      products.changeSoldStatus({ id: other.id, username: other.username, role: 'user' }, productId, true),
    ).rejects.toThrow();
    expect(said).toEqual([
      ['product.soldChanged', { productId, sellerId: seller.id, isSold: true }],
      ['product.soldChanged', { productId, sellerId: seller.id, isSold: false }],
    ]);
  });

  it('says when staff hide or unhide a listing', async () => {
    const [seller, moderator] = await Promise.all([createUser(t.app), createUser(t.app, { role: 'staff' })]);
    const productId = await createProduct(t.app, seller.id);
    const { said, events, durable } = recorder();
    const db = t.app.parts.storage.database.db;
    const support = createSupportService({
      db,
      productName: 'Rummage',
      events,
      durable,
      budgets: createMemoryBudgetStore(),
      budgetWindow: { max: 1000, windowMs: 60_000 },
    });
    const staff = createStaffService({
      db,
      store: t.app.parts.storage.imageStore,
      support,
      events,
      durable,
    });
    const actor: AuthUser = { id: moderator.id, username: moderator.username, role: 'staff' };
    await staff.hideListing(actor, productId, 'Counterfeit');
    await staff.unhideListing(actor, productId);
    await expect(staff.unhideListing(actor, productId)).rejects.toThrow();
    expect(said).toEqual([
      ['product.visibilityChanged', { productId, sellerId: seller.id, hidden: true }],
      ['product.visibilityChanged', { productId, sellerId: seller.id, hidden: false }],
    ]);
  });
});
