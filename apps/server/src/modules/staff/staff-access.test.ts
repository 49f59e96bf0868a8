import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, apiPath, messages, type SupportTicket } from '@rummage/contract';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { bearer, createUser, signIn, type TestUser } from '../../test/factories.js';
import { createProduct } from '../../test/products.js';
import { dealApi } from '../deal/deal.fixtures.js';

const T = messages.staff;
let t: TestApp;
let userToken: string;
let staffToken: string;
let adminToken: string;
let target: TestUser;
/** Deleted by the staff run of every endpoint; `target` stays for the role changes after it. */
let leaving: TestUser;
let productId: number;
let ticket: SupportTicket;
const heldIds: number[] = [];
/** A published rating (both sides rated), for staff to remove. */
let reviewId: number;

interface Endpoint {
  method: 'GET' | 'POST';
  url: string;
  payload?: object;
}

function call(endpoint: Endpoint, token: string | null) {
  return t.app.inject({
    method: endpoint.method,
    url: endpoint.url,
    headers: token ? bearer(token) : {},
    ...(endpoint.payload ? { payload: endpoint.payload } : {}),
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  const user = await createUser(t.app);
  userToken = await signIn(t.app, user);
  staffToken = await signIn(t.app, await createUser(t.app, { role: 'staff' }));
  adminToken = await signIn(t.app, await createUser(t.app, { role: 'admin' }));
  target = await createUser(t.app);
  leaving = await createUser(t.app);
  productId = await createProduct(t.app, target.id);
  const report = await t.app.inject({
    method: 'POST',
    url: API.product.report,
    headers: bearer(userToken),
    payload: { productId, reason: 'Counterfeit' },
  });
  expect(report.statusCode, report.body).toBe(200);
  const created = await t.app.inject({
    method: 'POST',
    url: API.support.createTicket,
    headers: bearer(await signIn(t.app, target)),
    payload: { subject: 'a-product', message: 'Why was my listing reported?' },
  });
  ticket = created.json<{ data: SupportTicket }>().data;
  // Two chat messages held for a check (a new account's near-certain spam): one to deliver, one to reject.
  const newcomer = await createUser(t.app);
  const newcomerToken = await signIn(t.app, newcomer);
  for (let n = 0; n < 2; n++) {
    const sent = await t.app.inject({
      method: 'POST',
      url: API.message.send,
      headers: bearer(newcomerToken),
      payload: { productId, receiverId: target.id, message: 'kindly text me on whatsapp +1 (318) 555-0199' },
    });
    expect(sent.json<{ data: { held?: boolean; id: number } }>().data.held, sent.body).toBe(true);
    heldIds.push(sent.json<{ data: { id: number } }>().data.id);
  }
  const deals = dealApi(t.app);
  const { seller, buyer, dealId } = await deals.deal();
  reviewId = (await deals.rated(seller, dealId, 1, 'Never again')).data.id;
  await deals.rated(buyer, dealId, 5);
});
afterAll(async () => {
  await t?.close();
});

/** Every staff endpoint, in an order in which each succeeds for staff (close before reopen, hide before unhide…). */
const staffEndpoints = (): Endpoint[] => {
  const ticketId = ticket.id;
  const userId = target.id;
  return [
    { method: 'GET', url: API.staff.tickets },
    { method: 'GET', url: apiPath(API.staff.ticket, { ticketId }) },
    { method: 'POST', url: apiPath(API.staff.ticketReply, { ticketId }), payload: { message: 'Hello!' } },
    { method: 'POST', url: apiPath(API.staff.ticketClose, { ticketId }) },
    { method: 'POST', url: apiPath(API.staff.ticketReopen, { ticketId }), payload: { reason: 'Not done' } },
    { method: 'GET', url: `${API.staff.reports}?status=all` },
    { method: 'POST', url: apiPath(API.staff.dismissReports, { productId }), payload: {} },
    {
      method: 'POST',
      url: apiPath(API.staff.hideProduct, { productId }),
      payload: { reason: 'Counterfeit' },
    },
    { method: 'POST', url: apiPath(API.staff.unhideProduct, { productId }) },
    { method: 'GET', url: `${API.staff.users}?query=user` },
    { method: 'GET', url: apiPath(API.staff.user, { userId }) },
    { method: 'POST', url: apiPath(API.staff.banUser, { userId }), payload: { reason: 'Spam' } },
    { method: 'POST', url: apiPath(API.staff.unbanUser, { userId }) },
    {
      method: 'POST',
      url: apiPath(API.staff.deleteUser, { userId: leaving.id }),
      payload: { reason: 'Spam' },
    },
    { method: 'GET', url: API.staff.moderationLog },
    { method: 'GET', url: API.staff.searchReport },
    { method: 'GET', url: API.staff.heldMessages },
    { method: 'POST', url: apiPath(API.staff.releaseHeldMessage, { heldMessageId: heldIds[0]! }) },
    { method: 'POST', url: apiPath(API.staff.rejectHeldMessage, { heldMessageId: heldIds[1]! }) },
    {
      method: 'POST',
      url: apiPath(API.staff.removeReview, { id: reviewId }),
      payload: { reason: 'Insults are not allowed' },
    },
  ];
};

const adminEndpoints = (): Endpoint[] => [
  { method: 'POST', url: apiPath(API.staff.grantStaff, { userId: target.id }) },
  { method: 'POST', url: apiPath(API.staff.revokeStaff, { userId: target.id }) },
];

describe('the staff console gate', () => {
  it('is checked below on every /api/Staff route the contract names', () => {
    const called = [...staffEndpoints(), ...adminEndpoints()].map((endpoint) => endpoint.url.split('?')[0]!);
    const missing = Object.values(API.staff).filter((route) => {
      const pattern = new RegExp(`^${route.replace(/:[A-Za-z]+/g, '\\d+')}$`);
      return !called.some((url) => pattern.test(url));
    });
    expect(missing).toEqual([]);
  });

  it('answers 401 to visitors and 403 to people who are not staff, on every endpoint, before reading the body', async () => {
    for (const endpoint of [...staffEndpoints(), ...adminEndpoints()]) {
      const visitor = await call(endpoint, null);
      expect(visitor.statusCode, `${endpoint.method} ${endpoint.url}`).toBe(401);
      expect(visitor.json().message).toBe(messages.common.loginRequired);
      const user = await call({ ...endpoint, payload: { nonsense: true } }, userToken);
      expect(user.statusCode, `${endpoint.method} ${endpoint.url}`).toBe(403);
      expect(user.json().message).toBe(T.staffOnly);
    }
  });

  it('lets staff use every staff endpoint', async () => {
    for (const endpoint of staffEndpoints()) {
      const response = await call(endpoint, staffToken);
      expect(response.statusCode, `${endpoint.method} ${endpoint.url}: ${response.body}`).toBe(200);
    }
  });

  it('keeps role changes for admins: staff get 403, admins 200', async () => {
    for (const endpoint of adminEndpoints()) {
      const staff = await call(endpoint, staffToken);
      expect(staff.statusCode, endpoint.url).toBe(403);
      expect(staff.json().message).toBe(T.adminOnly);
      const admin = await call(endpoint, adminToken);
      expect(admin.statusCode, `${endpoint.url}: ${admin.body}`).toBe(200);
    }
  });

  it('lets admins use the staff endpoints too', async () => {
    const response = await call({ method: 'GET', url: API.staff.tickets }, adminToken);
    expect(response.statusCode).toBe(200);
  });

  it('takes effect at once when an admin makes someone staff, and when it is taken back', async () => {
    const person = await createUser(t.app);
    const token = await signIn(t.app, person);
    const queue: Endpoint = { method: 'GET', url: API.staff.tickets };
    expect((await call(queue, token)).statusCode).toBe(403);
    const grant = await call(
      { method: 'POST', url: apiPath(API.staff.grantStaff, { userId: person.id }) },
      adminToken,
    );
    expect(grant.json().message).toBe(`@${person.username} is now support staff.`);
    expect(grant.json().data.role).toBe('staff');
    expect((await call(queue, token)).statusCode).toBe(200);
    const twice = await call(
      { method: 'POST', url: apiPath(API.staff.grantStaff, { userId: person.id }) },
      adminToken,
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(T.alreadyStaff);
    await call({ method: 'POST', url: apiPath(API.staff.revokeStaff, { userId: person.id }) }, adminToken);
    expect((await call(queue, token)).statusCode).toBe(403);
  });
});
