/**
 * REQUIRE_VERIFIED_EMAIL=true (docs/product.md §15): listing an item and starting a conversation need a verified
 * address, by REST and by /chathub alike; answering in a conversation never does, nor does signing in. The same app
 * sets ALLOW_DISPOSABLE_EMAIL=true, which lets a disposable-mail address register. Here, beside the hubs, because
 * the refusal is checked on /chathub as on REST.
 */
import { describe, expect, it } from 'vitest';
import { API, HUB_EVENTS, HUBS, messages } from '@rummage/contract';
import { ageAccount, chatApi } from '../../modules/message/chat.fixtures.js';
import { bearer, createUser, registration, signIn, solveCaptcha } from '../../test/factories.js';
import { createProduct, image, listingFields, multipart, png } from '../../test/products.js';
import { useHubTestApp, type HubPerson } from '../test/hub-app.js';

const REQUIRED = messages.emailVerification.required;
const hub = useHubTestApp({ REQUIRE_VERIFIED_EMAIL: 'true', ALLOW_DISPOSABLE_EMAIL: 'true' });

async function unverifiedPerson(): Promise<HubPerson> {
  const user = await createUser(hub.t.app, { verified: false });
  await ageAccount(hub.t.app, user.id);
  return { ...user, token: await signIn(hub.t.app, user) };
}

async function list(who: HubPerson) {
  const body = multipart([...listingFields(), image(await png())]);
  return hub.t.app.inject({
    method: 'POST',
    url: API.product.add,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(who.token) },
  });
}

/** REST Message/send, as the chat page sends. */
const send = (who: HubPerson, productId: number, receiverId: number, message: string) =>
  chatApi(hub.t.app).send(who.token, productId, receiverId, message);

describe('REQUIRE_VERIFIED_EMAIL', () => {
  it('refuses a listing from an unverified address with the contract text, and takes one from a verified one', async () => {
    const refused = await list(await unverifiedPerson());
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: REQUIRED });
    expect((await list(await hub.person())).statusCode).toBe(201);
  });

  it('refuses a new conversation by REST and by the hub, and lets an unverified seller answer', async () => {
    const seller = await unverifiedPerson();
    const productId = await createProduct(hub.t.app, seller.id);
    const stranger = await unverifiedPerson();
    const restRefusal = await send(stranger, productId, seller.id, 'Is this still available?');
    expect(restRefusal.statusCode).toBe(403);
    expect(restRefusal.json()).toEqual({ message: REQUIRED });

    const chat = await hub.connect(HUBS.chat, stranger);
    const errors: string[] = [];
    chat.on(HUB_EVENTS.messageError, (text: string) => errors.push(text));
    await expect(chat.invoke('SendMessage', seller.id, 'Hello?', productId, '')).rejects.toThrow(REQUIRED);
    expect(errors).toEqual([REQUIRED]);

    // A verified buyer starts the conversation; the unverified seller's answer goes through.
    const buyer = await hub.person();
    await ageAccount(hub.t.app, buyer.id);
    expect((await send(buyer, productId, seller.id, 'Is this still available?')).statusCode).toBe(200);
    const answer = await send(seller, productId, buyer.id, 'Yes, come by tomorrow.');
    expect(answer.statusCode, answer.body).toBe(200);
  });

  it('lets a disposable-mail address register when ALLOW_DISPOSABLE_EMAIL is set, and sign in unverified', async () => {
    const form = registration({
      email: `someone-${Date.now().toString(36)}@mailinator.com`,
      captchaToken: await solveCaptcha(hub.t.app),
    });
    const response = await hub.t.app.inject({ method: 'POST', url: API.account.register, payload: form });
    expect(response.statusCode).toBe(201);
    const login = await hub.t.app.inject({
      method: 'POST',
      url: API.account.login,
      payload: { userName: form.userName, password: form.password },
    });
    expect(login.statusCode).toBe(200);
  });
});
