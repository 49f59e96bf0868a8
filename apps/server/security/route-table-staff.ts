import { eq } from 'drizzle-orm';
import { API, apiPath } from '@rummage/contract';
import { heldMessages } from '../src/db/schema.js';
import { banUser, bearer, createUser } from '../src/test/factories.js';
import { createProduct } from '../src/test/products.js';
import type { Call, Prepared, RouteCase } from './route-kinds.js';
import { rows, type World } from './world.js';

/** Staff-side calls the setups make first (a reported listing, a closed ticket…); each must succeed. */
async function asStaff(w: World, call: Call, token = w.admin.token): Promise<void> {
  const response = await w.app.inject({
    method: call.method as 'POST',
    url: call.url,
    headers: bearer(token),
    ...(call.payload !== undefined && { payload: call.payload }),
  });
  if (response.statusCode >= 300)
    throw new Error(`${call.url} answered ${response.statusCode}: ${response.body}`);
}

/** A fresh person with an open ticket: staff writes on tickets each get their own. */
async function openTicket(w: World): Promise<number> {
  const person = await createUser(w.app);
  const response = await w.app.inject({
    method: 'POST',
    url: API.support.createTicket,
    headers: bearer(await w.session(person.id)),
    payload: { subject: 'a-product', message: 'Why was my listing hidden?' },
  });
  if (response.statusCode !== 201) throw new Error(`ticket answered ${response.statusCode}`);
  return response.json<{ data: { id: number } }>().data.id;
}

/** A fresh person's listing that `w.other` reported. */
async function reportedProduct(w: World): Promise<number> {
  const seller = await createUser(w.app);
  const productId = await createProduct(w.app, seller.id);
  await asStaff(
    w,
    { method: 'POST', url: API.product.report, payload: { productId, reason: 'Scam' } },
    w.other.token,
  );
  return productId;
}

const staffRead = (url: (w: World) => string, reveals?: Prepared['reveals']): RouteCase => ({
  access: 'staff',
  prepare: (w) => ({ call: () => ({ method: 'GET', url: url(w) }), reveals }),
});

function staffWrite(
  access: 'staff' | 'admin',
  target: (w: World) => Promise<{ url: string; state: () => Promise<unknown> }>,
  payload?: object,
): RouteCase {
  return {
    access,
    async prepare(w): Promise<Prepared> {
      const { url, state } = await target(w);
      return { call: () => ({ method: 'POST', url, ...(payload && { payload }) }), state };
    },
  };
}

const onTicket =
  (path: string, setup?: (w: World, ticketId: number) => Promise<void>) => async (w: World) => {
    const ticketId = await openTicket(w);
    await setup?.(w, ticketId);
    return { url: apiPath(path, { ticketId }), state: () => rows.ticket(w.app, ticketId) };
  };

const onProduct =
  (path: string, setup?: (w: World, productId: number) => Promise<void>) => async (w: World) => {
    const productId = await reportedProduct(w);
    await setup?.(w, productId);
    return { url: apiPath(path, { productId }), state: () => rows.product(w.app, productId) };
  };

const onUser = (path: string, setup?: (w: World, userId: number) => Promise<void>) => async (w: World) => {
  const { id: userId } = await createUser(w.app);
  await setup?.(w, userId);
  return { url: apiPath(path, { userId }), state: () => rows.user(w.app, userId) };
};

/** A new account's near-certain spam, held for staff (docs/product.md §16). */
const onHeldMessage = (path: string) => async (w: World) => {
  const seller = await createUser(w.app);
  const productId = await createProduct(w.app, seller.id);
  const newcomer = await createUser(w.app);
  const sent = await w.app.inject({
    method: 'POST',
    url: API.message.send,
    headers: bearer(await w.session(newcomer.id)),
    payload: { productId, receiverId: seller.id, message: 'kindly text me on whatsapp +1 (318) 555-0199' },
  });
  const { id, held } = sent.json<{ data: { id: number; held?: boolean } }>().data;
  if (!held) throw new Error(`the message was not held: ${sent.body}`);
  return {
    url: apiPath(path, { heldMessageId: id }),
    state: () => w.app.parts.storage.database.db.select().from(heldMessages).where(eq(heldMessages.id, id)),
  };
};

export const STAFF_CASES: Record<string, RouteCase> = {
  'GET /api/Staff/tickets': staffRead(() => API.staff.tickets),
  'GET /api/Staff/tickets/{ticketId}': staffRead(
    (w) => apiPath(API.staff.ticket, { ticketId: w.ticketId }),
    ['ticket'],
  ),
  'POST /api/Staff/tickets/{ticketId}/reply': staffWrite('staff', onTicket(API.staff.ticketReply), {
    message: 'We are on it.',
  }),
  'POST /api/Staff/tickets/{ticketId}/close': staffWrite('staff', onTicket(API.staff.ticketClose)),
  'POST /api/Staff/tickets/{ticketId}/reopen': staffWrite(
    'staff',
    onTicket(API.staff.ticketReopen, (w, ticketId) =>
      asStaff(w, { method: 'POST', url: apiPath(API.staff.ticketClose, { ticketId }) }),
    ),
  ),
  'GET /api/Staff/reports': staffRead(() => `${API.staff.reports}?status=all`),
  'POST /api/Staff/products/{productId}/hide': staffWrite('staff', onProduct(API.staff.hideProduct), {
    reason: 'Counterfeit',
  }),
  'POST /api/Staff/products/{productId}/unhide': staffWrite(
    'staff',
    onProduct(API.staff.unhideProduct, (w, productId) =>
      asStaff(w, {
        method: 'POST',
        url: apiPath(API.staff.hideProduct, { productId }),
        payload: { reason: 'Counterfeit' },
      }),
    ),
  ),
  'POST /api/Staff/products/{productId}/dismiss-reports': staffWrite(
    'staff',
    onProduct(API.staff.dismissReports),
    {},
  ),
  'GET /api/Staff/search-report': staffRead(() => API.staff.searchReport),
  'GET /api/Staff/users': staffRead(() => `${API.staff.users}?query=user`),
  'GET /api/Staff/users/{userId}': staffRead(
    (w) => apiPath(API.staff.user, { userId: w.owner.user.id }),
    ['email'],
  ),
  'POST /api/Staff/users/{userId}/ban': staffWrite('staff', onUser(API.staff.banUser), { reason: 'Spam' }),
  'POST /api/Staff/users/{userId}/unban': staffWrite(
    'staff',
    onUser(API.staff.unbanUser, (w, userId) => banUser(w.app, userId)),
  ),
  'POST /api/Staff/users/{userId}/delete-account': staffWrite('staff', onUser(API.staff.deleteUser), {
    reason: 'Spam account',
  }),
  'POST /api/Staff/users/{userId}/grant-staff': staffWrite('admin', onUser(API.staff.grantStaff)),
  'POST /api/Staff/users/{userId}/revoke-staff': staffWrite(
    'admin',
    onUser(API.staff.revokeStaff, (w, userId) =>
      asStaff(w, { method: 'POST', url: apiPath(API.staff.grantStaff, { userId }) }),
    ),
  ),
  'GET /api/Staff/moderation-log': staffRead(() => API.staff.moderationLog),
  'GET /api/Staff/held-messages': staffRead(() => API.staff.heldMessages),
  'POST /api/Staff/held-messages/{heldMessageId}/release': staffWrite(
    'staff',
    onHeldMessage(API.staff.releaseHeldMessage),
  ),
  'POST /api/Staff/held-messages/{heldMessageId}/reject': staffWrite(
    'staff',
    onHeldMessage(API.staff.rejectHeldMessage),
  ),
};
