import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  apiPath,
  fillText,
  messages,
  NOTIFICATION_TYPES,
  type AccountExport,
  type ReviewListResponse,
  type StaffReportsResponse,
} from '@rummage/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { ProfileDetails } from '@rummage/contract';
import { chatMessages, conversations, deals } from '../../db/schema.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { createProduct } from '../../test/products.js';
import { banUser, bearer, createUser, signIn } from '../../test/factories.js';
import type { Person } from '../notification/notification.fixtures.js';
import { dealApi } from './deal.fixtures.js';

const R = messages.reviews;

let t: TestApp;
let api: ReturnType<typeof dealApi>;
let staff: Person;
beforeAll(async () => {
  t = await buildTestApp({ REVIEW_DAYS: '14' });
  api = dealApi(t.app);
  const user = await createUser(t.app, { role: 'staff' });
  staff = { ...user, token: await signIn(t.app, user) };
});
afterAll(async () => {
  await t?.close();
});

async function reviewsOf(userId: number, who?: Person, query = '') {
  const response = await api.get(`${apiPath(API.review.byUser, { userId })}${query}`, who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ReviewListResponse>();
}

/** Everything the person's notifications say, as one text. */
async function notificationText(who: Person) {
  return JSON.stringify((await api.listOf(who)).data);
}

describe('rating a deal', () => {
  it('refuses bad stars, long texts, other people, a second rating, and visitors, with readable texts', async () => {
    const { seller, buyer, other, dealId } = await api.deal();
    for (const stars of [0, 6, 2.5, 'abc', null]) {
      const refused = await api.rate(buyer, dealId, stars);
      expect(refused.statusCode, String(stars)).toBe(400);
      expect(refused.json()).toMatchObject({ message: R.starsInvalid });
    }
    const long = await api.rate(buyer, dealId, 4, 'x'.repeat(501));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ message: R.textTooLong });
    for (const [who, id] of [
      [other, dealId],
      [buyer, 99_999_999],
    ] as const) {
      const refused = await api.rate(who, id, 4);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ message: R.notYourDeal });
    }
    expect((await api.post(API.review.root, undefined, { dealId, stars: 4 })).statusCode).toBe(401);

    const first = await api.rated(buyer, dealId, 5, 'x'.repeat(500));
    expect(first).toMatchObject({ message: R.sentPending, data: { role: 'seller', status: 'pending' } });
    const again = await api.rate(buyer, dealId, 1);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: R.alreadyRated });
    // The seller rates the buyer: nobody rates themselves, the role is the rated person's.
    const second = await api.rated(seller, dealId, 4);
    expect(second.data).toMatchObject({ role: 'buyer', status: 'published' });
  });

  it('keeps a rating hidden from everyone but its author until both have rated, then shows both at once', async () => {
    const { seller, buyer, other, dealId } = await api.deal();
    const secret = `Lovely lamp ${dealId}`;
    await api.rated(seller, dealId, 5, secret);
    // Not in the reviews list, for anyone, nor in the rated person's notifications.
    for (const who of [buyer, other, seller, undefined]) {
      expect(await reviewsOf(buyer.id, who)).toEqual({ data: [], hasMore: false });
    }
    expect(await notificationText(buyer)).not.toContain(secret);
    expect(await notificationText(buyer)).not.toContain('are published');

    const answer = await api.rated(buyer, dealId, 3, 'Late but fine');
    expect(answer.message).toBe(R.sentPublished);
    const aboutBuyer = await reviewsOf(buyer.id, other);
    expect(aboutBuyer.data).toEqual([
      expect.objectContaining({
        stars: 5,
        text: secret,
        role: 'buyer',
        reviewer: { id: seller.id, userName: seller.username },
        reply: null,
      }),
    ]);
    expect((await reviewsOf(seller.id)).data).toEqual([
      expect.objectContaining({
        stars: 3,
        role: 'seller',
        reviewer: { id: buyer.id, userName: buyer.username },
      }),
    ]);
    for (const who of [seller, buyer]) {
      const published = (await api.listOf(who)).data.filter((entry) => entry.title.includes('are published'));
      expect(published).toHaveLength(1);
      expect(published[0]!.type).toBe(NOTIFICATION_TYPES.review);
    }
  });

  it('pages a person’s ratings, newest first', async () => {
    const subject = await api.person();
    for (const stars of [2, 4, 5]) {
      const seller = await api.person();
      const productId = await createProduct(t.app, seller.id);
      await api.chat(subject, seller, productId);
      const sold = await api.markSold(seller, productId, true, subject.id);
      const { dealId } = sold.json<{ data: { dealId: number } }>().data;
      await api.rated(seller, dealId, stars);
      await api.rated(subject, dealId, 5);
    }
    const first = await reviewsOf(subject.id, undefined, '?page=1&pageSize=2');
    expect(first.data.map((review) => review.stars)).toEqual([5, 4]);
    expect(first.hasMore).toBe(true);
    const second = await reviewsOf(subject.id, undefined, '?page=2&pageSize=2');
    expect(second).toMatchObject({ hasMore: false, data: [{ stars: 2 }] });
    expect(
      (await api.get(`${apiPath(API.review.byUser, { userId: subject.id })}?pageSize=0`)).statusCode,
    ).toBe(400);
    expect((await api.get(apiPath(API.review.byUser, { userId: 99_999_999 }))).statusCode).toBe(404);
  });
});

describe('answering, reporting and removing a rating', () => {
  it('lets the rated person answer once, publicly; nobody else, and not a pending rating', async () => {
    const { seller, buyer, dealId } = await api.deal();
    const pending = await api.rated(seller, dealId, 2, 'Did not show up at first');
    const early = await api.post(apiPath(API.review.reply, { id: pending.data.id }), buyer, { text: 'Hm' });
    expect(early.statusCode).toBe(404);
    await api.rated(buyer, dealId, 5);
    const url = apiPath(API.review.reply, { id: pending.data.id });
    const bySeller = await api.post(url, seller, { text: 'Me again' });
    expect(bySeller.statusCode).toBe(403);
    expect(bySeller.json()).toMatchObject({ message: R.onlyReviewed });
    expect((await api.post(url, buyer, { text: '  ' })).json()).toMatchObject({ message: R.replyRequired });
    const replied = await api.post(url, buyer, { text: 'My bus was late, sorry!' });
    expect(replied.statusCode, replied.body).toBe(200);
    expect((await api.post(url, buyer, { text: 'Again' })).statusCode).toBe(409);
    const [shown] = (await reviewsOf(buyer.id)).data;
    expect(shown?.reply?.text).toBe('My bus was late, sorry!');
  });

  it('takes reports into the staff queue; staff removal tells the author why and is logged', async () => {
    const { seller, buyer, other, dealId } = await api.deal();
    const { data } = await api.rated(seller, dealId, 1, 'You are an idiot');
    await api.rated(buyer, dealId, 5);
    const reportUrl = apiPath(API.review.report, { id: data.id });
    expect((await api.post(reportUrl, seller, { reason: 'mine' })).json()).toMatchObject({
      message: R.cannotReportOwn,
    });
    const reported = await api.post(reportUrl, buyer, { reason: 'Insult' });
    expect(reported.statusCode, reported.body).toBe(200);
    expect((await api.post(reportUrl, buyer, { reason: 'Insult' })).statusCode).toBe(409);
    expect((await api.post(reportUrl, other)).statusCode).toBe(200);

    const queue = await api.get(`${API.staff.reports}?status=open`, staff);
    const entry = queue.json<StaffReportsResponse>().reviewReports.find((row) => row.reviewId === data.id);
    expect(entry).toMatchObject({ text: 'You are an idiot', authorId: seller.id, openReports: 2 });
    expect((await api.get(`${API.staff.reports}`, buyer)).statusCode).toBe(403);

    const removeUrl = apiPath(API.staff.removeReview, { id: data.id });
    expect((await api.post(removeUrl, buyer, { reason: 'x' })).statusCode).toBe(403);
    const removed = await api.post(removeUrl, staff, { reason: 'Insults are not allowed' });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await reviewsOf(buyer.id)).data).toEqual([]);
    const told = (await api.listOf(seller)).data.find((row) => row.title.includes('was removed'));
    expect(told).toMatchObject({
      type: NOTIFICATION_TYPES.review,
      title: fillText(R.removedTitle, { name: buyer.username }),
      body: fillText(R.removedBody, { reason: 'Insults are not allowed' }),
    });
    // Removed again (a second click, a second moderator): nothing more happens, the first reason stands.
    const again = await api.post(removeUrl, staff, { reason: 'Second thoughts' });
    expect(again.statusCode, again.body).toBe(200);
    const notices = (await api.listOf(seller)).data.filter((row) => row.title.includes('was removed'));
    expect(notices.map((row) => row.body)).toEqual([told!.body]);
    const log = await api.get(API.staff.moderationLog, staff);
    expect(log.body.match(/remove-review/g)).toHaveLength(1);
    expect(log.body).toContain('Insults are not allowed');
    expect(log.body).not.toContain('Second thoughts');
    const after = await api.get(`${API.staff.reports}?status=open`, staff);
    expect(after.json<StaffReportsResponse>().reviewReports.some((row) => row.reviewId === data.id)).toBe(
      false,
    );
  });

  it("hides a suspended author's ratings while the ban lasts, and keeps a deleted author's as Deleted user", async () => {
    const { seller, buyer, dealId } = await api.deal();
    await api.rated(seller, dealId, 4, 'Fine buyer');
    await api.rated(buyer, dealId, 5, 'Fine seller');
    await banUser(t.app, seller.id);
    expect((await reviewsOf(buyer.id)).data).toEqual([]);
    await t.app.inject({
      method: 'POST',
      url: apiPath(API.staff.unbanUser, { userId: seller.id }),
      headers: bearer(staff.token),
    });
    expect((await reviewsOf(buyer.id)).data).toHaveLength(1);

    await t.app.parts.personalData.accountData.deleteOwn(buyer.id, buyer.password);
    const [kept] = (await reviewsOf(seller.id)).data;
    expect(kept).toMatchObject({
      text: 'Fine seller',
      reviewer: { id: null, userName: messages.chat.deletedUser },
    });
  });
});

describe('the end of the rating window', () => {
  it('publishes a lone rating when the window closes, tells the rated person, and asks nobody any more', async () => {
    const quick = await buildTestApp({ REVIEW_DAYS: '0.00002' });
    try {
      const fast = dealApi(quick.app);
      const { seller, buyer, dealId } = await fast.deal();
      await fast.rated(seller, dealId, 4, 'Quick handover');
      const list = () => fast.get(apiPath(API.review.byUser, { userId: buyer.id }));
      expect((await list()).json<ReviewListResponse>().data).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 1_900));
      // Read as published once the window is over, even before its job has run.
      expect((await list()).json<ReviewListResponse>().data).toMatchObject([{ text: 'Quick handover' }]);
      await quick.app.parts.listings.reviews.windowEnd({ dealId });
      const told = (await fast.listOf(buyer)).data.find((row) => row.title.includes('are published'));
      expect(told?.type).toBe(NOTIFICATION_TYPES.review);
      // The buyer never rated: their request to is read now, as the seller's was when they rated.
      for (const who of [buyer, seller]) {
        const asked = (await fast.listOf(who)).data.find((row) => /How did the handover/.test(row.title));
        expect(asked?.isRead, who.username).toBe(true);
      }
    } finally {
      await quick.close();
    }
  });
});

async function reputationOf(userId: number, who?: Person) {
  const response = await api.get(apiPath(API.user.profileDetails, { userId }), who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: ProfileDetails }>().data.reputation;
}

describe('reputation on profiles', () => {
  it('averages published ratings by role, counts completed deals, and leaves pending ones out', async () => {
    const { seller, buyer, dealId } = await api.deal();
    await api.rated(buyer, dealId, 4, 'pending secret');
    // Pending: counted nowhere, for anyone, the rated person and the author included.
    for (const who of [seller, buyer, undefined]) {
      expect(await reputationOf(seller.id, who)).toMatchObject({ average: null, count: 0, deals: 1 });
    }
    await api.rated(seller, dealId, 5);
    // A second deal where the seller bought something, rated 2 by its seller.
    const other = await api.person();
    const productId = await createProduct(t.app, other.id);
    await api.chat(seller, other, productId);
    const sold = await api.markSold(other, productId, true, seller.id);
    const second = sold.json<{ data: { dealId: number } }>().data.dealId;
    await api.rated(other, second, 2);
    await api.rated(seller, second, 5);
    // A third, called off: not a deal done.
    const third = await createProduct(t.app, seller.id);
    await api.chat(buyer, seller, third);
    const sale = await api.markSold(seller, third, true, buyer.id);
    await api.dispute(buyer, sale.json<{ data: { dealId: number } }>().data.dealId);

    expect(await reputationOf(seller.id)).toEqual({
      average: 3,
      count: 2,
      asSeller: { average: 4, count: 1 },
      asBuyer: { average: 2, count: 1 },
      deals: 2,
      medianReplyMinutes: null,
    });
    expect(await reputationOf(buyer.id)).toMatchObject({ average: 5, count: 1, deals: 1 });
  });

  it('answers the reputation alone, the same as the profile, without counting a profile view', async () => {
    const { seller, buyer, dealId } = await api.deal();
    await api.rated(buyer, dealId, 4);
    await api.rated(seller, dealId, 5);
    const viewsOf = async () =>
      (await api.get(apiPath(API.user.profileDetails, { userId: seller.id }), seller)).json<{
        data: ProfileDetails;
      }>().data.views;
    const before = await viewsOf();
    const alone = await api.get(apiPath(API.review.reputation, { userId: seller.id }), buyer);
    expect(alone.statusCode, alone.body).toBe(200);
    expect(alone.json()).toEqual({ data: await reputationOf(seller.id, seller) });
    expect(alone.json()).toMatchObject({ data: { average: 4, count: 1, deals: 1 } });
    expect(await viewsOf()).toBe(before);
    const missing = await api.get(apiPath(API.review.reputation, { userId: 99_999_999 }));
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: messages.profile.notFound });
  });

  it('gives the median minutes to a first reply over the last 90 days, from 3 answered chats on', async () => {
    const seller = await api.person();
    const db = t.app.parts.storage.database.db;
    const answered = async (minutes: number) => {
      const buyer = await api.person();
      const productId = await createProduct(t.app, seller.id);
      await api.chat(buyer, seller, productId);
      await api.chat(seller, buyer, productId);
      const [chat] = await db
        .select({ id: conversations.id })
        .from(conversations)
        .where(and(eq(conversations.productId, productId), eq(conversations.buyerId, buyer.id)));
      // The seller answered `minutes` later: their message, and the answer time the chat keeps.
      const later = sql`make_interval(mins => ${minutes})`;
      await db
        .update(chatMessages)
        .set({ createdAt: sql`${chatMessages.createdAt} + ${later}` })
        .where(and(eq(chatMessages.conversationId, chat!.id), eq(chatMessages.senderId, seller.id)));
      await db
        .update(conversations)
        .set({ answeredAt: sql`${conversations.answeredAt} + ${later}` })
        .where(eq(conversations.id, chat!.id));
    };
    await answered(10);
    await answered(50);
    expect((await reputationOf(seller.id)).medianReplyMinutes).toBeNull();
    await answered(200);
    expect((await reputationOf(seller.id)).medianReplyMinutes).toBe(50);
  });
});

describe('the export and account deletion', () => {
  async function exportOf(who: Person) {
    const response = await api.get(API.account.exportData, who);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AccountExport>();
  }

  it('exports deals with the rating given, pending too, and a rating received only once it may be read', async () => {
    const { seller, buyer, dealId } = await api.deal(60);
    const given = await api.rated(seller, dealId, 2, 'seller secret words');
    const buyerFile = await exportOf(buyer);
    expect(buyerFile.deals).toEqual([
      expect.objectContaining({
        id: dealId,
        role: 'buyer',
        price: 60,
        ratingGiven: null,
        ratingReceived: null,
      }),
    ]);
    expect(JSON.stringify(buyerFile)).not.toContain('seller secret words');
    expect((await exportOf(seller)).deals[0]).toMatchObject({
      role: 'seller',
      ratingGiven: { stars: 2, text: 'seller secret words', status: 'pending' },
    });
    await api.rated(buyer, dealId, 5, 'buyer words');
    expect((await exportOf(buyer)).deals[0]).toMatchObject({
      ratingGiven: { stars: 5, status: 'published' },
      ratingReceived: { stars: 2, text: 'seller secret words' },
    });
    await api.post(apiPath(API.review.report, { id: given.data.id }), buyer, { reason: 'Unfair' });
    expect((await exportOf(buyer)).ratingReports).toEqual([
      expect.objectContaining({ reviewId: given.data.id, reason: 'Unfair', status: 'open' }),
    ]);
    // The buyer's answer is theirs: in their export even once staff removed the rating it answered.
    const answered = await api.post(apiPath(API.review.reply, { id: given.data.id }), buyer, {
      text: 'It was on time',
    });
    expect(answered.statusCode, answered.body).toBeLessThan(300);
    const removed = await api.post(apiPath(API.staff.removeReview, { id: given.data.id }), staff, {
      reason: 'Unfair',
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await exportOf(buyer)).deals[0]).toMatchObject({
      ratingReceived: null,
      replyWritten: { text: 'It was on time' },
    });
  });

  it('exports every deal, past the 500 the list of deals shows', async () => {
    const [seller, buyer] = await Promise.all([api.person(), api.person()]);
    const rateUntil = new Date(Date.now() + 86_400_000);
    await t.app.parts.storage.database.db.insert(deals).values(
      Array.from({ length: 501 }, (_, n) => ({
        productId: 1_000_000 + n,
        sellerId: seller.id,
        buyerId: buyer.id,
        title: `Item ${n}`,
        price: 5,
        rateUntil,
      })),
    );
    expect(await api.dealsOf(seller)).toHaveLength(500);
    expect((await exportOf(seller)).deals).toHaveLength(501);
  });

  it('keeps the deal for the other side when an account is deleted', async () => {
    const { seller, buyer, dealId } = await api.deal();
    await api.rated(buyer, dealId, 5, 'Great');
    await t.app.parts.personalData.accountData.deleteOwn(buyer.id, buyer.password);
    expect((await api.dealsOf(seller)).map((deal) => deal.id)).toEqual([dealId]);
    expect(await reputationOf(seller.id)).toMatchObject({ deals: 1, count: 0 });
  });
});
