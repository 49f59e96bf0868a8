import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  apiPath,
  fillText,
  messages,
  type ModerationLogEntry,
  type StaffReportedProduct,
  type StaffUserDetail,
} from '@rummage/contract';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { bearer, createUser, signIn, type TestUser } from '../../test/factories.js';
import { createGarageSale } from '../../test/garages.js';
import { createProduct } from '../../test/products.js';

const T = messages.staff;
let t: TestApp;
let staff: TestUser;
let staffToken: string;
let adminToken: string;
let reporters: string[];

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createUser(t.app, { role: 'staff' });
  staffToken = await signIn(t.app, staff);
  adminToken = await signIn(t.app, await createUser(t.app, { role: 'admin' }));
  reporters = [];
  for (let i = 0; i < 2; i++) reporters.push(await signIn(t.app, await createUser(t.app)));
});
afterAll(async () => {
  await t?.close();
});

function call(method: 'GET' | 'POST', url: string, token: string | null, payload?: object) {
  return t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
}

async function ok(method: 'GET' | 'POST', url: string, token: string | null, payload?: object) {
  const response = await call(method, url, token, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
  return response.json();
}

async function report(productId: number, token: string, reason: string) {
  await ok('POST', API.product.report, token, { productId, reason });
}

async function feedIds(): Promise<number[]> {
  const body = await ok('GET', `${API.marketplace.products}?page=1&pageSize=50`, null);
  return (body.data as Array<{ id: number }>).map((card) => card.id);
}

async function garageIds(): Promise<number[]> {
  const body = await ok('GET', API.marketplace.garageSales, null);
  return (body.data as Array<{ id: number }>).map((sale) => sale.id);
}

async function latestLog(): Promise<ModerationLogEntry> {
  const body = await ok('GET', `${API.staff.moderationLog}?pageSize=1`, staffToken);
  return body.data[0] as ModerationLogEntry;
}

async function reportedEntry(productId: number, status: 'open' | 'all') {
  const body = await ok('GET', `${API.staff.reports}?status=${status}&pageSize=100`, staffToken);
  return (body.data as StaffReportedProduct[]).find((entry) => entry.productId === productId);
}

const detail = (productId: number, token: string | null) =>
  call('GET', apiPath(API.product.item, { id: productId }), token);

describe('reported listings', () => {
  it('groups reports by listing with counts and reporters; hiding takes it out of public view', async () => {
    const seller = await createUser(t.app);
    const sellerToken = await signIn(t.app, seller);
    const productId = await createProduct(t.app, seller.id, { title: 'Suspicious watch' });
    await report(productId, reporters[0]!, 'Fake brand');
    await report(productId, reporters[1]!, 'Scam');
    const entry = await reportedEntry(productId, 'open');
    expect(entry).toMatchObject({
      title: 'Suspicious watch',
      sellerId: seller.id,
      sellerName: seller.username,
      sellerBanned: false,
      hiddenAt: null,
      openReports: 2,
      totalReports: 2,
    });
    expect(entry!.reports.map((r) => r.reason).sort()).toEqual(['Fake brand', 'Scam']);
    expect(entry!.reports.every((r) => r.status === 'open' && (r.reporterName ?? '').length > 0)).toBe(true);

    const noReason = await call('POST', apiPath(API.staff.hideProduct, { productId }), staffToken, {
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(T.reasonRequired);

    expect(await feedIds()).toContain(productId);
    const hidden = await ok('POST', apiPath(API.staff.hideProduct, { productId }), staffToken, {
      reason: 'Counterfeit goods',
    });
    expect(hidden).toMatchObject({
      message: T.listingHidden,
      data: { hiddenReason: 'Counterfeit goods', openReports: 0 },
    });
    expect(await feedIds()).not.toContain(productId);
    expect((await detail(productId, null)).statusCode).toBe(404);
    expect((await detail(productId, reporters[0]!)).statusCode).toBe(404);
    for (const token of [sellerToken, staffToken]) {
      const seen = await detail(productId, token);
      expect(seen.statusCode).toBe(200);
      expect(seen.json().data.hiddenReason).toBe('Counterfeit goods');
    }
    // Handled: out of the open queue, still listed under all with its reports reviewed.
    expect(await reportedEntry(productId, 'open')).toBeUndefined();
    const handled = await reportedEntry(productId, 'all');
    expect(handled?.reports.map((r) => r.status)).toEqual(['reviewed', 'reviewed']);
    expect(handled?.hiddenReason).toBe('Counterfeit goods');
    expect(await latestLog()).toMatchObject({
      action: 'hide-listing',
      actor: { id: staff.id, username: staff.username },
      targetUser: { id: seller.id },
      targetProduct: { id: productId, title: 'Suspicious watch' },
      reason: 'Counterfeit goods',
    });

    await ok('POST', apiPath(API.staff.unhideProduct, { productId }), staffToken);
    expect(await feedIds()).toContain(productId);
    const visible = await detail(productId, null);
    expect(visible.statusCode).toBe(200);
    expect(visible.json().data.hiddenReason).toBeUndefined();
    expect((await latestLog()).action).toBe('unhide-listing');
    const again = await call('POST', apiPath(API.staff.unhideProduct, { productId }), staffToken);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(T.listingNotHidden);
  });

  it('dismisses reports without touching the listing', async () => {
    const seller = await createUser(t.app);
    const productId = await createProduct(t.app, seller.id);
    await report(productId, reporters[0]!, 'I just do not like it');
    const body = await ok('POST', apiPath(API.staff.dismissReports, { productId }), staffToken, {
      reason: 'Nothing wrong',
    });
    expect(body).toMatchObject({ message: T.reportsDismissed, data: { hiddenAt: null, openReports: 0 } });
    expect(await feedIds()).toContain(productId);
    expect((await reportedEntry(productId, 'all'))?.reports.map((r) => r.status)).toEqual(['dismissed']);
    expect(await latestLog()).toMatchObject({ action: 'dismiss-reports', reason: 'Nothing wrong' });
    const again = await call('POST', apiPath(API.staff.dismissReports, { productId }), staffToken);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(T.noOpenReports);
    const unknown = await call('POST', apiPath(API.staff.hideProduct, { productId: 999_999 }), staffToken, {
      reason: 'x',
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('banning', () => {
  it('ends sessions, refuses login, hides listings and sales; unbanning brings them back', async () => {
    const seller = await createUser(t.app);
    const oldToken = await signIn(t.app, seller);
    const productId = await createProduct(t.app, seller.id);
    const saleId = await createGarageSale(t.app, seller.id);
    expect(await feedIds()).toContain(productId);
    expect(await garageIds()).toContain(saleId);

    const banned = await ok('POST', apiPath(API.staff.banUser, { userId: seller.id }), staffToken, {
      reason: 'Selling stolen bikes',
    });
    expect(banned).toMatchObject({ message: T.userBanned, data: { banReason: 'Selling stolen bikes' } });
    expect(banned.data.bannedAt).not.toBeNull();
    expect((await call('GET', API.support.myActiveTicket, oldToken)).statusCode).toBe(401);
    const login = await call('POST', API.account.login, null, {
      userName: seller.username,
      password: seller.password,
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe(fillText(messages.login.banned, { email: t.config.supportEmail }));
    expect(await feedIds()).not.toContain(productId);
    expect(await garageIds()).not.toContain(saleId);
    expect((await detail(productId, null)).statusCode).toBe(404);
    expect(await latestLog()).toMatchObject({
      action: 'ban-user',
      targetUser: { id: seller.id },
      reason: 'Selling stolen bikes',
    });

    const seen: StaffUserDetail = (
      await ok('GET', apiPath(API.staff.user, { userId: seller.id }), staffToken)
    ).data;
    expect(seen.user).toMatchObject({ id: seller.id, banReason: 'Selling stolen bikes' });
    expect(seen.listings.map((listing) => listing.id)).toEqual([productId]);
    expect(seen.garageSales).toBe(1);

    const twice = await call('POST', apiPath(API.staff.banUser, { userId: seller.id }), staffToken, {
      reason: 'x',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(T.alreadyBanned);

    await ok('POST', apiPath(API.staff.unbanUser, { userId: seller.id }), staffToken);
    expect((await latestLog()).action).toBe('unban-user');
    expect(await feedIds()).toContain(productId);
    expect(await garageIds()).toContain(saleId);
    // The old session stays ended; signing in works again.
    expect((await call('GET', API.support.myActiveTicket, oldToken)).statusCode).toBe(401);
    expect(
      (await call('POST', API.account.login, null, { userName: seller.username, password: seller.password }))
        .statusCode,
    ).toBe(200);
  });

  it('lets only admins ban staff, and nobody ban an admin or themselves', async () => {
    const colleague = await createUser(t.app, { role: 'staff' });
    const admin = await createUser(t.app, { role: 'admin' });
    const byStaff = await call('POST', apiPath(API.staff.banUser, { userId: colleague.id }), staffToken, {
      reason: 'x',
    });
    expect(byStaff.statusCode).toBe(403);
    expect(byStaff.json().message).toBe(T.cannotBanStaff);
    const onAdmin = await call('POST', apiPath(API.staff.banUser, { userId: admin.id }), adminToken, {
      reason: 'x',
    });
    expect(onAdmin.statusCode).toBe(403);
    const self = await call('POST', apiPath(API.staff.banUser, { userId: staff.id }), staffToken, {
      reason: 'x',
    });
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(T.cannotBanSelf);
    await ok('POST', apiPath(API.staff.banUser, { userId: colleague.id }), adminToken, {
      reason: 'Leaked data',
    });
    const noReason = await call('POST', apiPath(API.staff.banUser, { userId: colleague.id }), adminToken, {});
    expect(noReason.statusCode).toBe(400);
  });
});

describe('finding people', () => {
  it('matches part of a username or e-mail in any letter case, prefix matches first, paged', async () => {
    const a = await createUser(t.app, { username: 'Quokkafan', email: 'first@mail.test' });
    const b = await createUser(t.app, { username: 'bigquokka', email: 'second@mail.test' });
    const c = await createUser(t.app, { username: 'plainname', email: 'quokka@mail.test' });
    const body = await ok('GET', `${API.staff.users}?query=QUOKKA&pageSize=10`, staffToken);
    expect(body.total).toBe(3);
    expect(body.data.map((u: { id: number }) => u.id)).toEqual([a.id, c.id, b.id]);
    const page2 = await ok('GET', `${API.staff.users}?query=quokka&page=2&pageSize=2`, staffToken);
    expect(page2.data.map((u: { id: number }) => u.id)).toEqual([b.id]);
    const literal = await ok('GET', `${API.staff.users}?query=${encodeURIComponent('%')}`, staffToken);
    expect(literal.total).toBe(0);
    const unknown = await call('GET', apiPath(API.staff.user, { userId: 999_999 }), staffToken);
    expect(unknown.statusCode).toBe(404);
  });
});

describe('the ticket queue', () => {
  it('puts open tickets first, longest-waiting first, with unread marks; closing is logged', async () => {
    const open = async (text: string) => {
      const user = await createUser(t.app);
      const token = await signIn(t.app, user);
      const response = await call('POST', API.support.createTicket, token, {
        subject: 'something-else',
        message: text,
      });
      return response.json().data.id as number;
    };
    const answered = await open('answered');
    const waitingLong = await open('waiting long');
    const closed = await open('closed');
    const waitingShort = await open('waiting short');
    await ok('POST', apiPath(API.staff.ticketReply, { ticketId: answered }), staffToken, { message: 'Done' });
    await ok('POST', apiPath(API.staff.ticketClose, { ticketId: closed }), staffToken, {
      reason: 'Duplicate',
    });
    expect(await latestLog()).toMatchObject({
      action: 'close-ticket',
      targetTicketId: closed,
      reason: 'Duplicate',
    });

    const body = await ok('GET', `${API.staff.tickets}?pageSize=100`, staffToken);
    const order = (body.data as Array<{ id: number }>).map((ticket) => ticket.id);
    const mine = order.filter((id) => [answered, waitingLong, closed, waitingShort].includes(id));
    expect(mine).toEqual([waitingLong, waitingShort, answered, closed]);
    const byId = new Map(
      (body.data as Array<{ id: number; hasUnread: boolean; waitingSince: string | null }>).map((x) => [
        x.id,
        x,
      ]),
    );
    expect(byId.get(waitingLong)).toMatchObject({ hasUnread: true });
    expect(byId.get(waitingLong)?.waitingSince).not.toBeNull();
    expect(byId.get(answered)).toMatchObject({ hasUnread: false, waitingSince: null, lastMessage: 'Done' });

    const onlyClosed = await ok('GET', `${API.staff.tickets}?status=closed`, staffToken);
    expect(onlyClosed.data.map((x: { id: number }) => x.id)).toEqual([closed]);
    const one = await ok('GET', apiPath(API.staff.ticket, { ticketId: answered }), staffToken);
    expect(one.data.messages.map((m: { content: string }) => m.content)).toEqual(['answered', 'Done']);
    expect(one.data.ticket.id).toBe(answered);
  });
});
