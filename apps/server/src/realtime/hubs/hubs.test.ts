import { describe, expect, it } from 'vitest';
import { API, apiPath, HUB_EVENTS, HUBS, messages, type ChatMessage } from '@rummage/contract';
import { banUser, bearer } from '../../test/factories.js';
import { createProduct } from '../../test/products.js';
import { useHubTestApp, type HubPerson } from '../test/hub-app.js';
import { nextPush } from '../test/server.js';

const C = messages.chat;

const hub = useHubTestApp();
const { person, connect } = hub;

/** A /generalhub connection after Join, with the counts Join pushed. */
async function joinGeneral(who: HubPerson) {
  const general = await connect(HUBS.general, who);
  const counts = [
    nextPush(general, HUB_EVENTS.unreadMessagesCount),
    nextPush(general, HUB_EVENTS.unreadSupportMessagesCount),
  ];
  await general.invoke('Join', false);
  const [messagesCount, supportCount] = await Promise.all(counts);
  return { general, messagesCount, supportCount };
}

describe('/generalhub and /chathub with the official client', () => {
  it('delivers a hub message to the seller’s chat page and updates the seller’s unread badge', async () => {
    const [seller, buyer] = await Promise.all([person(), person()]);
    const productId = await createProduct(hub.t.app, seller.id);
    const sellerBadge = await joinGeneral(seller);
    expect([sellerBadge.messagesCount, sellerBadge.supportCount]).toEqual([0, 0]);
    const sellerChat = await connect(HUBS.chat, seller);
    const buyerChat = await connect(HUBS.chat, buyer);
    // The chat page opens from a listing: joining works before the first message, with ids as route strings.
    await buyerChat.invoke('JoinChat', String(seller.id), String(productId));

    const echoed = nextPush(buyerChat, HUB_EVENTS.receiveMessage);
    const badge = nextPush(sellerBadge.general, HUB_EVENTS.unreadMessagesCount);
    const inbox = nextPush(sellerBadge.general, HUB_EVENTS.chatActivity);
    const sentAt = new Date().toISOString();
    // The SPEC's four arguments: stored and echoed, with no clientMessageId in the echo.
    expect(
      await buyerChat.invoke('SendMessage', seller.id, 'Hi, is this available?', productId, sentAt),
    ).toBeUndefined();

    const message = (await echoed) as ChatMessage;
    expect(message).not.toHaveProperty('clientMessageId');
    expect(message).toMatchObject({
      productId,
      userId: buyer.id,
      senderId: buyer.id,
      receiverId: seller.id,
      userName: buyer.username,
      message: 'Hi, is this available?',
      text: 'Hi, is this available?',
    });
    // The seller's page has not joined this new chat: the inbox and badge hear of it on /generalhub.
    expect(await inbox).toEqual({ productId, otherUserId: buyer.id });
    expect(await badge).toBe(1);

    // Stored like any other message, and the seller may now join the chat.
    const history = await hub.t.app.inject({
      method: 'GET',
      url: `/api/Message/history/${productId}/with/${buyer.id}`,
      headers: bearer(seller.token),
    });
    expect(history.json<{ data: ChatMessage[] }>().data.map((m) => m.id)).toEqual([message.id]);
    await sellerChat.invoke('JoinChat', buyer.id, productId);
    expect((await joinGeneral(seller)).messagesCount).toBe(1);
    const received = nextPush(sellerChat, HUB_EVENTS.receiveMessage);
    await buyerChat.invoke('SendMessage', seller.id, 'Still there?', productId, sentAt);
    expect(await received).toMatchObject({ userId: buyer.id, text: 'Still there?' });
  });

  it('pushes a message sent through the REST API too, and a read clears the badge', async () => {
    const [seller, buyer] = await Promise.all([person(), person()]);
    const productId = await createProduct(hub.t.app, seller.id);
    const buyerBadge = await joinGeneral(buyer);
    const buyerChat = await connect(HUBS.chat, buyer);
    const sellerChat = await connect(HUBS.chat, seller);
    await buyerChat.invoke('JoinChat', seller.id, productId);
    const ownCopy = nextPush(buyerChat, HUB_EVENTS.receiveMessage);
    await rest(buyer, API.message.send, { productId, receiverId: seller.id, message: 'Hello' });
    expect(await ownCopy).toMatchObject({ userId: buyer.id, text: 'Hello' });
    await sellerChat.invoke('JoinChat', buyer.id, productId);

    const toBuyer = nextPush(buyerChat, HUB_EVENTS.receiveMessage);
    const badge = nextPush(buyerBadge.general, HUB_EVENTS.unreadMessagesCount);
    await rest(seller, API.message.send, { productId, receiverId: buyer.id, message: 'Yes, still here' });
    expect(await toBuyer).toMatchObject({ userId: seller.id, receiverId: buyer.id, text: 'Yes, still here' });
    expect(await badge).toBe(1);

    const cleared = nextPush(buyerBadge.general, HUB_EVENTS.unreadMessagesCount);
    await rest(buyer, API.message.read, { productId, senderId: seller.id });
    expect(await cleared).toBe(0);
  });

  it('refuses JoinChat to someone outside the chat with the readable text', async () => {
    const [seller, buyer, stranger] = await Promise.all([person(), person(), person()]);
    const productId = await createProduct(hub.t.app, seller.id);
    await rest(buyer, API.message.send, { productId, receiverId: seller.id, message: 'Hello' });
    const strangerChat = await connect(HUBS.chat, stranger);
    await expect(strangerChat.invoke('JoinChat', buyer.id, productId)).rejects.toThrow(
      `An unexpected error occurred invoking 'JoinChat' on the server. HubException: ${C.notParticipant}`,
    );
    await expect(strangerChat.invoke('JoinChat', seller.id, 999_999_999)).rejects.toThrow(
      `HubException: ${C.productNotFound}`,
    );
    // The connection stays usable: asking the seller directly is allowed.
    await strangerChat.invoke('JoinChat', seller.id, productId);
    await strangerChat.invoke('LeaveChat', seller.id, productId);
  });

  it('pauses the chats of a listing staff hid: its seller is told why on the hub and over REST, the buyer gets nothing', async () => {
    const [seller, buyer, staff] = await Promise.all([person(), person(), person('staff')]);
    const productId = await createProduct(hub.t.app, seller.id);
    await rest(buyer, API.message.send, { productId, receiverId: seller.id, message: 'Is it still there?' });
    const buyerChat = await connect(HUBS.chat, buyer);
    await buyerChat.invoke('JoinChat', seller.id, productId);
    const received: unknown[] = [];
    buyerChat.on(HUB_EVENTS.receiveMessage, (message: unknown) => received.push(message));
    const sellerChat = await connect(HUBS.chat, seller);
    await sellerChat.invoke('JoinChat', buyer.id, productId);
    const moderate = (action: 'hide' | 'unhide') =>
      hub.t.app.inject({
        method: 'POST',
        url: apiPath(action === 'hide' ? API.staff.hideProduct : API.staff.unhideProduct, { productId }),
        headers: { ...bearer(staff.token), 'content-type': 'application/json' },
        payload: JSON.stringify(action === 'hide' ? { reason: 'Looks like a scam' } : {}),
      });
    expect((await moderate('hide')).statusCode).toBe(200);
    // The seller's chat page reads the pause from the header before trying to send.
    const header = async () =>
      (
        await hub.t.app.inject({
          method: 'GET',
          url: apiPath(API.message.chatThrifter, { productId, receiverId: buyer.id }),
          headers: bearer(seller.token),
        })
      ).json<{ data: { isHidden: boolean } }>().data.isHidden;
    expect(await header()).toBe(true);

    const told = nextPush(sellerChat, HUB_EVENTS.messageError);
    await expect(
      sellerChat.invoke('SendMessage', buyer.id, 'Pay me by gift card', productId, ''),
    ).rejects.toThrow(`HubException: ${C.listingHidden}`);
    expect(await told).toBe(C.listingHidden);
    const overRest = await hub.t.app.inject({
      method: 'POST',
      url: API.message.send,
      headers: bearer(seller.token),
      payload: { productId, receiverId: buyer.id, message: 'Pay me by gift card' },
    });
    expect([overRest.statusCode, overRest.json<{ message: string }>().message]).toEqual([
      403,
      C.listingHidden,
    ]);

    // Shown again, the chat goes on where it stopped.
    expect((await moderate('unhide')).statusCode).toBe(200);
    expect(await header()).toBe(false);
    const arrived = nextPush(buyerChat, HUB_EVENTS.receiveMessage);
    await sellerChat.invoke('SendMessage', buyer.id, 'Yes, still here', productId, '');
    expect(await arrived).toMatchObject({ text: 'Yes, still here' });
    expect(received.map((message) => (message as ChatMessage).text)).toEqual(['Yes, still here']);
  });

  it('refuses ids that cannot be ids in the words REST uses for them, on JoinChat and SendMessage', async () => {
    const [seller, buyer] = await Promise.all([person(), person()]);
    const productId = await createProduct(hub.t.app, seller.id);
    const restAnswer = await hub.t.app.inject({
      method: 'POST',
      url: API.message.send,
      headers: bearer(buyer.token),
      payload: { productId, receiverId: 'abc', message: 'Hello' },
    });
    expect(restAnswer.statusCode).toBe(400);
    expect(restAnswer.json<{ message: string }>().message).toBe(messages.request.idInvalid);

    const buyerChat = await connect(HUBS.chat, buyer);
    for (const [receiverId, product] of [
      ['abc', productId],
      [seller.id, -3],
      [seller.id, 1.5],
    ]) {
      await expect(buyerChat.invoke('JoinChat', receiverId, product)).rejects.toThrow(
        `HubException: ${messages.request.idInvalid}`,
      );
      const refused = nextPush(buyerChat, HUB_EVENTS.messageError);
      await expect(buyerChat.invoke('SendMessage', receiverId, 'Hello', product, '')).rejects.toThrow(
        `HubException: ${messages.request.idInvalid}`,
      );
      expect(await refused).toBe(messages.request.idInvalid);
    }
  });

  it('answers a refused SendMessage with MessageError and stores nothing', async () => {
    const [seller, buyer, stranger] = await Promise.all([person(), person(), person()]);
    const productId = await createProduct(hub.t.app, seller.id);
    const buyerChat = await connect(HUBS.chat, buyer);
    const blank = nextPush(buyerChat, HUB_EVENTS.messageError);
    await expect(buyerChat.invoke('SendMessage', seller.id, '   ', productId, '')).rejects.toThrow(
      `HubException: ${C.empty}`,
    );
    expect(await blank).toBe(C.empty);

    const strangerChat = await connect(HUBS.chat, stranger);
    const refused = nextPush(strangerChat, HUB_EVENTS.messageError);
    await expect(strangerChat.invoke('SendMessage', buyer.id, 'Psst', productId, '')).rejects.toThrow(
      `HubException: ${C.notParticipant}`,
    );
    expect(await refused).toBe(C.notParticipant);

    const history = await hub.t.app.inject({
      method: 'GET',
      url: `/api/Message/history/${productId}/with/${seller.id}`,
      headers: bearer(buyer.token),
    });
    expect(history.json<{ data: ChatMessage[] }>().data).toEqual([]);
  });

  it('refuses messages from a connection that outlived its owner’s ban', async () => {
    const [seller, buyer] = await Promise.all([person(), person()]);
    const productId = await createProduct(hub.t.app, seller.id);
    const buyerChat = await connect(HUBS.chat, buyer);
    // Banned without the hub being told (as when the backplane message to this process was lost).
    await banUser(hub.t.app, buyer.id);
    const refused = nextPush(buyerChat, HUB_EVENTS.messageError);
    await expect(buyerChat.invoke('SendMessage', seller.id, 'Still here?', productId, '')).rejects.toThrow(
      `HubException: ${messages.common.loginRequired}`,
    );
    expect(await refused).toBe(messages.common.loginRequired);
    // Nothing reached the seller: no chat in their inbox.
    const inbox = await hub.t.app.inject({
      method: 'GET',
      url: API.message.chatRooms,
      headers: bearer(seller.token),
    });
    expect(inbox.json<{ data: unknown[] }>().data).toEqual([]);
  });
});

async function rest(who: HubPerson, url: string, body: object): Promise<void> {
  const response = await hub.server.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(who.token), 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  if (response.statusCode !== 200)
    throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
}
