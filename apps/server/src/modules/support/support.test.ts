import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, apiPath, fillText, messages, type SupportTicket, type TicketMessage } from '@rummage/contract';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { bearer, createUser, signIn, type TestUser } from '../../test/factories.js';

const S = messages.support;
let t: TestApp;
let staffToken: string;
let strangerToken: string;

beforeAll(async () => {
  t = await buildTestApp({ PRODUCT_NAME: 'Rummage' });
  staffToken = await signIn(t.app, await createUser(t.app, { role: 'staff' }));
  strangerToken = await signIn(t.app, await createUser(t.app));
});
afterAll(async () => {
  await t?.close();
});

interface Person {
  user: TestUser;
  token: string;
}

async function person(): Promise<Person> {
  const user = await createUser(t.app);
  return { user, token: await signIn(t.app, user) };
}

function call(method: 'GET' | 'POST', url: string, token: string | null, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload ? { payload } : {}),
  });
}

async function openTicket(token: string, message = 'The map does not load on my phone.') {
  const response = await call('POST', API.support.createTicket, token, {
    subject: 'system-bug',
    message,
    username: 'someoneelse',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ message: string; data: SupportTicket }>().data;
}

const history = (ticketId: number, token: string | null) =>
  call('GET', apiPath(API.support.ticketHistory, { ticketId }), token);

async function historyOf(ticketId: number, token: string): Promise<TicketMessage[]> {
  const response = await history(ticketId, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: TicketMessage[] }>().data;
}

const reply = (ticketId: number, message: string, token = staffToken) =>
  call('POST', apiPath(API.staff.ticketReply, { ticketId }), token, { message });

async function unreadCounts(token: string): Promise<{ messages: number; support: number }> {
  const response = await call('GET', API.message.unreadCount, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { messages: number; support: number } }>().data;
}

describe('POST /api/Support/create-ticket', () => {
  it('opens a ticket for the signed-in user, whatever username the form sends, with its first message', async () => {
    const { user, token } = await person();
    const ticket = await openTicket(token);
    expect(ticket).toMatchObject({
      title: 'system bug',
      subject: 'system-bug',
      message: 'The map does not load on my phone.',
      username: user.username,
      userId: user.id,
      status: 'open',
    });
    const [first, ...rest] = await historyOf(ticket.id, token);
    expect(rest).toEqual([]);
    expect(first).toMatchObject({
      content: 'The map does not load on my phone.',
      sentByUser: true,
      isNew: false,
      ticketId: ticket.id,
      senderName: `@${user.username}`,
    });
  });

  it('answers 409 with the open ticket when the user already has one, and stores nothing', async () => {
    const { token } = await person();
    const ticket = await openTicket(token);
    const again = await call('POST', API.support.createTicket, token, {
      subject: 'a-product',
      message: 'Another problem',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: S.alreadyOpen, data: ticket });
    expect(await historyOf(ticket.id, token)).toHaveLength(1);
  });

  it('refuses an unknown subject or a blank message with the form text, and visitors with 401', async () => {
    const { token } = await person();
    const badSubject = await call('POST', API.support.createTicket, token, {
      subject: 'refund',
      message: 'hi',
    });
    expect(badSubject.statusCode).toBe(400);
    expect(badSubject.json().message).toBe(messages.common.fillFieldsProperly);
    const blank = await call('POST', API.support.createTicket, token, {
      subject: 'a-product',
      message: '   ',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(messages.common.fillFieldsProperly);
    const visitor = await call('POST', API.support.createTicket, null, {
      subject: 'a-product',
      message: 'hi',
    });
    expect(visitor.statusCode).toBe(401);
    const active = await call('GET', API.support.myActiveTicket, token);
    expect(active.json()).toEqual({ data: null });
  });
});

describe('GET /api/Support/my-active-ticket', () => {
  it("answers the caller's open ticket only, and null once staff closed it", async () => {
    const { token } = await person();
    expect((await call('GET', API.support.myActiveTicket, token)).json()).toEqual({ data: null });
    const ticket = await openTicket(token);
    expect((await call('GET', API.support.myActiveTicket, token)).json()).toEqual({ data: ticket });
    expect((await call('GET', API.support.myActiveTicket, strangerToken)).json().data?.id).not.toBe(
      ticket.id,
    );
    const closed = await call('POST', apiPath(API.staff.ticketClose, { ticketId: ticket.id }), staffToken);
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await call('GET', API.support.myActiveTicket, token)).json()).toEqual({ data: null });
    expect((await call('GET', API.support.myActiveTicket, null)).statusCode).toBe(401);
  });
});

describe('GET /api/Support/ticket-history/{ticketId}', () => {
  it('shows the conversation to its owner and staff, oldest first, staff signed as the support account', async () => {
    const { user, token } = await person();
    const ticket = await openTicket(token, 'First');
    expect((await reply(ticket.id, 'Second')).statusCode).toBe(200);
    const ownerView = await historyOf(ticket.id, token);
    expect(ownerView.map((m) => [m.content, m.sentByUser, m.senderName])).toEqual([
      ['First', true, `@${user.username}`],
      ['Second', false, fillText(S.accountName, { product: 'Rummage' })],
    ]);
    expect(ownerView.map((m) => m.isNew)).toEqual([false, true]);
    const staffView = await historyOf(ticket.id, staffToken);
    expect(staffView.map((m) => m.content)).toEqual(['First', 'Second']);
    // Staff answered, so staff have read the user's message.
    expect(staffView.map((m) => m.isNew)).toEqual([false, false]);
  });

  it('refuses everyone else: another user 403, a visitor 401, an unknown ticket 404', async () => {
    const { token } = await person();
    const ticket = await openTicket(token);
    const other = await history(ticket.id, strangerToken);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(S.notYours);
    expect((await history(ticket.id, null)).statusCode).toBe(401);
    const unknown = await history(ticket.id + 100_000, token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(S.notFound);
    expect((await history(0, token)).statusCode).toBe(400);
  });
});

describe('unread support counts and POST /api/Support/read', () => {
  it('counts staff answers the user has not read, until the user reads the ticket', async () => {
    const { token } = await person();
    const ticket = await openTicket(token);
    expect((await unreadCounts(token)).support).toBe(0);
    await reply(ticket.id, 'Which phone do you use?');
    await reply(ticket.id, 'And which browser?');
    expect((await unreadCounts(token)).support).toBe(2);
    const read = await call('POST', API.support.read, token, { ticketId: ticket.id, isUser: true });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ data: { ticketId: ticket.id, unreadCount: 0 } });
    expect((await unreadCounts(token)).support).toBe(0);
    expect((await historyOf(ticket.id, token)).every((m) => !m.isNew)).toBe(true);
  });

  it('counts, for staff, the open tickets whose user messages no staff member has read', async () => {
    const otherStaffToken = await signIn(t.app, await createUser(t.app, { role: 'staff' }));
    const before = (await unreadCounts(otherStaffToken)).support;
    const { token } = await person();
    const ticket = await openTicket(token);
    expect((await unreadCounts(otherStaffToken)).support).toBe(before + 1);
    // A user may not mark the staff side.
    const sneaky = await call('POST', API.support.read, token, { ticketId: ticket.id, isUser: false });
    expect(sneaky.statusCode).toBe(403);
    expect((await unreadCounts(otherStaffToken)).support).toBe(before + 1);
    // One staff member reading clears it for the whole team (even when the client sends the SPEC's isUser true).
    const read = await call('POST', API.support.read, staffToken, { ticketId: ticket.id, isUser: true });
    expect(read.statusCode, read.body).toBe(200);
    expect((await unreadCounts(otherStaffToken)).support).toBe(before);
    expect((await historyOf(ticket.id, staffToken)).map((m) => m.isNew)).toEqual([false]);
    // The user's own side is untouched by staff reading.
    await reply(ticket.id, 'Looking into it');
    expect((await unreadCounts(token)).support).toBe(1);
    const stranger = await call('POST', API.support.read, strangerToken, { ticketId: ticket.id });
    expect(stranger.statusCode).toBe(403);
  });

  it('stops counting once the ticket is closed', async () => {
    const { token } = await person();
    const ticket = await openTicket(token);
    await reply(ticket.id, 'Fixed now.');
    expect((await unreadCounts(token)).support).toBe(1);
    await call('POST', apiPath(API.staff.ticketClose, { ticketId: ticket.id }), staffToken);
    expect((await unreadCounts(token)).support).toBe(0);
  });
});

describe('closing and reopening', () => {
  it('refuses messages on a closed ticket and lets the user open a new one', async () => {
    const { token } = await person();
    const first = await openTicket(token);
    await call('POST', apiPath(API.staff.ticketClose, { ticketId: first.id }), staffToken);
    const late = await reply(first.id, 'One more thing');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(S.closed);
    const second = await openTicket(token, 'A new problem');
    expect(second.id).not.toBe(first.id);
    // The old ticket cannot come back while the new one is open.
    const reopen = await call('POST', apiPath(API.staff.ticketReopen, { ticketId: first.id }), staffToken);
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().message).toBe(messages.staff.reopenRefused);
    await call('POST', apiPath(API.staff.ticketClose, { ticketId: second.id }), staffToken);
    const reopened = await call('POST', apiPath(API.staff.ticketReopen, { ticketId: first.id }), staffToken);
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect((await call('GET', API.support.myActiveTicket, token)).json().data.id).toBe(first.id);
  });
});
