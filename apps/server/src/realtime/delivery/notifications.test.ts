import { describe, expect, it } from 'vitest';
import { API, HUB_EVENTS, HUBS } from '@rummage/contract';
import { bearer } from '../../test/factories.js';
import { createProduct } from '../../test/products.js';
import { useHubTestApp, type HubPerson } from '../test/hub-app.js';
import { nextPush } from '../test/server.js';
import { until } from '../../test/until.js';
import { createEventBus } from '../../events/bus.js';
import type { HubLookup } from '../hub.js';
import { deliverNotificationCounts } from './notifications.js';

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
      // The changes of one moment may be told together; what the bell says last is what is stored (2 more a round).
      const stored = await centre.unreadCount(seller.id);
      expect(stored).toBe(2 * n);
      await until(`the bell to say ${stored} in round ${n}`, () => told.at(-1) === stored, 5_000);
    }
  });
});

describe('the bell counts of many people at once', () => {
  it('are read in one statement a thousand people, and each person is told once', async () => {
    const events = createEventBus();
    const sent: Array<[number, unknown]> = [];
    const hubs = (() => ({
      clients: {
        user: (userId: number) => ({
          send: async (_event: string, value: unknown) => void sent.push([userId, value]),
        }),
      },
    })) as unknown as HubLookup;
    const asked: number[][] = [];
    deliverNotificationCounts(events, hubs, async (userIds) => {
      asked.push([...userIds]);
      return new Map(userIds.map((userId) => [userId, userId % 7]));
    });
    // A seller's new listing tells 2,500 followers in one go, one of them twice.
    const followers = Array.from({ length: 2_500 }, (_, n) => n + 1);
    await Promise.all(
      [...followers, 1].map((userId) => events.emit('notification.countChanged', { userId, unread: -1 })),
    );
    expect(asked.map((ids) => ids.length)).toEqual([1_000, 1_000, 500]);
    expect(sent).toHaveLength(2_500);
    expect(sent.find(([userId]) => userId === 12)).toEqual([12, 5]);
  });
});
