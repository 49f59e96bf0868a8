/**
 * Held chat messages (docs/product.md §16): near-certain spam from an account younger than a day, or with no
 * verified address, waits for staff. The sender is told, by REST and in the hub echo; the recipient gets nothing
 * until staff release it (delivered with its original time and its warning) or reject it (never delivered; it
 * counts in the sender's report history). Both decisions are in the moderation log.
 */
import { describe, expect, it } from 'vitest';
import {
  API,
  HUB_EVENTS,
  HUBS,
  apiPath,
  messages,
  type ChatHistoryResponse,
  type HeldMessage,
  type ReceivedChatMessage,
  type SendMessageResponse,
} from '@rummage/contract';
import { ageAccount, chatApi } from '../../modules/message/chat.fixtures.js';
import { heldMessages } from '../../db/schema.js';
import { banUser, bearer, createUser, signIn } from '../../test/factories.js';
import { createProduct } from '../../test/products.js';
import { useHubTestApp, type HubPerson } from '../test/hub-app.js';

const SCAM = 'Is this still available? kindly text me on whatsapp +1 (318) 555-0199 for more details';
const hub = useHubTestApp();

const get = <T>(who: HubPerson, url: string) =>
  hub.t.app
    .inject({ method: 'GET', url, headers: bearer(who.token) })
    .then((response) => ({ status: response.statusCode, body: response.json<T>() }));
const post = (who: HubPerson, url: string) =>
  hub.t.app.inject({ method: 'POST', url, headers: bearer(who.token) });

const historyOf = async (who: HubPerson, productId: number, otherId: number) =>
  (await get<ChatHistoryResponse>(who, apiPath(API.message.history, { productId, receiverId: otherId }))).body
    .data;
const waiting = async (staff: HubPerson) =>
  (await get<{ data: HeldMessage[] }>(staff, API.staff.heldMessages)).body.data;

/** A seller with a listing, and a stranger whose account is an hour old (new accounts' spam is held). */
async function newcomerWritesTo() {
  const seller = await hub.person();
  await ageAccount(hub.t.app, seller.id);
  const productId = await createProduct(hub.t.app, seller.id);
  const newcomer = await hub.person();
  return { seller, newcomer, productId, staff: await hub.person('staff') };
}

describe('held messages', () => {
  it('holds a new account’s near-certain spam; staff release it with its original time and warning', async () => {
    const { seller, newcomer, productId, staff } = await newcomerWritesTo();
    const response = await chatApi(hub.t.app).send(newcomer.token, productId, seller.id, SCAM);
    expect(response.statusCode).toBe(200);
    const { message, data } = response.json<SendMessageResponse>();
    expect(message).toBe(messages.safety.held);
    expect(data).toMatchObject({ held: true, safetyWarning: null, text: SCAM });

    // The seller has nothing: no chat, no message, no unread count.
    const rooms = await get<{ data: unknown[] }>(seller, API.message.chatRooms);
    expect(rooms.body.data).toEqual([]);
    const unread = await get<{ data: { messages: number } }>(seller, API.message.unreadCount);
    expect(unread.body.data.messages).toBe(0);
    // The sender sees their own message, held.
    expect(await historyOf(newcomer, productId, seller.id)).toEqual([
      expect.objectContaining({ text: SCAM, held: true }),
    ]);

    const [entry] = (await waiting(staff)).filter((held) => held.sender.id === newcomer.id);
    expect(entry).toMatchObject({
      productId,
      text: SCAM,
      warning: { kind: 'offPlatform', text: messages.safety.offPlatform },
      sender: { id: newcomer.id, emailVerified: true },
      receiver: { id: seller.id },
    });
    expect(entry!.score).toBeGreaterThanOrEqual(0.999);
    // Only staff see the queue.
    expect((await get(seller, API.staff.heldMessages)).status).toBe(403);

    const release = await post(staff, apiPath(API.staff.releaseHeldMessage, { heldMessageId: entry!.id }));
    expect(release.statusCode, release.body).toBe(200);
    expect(release.json()).toEqual({
      message: messages.staff.heldReleased,
      data: { id: entry!.id, status: 'released' },
    });
    const delivered = await historyOf(seller, productId, newcomer.id);
    expect(delivered).toEqual([
      expect.objectContaining({
        text: SCAM,
        time: entry!.createdAt,
        safetyWarning: { kind: 'offPlatform', text: messages.safety.offPlatform },
      }),
    ]);
    expect(delivered[0]?.held).toBeUndefined();
    expect((await historyOf(newcomer, productId, seller.id)).map((m) => [m.held, m.safetyWarning])).toEqual([
      [undefined, null],
    ]);
    expect(await waiting(staff)).not.toContainEqual(expect.objectContaining({ id: entry!.id }));
    // Handled once: a second decision is refused.
    const again = await post(staff, apiPath(API.staff.rejectHeldMessage, { heldMessageId: entry!.id }));
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(messages.staff.heldGone);
    const log = await get<{ data: Array<{ action: string; targetUser: { id: number } | null }> }>(
      staff,
      API.staff.moderationLog,
    );
    expect(log.body.data).toContainEqual(
      expect.objectContaining({
        action: 'release-message',
        targetUser: expect.objectContaining({ id: newcomer.id }),
      }),
    );
  });

  it('/chathub: the sender’s echo says held, the recipient hears nothing; a rejected message never arrives', async () => {
    const { seller, newcomer, productId, staff } = await newcomerWritesTo();
    await chatApi(hub.t.app).sent(newcomer.token, productId, seller.id, 'Hello, is the lamp still there?');
    const received = (connection: Awaited<ReturnType<typeof hub.connect>>) => {
      const list: ReceivedChatMessage[] = [];
      connection.on(HUB_EVENTS.receiveMessage, (message: ReceivedChatMessage) => list.push(message));
      return list;
    };
    const sellerTab = await hub.connect(HUBS.chat, seller);
    const sellerGot = received(sellerTab);
    await sellerTab.invoke('JoinChat', newcomer.id, productId);
    const newcomerTab = await hub.connect(HUBS.chat, newcomer);
    const newcomerGot = received(newcomerTab);
    await newcomerTab.invoke('JoinChat', seller.id, productId);

    await newcomerTab.invoke('SendMessage', seller.id, SCAM, productId, '', 'pending-9');
    await expect.poll(() => newcomerGot.length).toBe(1);
    expect(newcomerGot[0]).toMatchObject({ held: true, clientMessageId: 'pending-9', safetyWarning: null });
    const [entry] = (await waiting(staff)).filter((held) => held.sender.id === newcomer.id);
    const reject = await post(staff, apiPath(API.staff.rejectHeldMessage, { heldMessageId: entry!.id }));
    expect(reject.statusCode).toBe(200);
    expect(reject.json().message).toBe(messages.staff.heldRejected);
    // Whatever the seller's tab got by now, the held message is not among it, nor in their history.
    await sellerTab.invoke('LeaveChat', 1, 1);
    expect(sellerGot.map((message) => message.text)).not.toContain(SCAM);
    expect((await historyOf(seller, productId, newcomer.id)).map((message) => message.text)).toEqual([
      'Hello, is the lamp still there?',
    ]);
    // It counts in the sender's report history in the console, and the sender no longer sees it waiting.
    const detail = await get<{ data: { rejectedMessages: number } }>(
      staff,
      apiPath(API.staff.user, { userId: newcomer.id }),
    );
    expect(detail.body.data.rejectedMessages).toBe(1);
    expect((await historyOf(newcomer, productId, seller.id)).map((m) => m.text)).toEqual([
      'Hello, is the lamp still there?',
    ]);
  });

  it('is not released once its sender is banned: staff can only reject it', async () => {
    const { seller, newcomer, productId, staff } = await newcomerWritesTo();
    expect((await chatApi(hub.t.app).send(newcomer.token, productId, seller.id, SCAM)).statusCode).toBe(200);
    await banUser(hub.t.app, newcomer.id);
    const [entry] = (await waiting(staff)).filter((held) => held.sender.id === newcomer.id);
    const release = await post(staff, apiPath(API.staff.releaseHeldMessage, { heldMessageId: entry!.id }));
    expect(release.statusCode).toBe(409);
    expect(release.json()).toMatchObject({ message: messages.staff.heldSenderBanned });
    // The seller never hears of it.
    expect((await get<{ data: unknown[] }>(seller, API.message.chatRooms)).body.data).toEqual([]);
    const reject = await post(staff, apiPath(API.staff.rejectHeldMessage, { heldMessageId: entry!.id }));
    expect(reject.statusCode, reject.body).toBe(200);
  });

  it('waits while staff hide its listing, and is delivered once the listing is shown again', async () => {
    const { seller, newcomer, productId, staff } = await newcomerWritesTo();
    expect((await chatApi(hub.t.app).send(newcomer.token, productId, seller.id, SCAM)).statusCode).toBe(200);
    const moderate = (url: string, body: object) =>
      hub.t.app.inject({
        method: 'POST',
        url: apiPath(url, { productId }),
        headers: { ...bearer(staff.token), 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    expect((await moderate(API.staff.hideProduct, { reason: 'Checking it' })).statusCode).toBe(200);
    const [entry] = (await waiting(staff)).filter((held) => held.sender.id === newcomer.id);
    const release = () => post(staff, apiPath(API.staff.releaseHeldMessage, { heldMessageId: entry!.id }));
    const refused = await release();
    expect([refused.statusCode, refused.json().message]).toEqual([409, messages.staff.heldListingHidden]);
    expect((await get<{ data: unknown[] }>(seller, API.message.chatRooms)).body.data).toEqual([]);
    // Nothing is lost: shown again, the message is released as it would have been.
    expect((await moderate(API.staff.unhideProduct, {})).statusCode).toBe(200);
    expect((await release()).statusCode).toBe(200);
    expect((await historyOf(seller, productId, newcomer.id)).map((message) => message.text)).toContain(SCAM);
  });

  it('is not released to someone who has blocked its sender since: staff can only reject it', async () => {
    const { seller, newcomer, productId, staff } = await newcomerWritesTo();
    expect((await chatApi(hub.t.app).send(newcomer.token, productId, seller.id, SCAM)).statusCode).toBe(200);
    const blocked = await post(seller, apiPath(API.user.block, { userId: newcomer.id }));
    expect(blocked.statusCode, blocked.body).toBe(200);
    const [entry] = await waiting(staff);
    const release = await post(staff, apiPath(API.staff.releaseHeldMessage, { heldMessageId: entry!.id }));
    expect(release.statusCode).toBe(409);
    expect(release.json()).toMatchObject({ message: messages.staff.heldBlocked });
    // Still waiting, undelivered: the sender's history shows it as held, as before.
    expect((await waiting(staff)).map((row) => row.id)).toContain(entry!.id);
    expect((await historyOf(newcomer, productId, seller.id)).map((row) => row.held)).toEqual([true]);
    const reject = await post(staff, apiPath(API.staff.rejectHeldMessage, { heldMessageId: entry!.id }));
    expect(reject.statusCode, reject.body).toBe(200);
  });

  it('delivers the same message, with its warning, from an account older than a day with a verified address', async () => {
    const { seller, productId } = await newcomerWritesTo();
    const regular = await hub.person();
    await ageAccount(hub.t.app, regular.id);
    const data = (
      await chatApi(hub.t.app).send(regular.token, productId, seller.id, SCAM)
    ).json<SendMessageResponse>().data;
    expect(data.held).toBeUndefined();
    expect((await historyOf(seller, productId, regular.id))[0]?.safetyWarning?.kind).toBe('offPlatform');

    // An old account without a verified address is held all the same.
    const unverified = await createUser(hub.t.app, { verified: false });
    await ageAccount(hub.t.app, unverified.id);
    const person = { ...unverified, token: await signIn(hub.t.app, unverified) };
    const held = (
      await chatApi(hub.t.app).send(person.token, productId, seller.id, SCAM)
    ).json<SendMessageResponse>();
    expect(held.data.held).toBe(true);
  });

  it('learns staff decisions: what staff rejected is warned about once the classifier has learnt it again', async () => {
    const { seller, newcomer, productId } = await newcomerWritesTo();
    const regular = await hub.person();
    await ageAccount(hub.t.app, regular.id);
    const text = 'Zorblax quinoa platter for your table';
    const before = await chatApi(hub.t.app).send(regular.token, productId, seller.id, text);
    expect((await historyOf(seller, productId, regular.id)).at(-1)?.safetyWarning).toBeNull();
    expect(before.statusCode).toBe(200);
    // Staff rejected thirty such messages (written here as the decisions they are).
    await hub.t.app.parts.storage.database.db.insert(heldMessages).values(
      Array.from({ length: 30 }, (_, n) => ({
        productId,
        buyerId: newcomer.id,
        senderId: newcomer.id,
        receiverId: seller.id,
        body: `Zorblax quinoa platter offer number ${n}`,
        safetyWarning: 'spam',
        score: 0.5,
        status: 'rejected' as const,
        decidedAt: new Date(),
      })),
    );
    await hub.t.app.parts.messaging.retrainSafety();
    await chatApi(hub.t.app).sent(regular.token, productId, seller.id, `${text}, again`);
    expect((await historyOf(seller, productId, regular.id)).at(-1)?.safetyWarning).toEqual({
      kind: 'spam',
      text: messages.safety.spam,
    });
  });
});
