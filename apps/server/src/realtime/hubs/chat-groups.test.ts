import { describe, expect, it } from 'vitest';
import { API, HUB_EVENTS, HUBS, messages, type ChatMessage } from '@rummage/contract';
import { bearer } from '../../test/factories.js';
import { createProduct } from '../../test/products.js';
import { contractViolation } from '../test/contract.js';
import { useHubTestApp, type HubPerson } from '../test/hub-app.js';
import type { HubConnection } from '../test/server.js';

const hub = useHubTestApp();
const { person, connect } = hub;

/** A /chathub connection (one browser tab) recording every chat push it gets, in order. */
async function tab(who: HubPerson, chat?: { otherId: number; productId: number }) {
  const connection = await connect(HUBS.chat, who);
  const pushes: Array<[string, unknown]> = [];
  for (const event of [HUB_EVENTS.receiveMessage, HUB_EVENTS.messageError]) {
    connection.on(event, (payload: unknown) => pushes.push([event, payload]));
  }
  if (chat) await connection.invoke('JoinChat', chat.otherId, chat.productId);
  return { connection, pushes, texts: () => pushes.map(([, payload]) => (payload as ChatMessage).text) };
}

/**
 * Everything the server wrote to these connections before now has arrived: an invocation's answer is written
 * after the earlier pushes on the same socket. LeaveChat of a chat the connection never joined changes nothing.
 */
async function settled(connections: HubConnection[]) {
  await Promise.all(connections.map((connection) => connection.invoke('LeaveChat', 1, 1)));
}

async function restSend(who: HubPerson, productId: number, receiverId: number, message: string) {
  const response = await hub.t.app.inject({
    method: 'POST',
    url: API.message.send,
    headers: bearer(who.token),
    payload: { productId, receiverId, message },
  });
  expect(response.statusCode).toBe(200);
}

describe('/chathub delivers to the chat’s group', () => {
  it('reaches only the tabs showing that chat; other chats’ tabs and other people get nothing', async () => {
    const [seller, firstBuyer, secondBuyer, stranger] = await Promise.all([
      person(),
      person(),
      person(),
      person(),
    ]);
    const [lamp, chair] = await Promise.all([
      createProduct(hub.t.app, seller.id),
      createProduct(hub.t.app, seller.id),
    ]);
    await restSend(firstBuyer, lamp, seller.id, 'About the lamp');
    await restSend(secondBuyer, chair, seller.id, 'About the chair');

    // The seller has both chats open, one per tab, and a third tab on no chat at all.
    const lampTab = await tab(seller, { otherId: firstBuyer.id, productId: lamp });
    const chairTab = await tab(seller, { otherId: secondBuyer.id, productId: chair });
    const idleTab = await tab(seller);
    const firstBuyerTab = await tab(firstBuyer, { otherId: seller.id, productId: lamp });
    const secondBuyerTab = await tab(secondBuyer);
    // Someone else asking about the same lamp is in a chat of their own.
    const strangerTab = await tab(stranger, { otherId: seller.id, productId: lamp });

    await firstBuyerTab.connection.invoke('SendMessage', seller.id, 'Lamp still there?', lamp, '', 'c-1');
    await restSend(secondBuyer, chair, seller.id, 'Chair still there?');
    const tabs = [lampTab, chairTab, idleTab, firstBuyerTab, secondBuyerTab, strangerTab];
    await settled(tabs.map(({ connection }) => connection));

    expect(lampTab.texts()).toEqual(['Lamp still there?']);
    expect(chairTab.texts()).toEqual(['Chair still there?']);
    expect(idleTab.pushes).toEqual([]);
    // The sender's own tab gets the echo, carrying its clientMessageId; the REST sender's unjoined tab nothing.
    expect(firstBuyerTab.pushes).toEqual([
      [
        HUB_EVENTS.receiveMessage,
        expect.objectContaining({ text: 'Lamp still there?', clientMessageId: 'c-1' }),
      ],
    ]);
    expect(secondBuyerTab.pushes).toEqual([]);
    expect(strangerTab.pushes).toEqual([]);
  });

  it('keeps the SPEC’s four-argument SendMessage, and echoes a fifth clientMessageId', async () => {
    const [seller, buyer] = await Promise.all([person(), person()]);
    const productId = await createProduct(hub.t.app, seller.id);
    const buyerTab = await tab(buyer, { otherId: seller.id, productId });

    await buyerTab.connection.invoke('SendMessage', String(seller.id), 'Four', String(productId), 'now');
    await buyerTab.connection.invoke('SendMessage', seller.id, 'Five', productId, 'now', 'tab-7_42');
    await buyerTab.connection.invoke('SendMessage', seller.id, 'Null', productId, 'now', null);
    await settled([buyerTab.connection]);

    const [four, five, none] = buyerTab.pushes.map(([, payload]) => payload as Record<string, unknown>);
    expect(four).toMatchObject({ text: 'Four', userId: buyer.id, receiverId: seller.id, productId });
    expect(four).not.toHaveProperty('clientMessageId');
    expect(five).toMatchObject({ text: 'Five', clientMessageId: 'tab-7_42' });
    expect(none).not.toHaveProperty('clientMessageId');
    // `id` stays the server's message id: the ones history answers.
    const history = await hub.t.app.inject({
      method: 'GET',
      url: `/api/Message/history/${productId}/with/${seller.id}`,
      headers: bearer(buyer.token),
    });
    const stored = history.json<{ data: ChatMessage[] }>().data;
    expect(stored.map((message) => message.id)).toEqual([four!.id, five!.id, none!.id]);
  });

  it('refuses a clientMessageId that is not a short id with the readable text, storing nothing', async () => {
    const [seller, buyer] = await Promise.all([person(), person()]);
    const productId = await createProduct(hub.t.app, seller.id);
    const buyerTab = await tab(buyer, { otherId: seller.id, productId });
    for (const bad of ['', 'has space', 'x'.repeat(65), 42, { id: 'c-1' }]) {
      await expect(
        buyerTab.connection.invoke('SendMessage', seller.id, 'Hi', productId, 'now', bad),
      ).rejects.toThrow(`HubException: ${messages.chat.clientMessageIdInvalid}`);
    }
    await expect(
      buyerTab.connection.invoke('SendMessage', seller.id, 'Hi', productId, 'now', 'c-1', 'extra'),
    ).rejects.toThrow("Failed to invoke 'SendMessage' due to an error on the server.");
    await settled([buyerTab.connection]);
    expect(buyerTab.pushes).toEqual(
      Array.from({ length: 5 }, () => [HUB_EVENTS.messageError, messages.chat.clientMessageIdInvalid]),
    );
    const history = await hub.t.app.inject({
      method: 'GET',
      url: `/api/Message/history/${productId}/with/${seller.id}`,
      headers: bearer(buyer.token),
    });
    expect(history.json<{ data: ChatMessage[] }>().data).toEqual([]);
  });
});

describe('the contract check on pushes', () => {
  it('names an event the hub does not declare and a payload its schema refuses', () => {
    expect(contractViolation('chat', 'ReceiveMessage', [{ id: 1 }])).toMatch(/schema refuses/);
    expect(contractViolation('chat', 'receiveunreadmessagescount', [1])).toMatch(/does not declare/);
    expect(contractViolation('general', 'receiveunreadmessagescount', [1, 2])).toMatch(/2 arguments/);
    expect(contractViolation('general', 'receiveunreadmessagescount', [-1])).toMatch(/schema refuses/);
    expect(contractViolation('general', 'ChatActivity', [{ productId: 1, otherUserId: 2 }])).toBeUndefined();
  });
});
