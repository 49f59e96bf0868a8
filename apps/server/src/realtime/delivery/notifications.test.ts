import { describe, expect, it } from 'vitest';
import { API, HUB_EVENTS, HUBS } from '@rummage/contract';
import { bearer } from '../../test/factories.js';
import { createProduct } from '../../test/products.js';
import { useHubTestApp, type HubPerson } from '../test/hub-app.js';
import { nextPush } from '../test/server.js';
import { until } from '../../test/until.js';

const hub = useHubTestApp();

/** A /generalhub connection after Join, with the notification count Join pushed. */
async function joinGeneral(who: HubPerson) {
  const general = await hub.connect(HUBS.general, who);
  const count = nextPush(general, HUB_EVENTS.notificationsCount);
  await general.invoke('Join', false);
  return { general, count: await count };
}

async function send(from: HubPerson, productId: number, receiverId: number, message: string) {
  const response = await hub.t.app.inject({
    method: 'POST',
    url: API.message.send,
    headers: { ...bearer(from.token), 'content-type': 'application/json' },
    payload: JSON.stringify({ productId, receiverId, message }),
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('receivenotificationscount on /generalhub', () => {
  it('Join sends the count, and every change reaches each of the person’s connections live', async () => {
    const [seller, buyer] = await Promise.all([hub.person(), hub.person()]);
    const productId = await createProduct(hub.t.app, seller.id);
    const phone = await joinGeneral(seller);
    const laptop = await joinGeneral(seller);
    const buyerHub = await joinGeneral(buyer);
    expect([phone.count, laptop.count]).toEqual([0, 0]);

    let counts = [phone, laptop].map(({ general }) => nextPush(general, HUB_EVENTS.notificationsCount));
    await send(buyer, productId, seller.id, 'Is this available?');
    expect(await Promise.all(counts)).toEqual([1, 1]);

    // The second message updates the same entry: the count stays one.
    counts = [phone, laptop].map(({ general }) => nextPush(general, HUB_EVENTS.notificationsCount));
    await send(buyer, productId, seller.id, 'Hello?');
    expect(await Promise.all(counts)).toEqual([1, 1]);

    counts = [nextPush(laptop.general, HUB_EVENTS.notificationsCount)];
    const read = await hub.t.app.inject({
      method: 'POST',
      url: API.notifications.read,
      headers: { ...bearer(seller.token), 'content-type': 'application/json' },
      payload: JSON.stringify({ all: true }),
    });
    expect(read.json()).toEqual({ data: { unread: 0 } });
    expect(await Promise.all(counts)).toEqual([0]);

    // A later Join answers what is stored, and the buyer never heard of the seller's count.
    expect((await joinGeneral(seller)).count).toBe(0);
    let buyerHeard = false;
    buyerHub.general.on(HUB_EVENTS.notificationsCount, () => (buyerHeard = true));
    await send(buyer, productId, seller.id, 'Third');
    await nextPush(phone.general, HUB_EVENTS.notificationsCount);
    expect(buyerHeard).toBe(false);
  });

  it('tells the count as stored once two entries made at the same moment have both committed', async () => {
    const seller = await hub.person();
    const { general } = await joinGeneral(seller);
    const told: number[] = [];
    general.on(HUB_EVENTS.notificationsCount, (unread: number) => void told.push(unread));
    const centre = hub.t.app.parts.notifications.centre;
    // Two processors with different order keys (a like, a chat message) may write one person's entries at once:
    // each transaction counted its own entry and not the other's (on PostgreSQL, 27 of 40 tries told one too few).
    for (let n = 1; n <= 8; n++) {
      const entry = (kind: 'like' | 'message') => ({
        type: kind,
        title: kind,
        body: kind,
        link: '/',
        groupKey: `${kind}:${n}`,
      });
      await Promise.all([
        centre.notifyNow(seller.id, entry('like')),
        centre.notifyNow(seller.id, entry('message')),
      ]);
      await until('both counts', () => told.length === 2 * n);
      expect(told.at(-1), `round ${n}`).toBe(await centre.unreadCount(seller.id));
    }
  });
});
