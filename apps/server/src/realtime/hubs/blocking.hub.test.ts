import { describe, expect, it } from 'vitest';
import { API, apiPath, HUB_EVENTS, HUBS, messages, type ChatMessage } from '@rummage/contract';
import { bearer } from '../../test/factories.js';
import { createProduct } from '../../test/products.js';
import { chatApi } from '../../modules/message/chat.fixtures.js';
import { useHubTestApp } from '../test/hub-app.js';
import { nextPush } from '../test/server.js';

// docs/product.md §11: /chathub SendMessage refuses a blocked sender with the REST call's text, and stores nothing.
const hub = useHubTestApp();
const { person, connect } = hub;

describe('/chathub SendMessage from a blocked person', () => {
  it('answers MessageError with the refusal text, stores and pushes nothing; after unblock it goes through', async () => {
    const [seller, buyer] = await Promise.all([person(), person()]);
    const productId = await createProduct(hub.t.app, seller.id);
    const blockCall = (method: 'POST' | 'DELETE') =>
      hub.t.app.inject({
        method,
        url: apiPath(API.user.block, { userId: buyer.id }),
        headers: { ...bearer(seller.token), 'content-type': 'application/json' },
      });
    const chat = chatApi(hub.t.app);
    await chat.sent(buyer.token, productId, seller.id, 'Is it available?');
    const sellerChat = await connect(HUBS.chat, seller);
    await sellerChat.invoke('JoinChat', buyer.id, productId);
    const pushedToSeller: unknown[] = [];
    sellerChat.on(HUB_EVENTS.receiveMessage, (message: unknown) => pushedToSeller.push(message));
    const buyerChat = await connect(HUBS.chat, buyer);
    await buyerChat.invoke('JoinChat', seller.id, productId);
    expect((await blockCall('POST')).statusCode).toBe(200);

    const refusal = nextPush(buyerChat, HUB_EVENTS.messageError);
    // Refused as every hub refusal is (docs/realtime.md): MessageError, and the invocation fails with the text.
    await expect(
      buyerChat.invoke('SendMessage', seller.id, 'Are you there?', productId, new Date().toISOString()),
    ).rejects.toThrow(`HubException: ${messages.blocking.cannotMessage}`);
    expect(await refusal).toBe(messages.blocking.cannotMessage);
    const history = await chat.historyOf(buyer.token, productId, seller.id);
    expect(history.data.map((message) => message.text)).toEqual(['Is it available?']);

    // Unblocked, the same call is stored and reaches the seller: the refusal above was the block, nothing else.
    expect((await blockCall('DELETE')).statusCode).toBe(200);
    const received = nextPush(sellerChat, HUB_EVENTS.receiveMessage);
    await buyerChat.invoke('SendMessage', seller.id, 'Are you there?', productId, new Date().toISOString());
    expect(((await received) as ChatMessage).text).toBe('Are you there?');
    expect(pushedToSeller).toHaveLength(1);
  });
});
