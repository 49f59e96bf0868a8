import { describe, expect, it } from 'vitest';
import {
  API,
  apiPath,
  fillText,
  HUB_EVENTS,
  HUBS,
  messages,
  SUPPORT_HUB_EVENTS,
  SUPPORT_LIMITS,
  type SupportTicket,
  type TicketMessage,
} from '@rummage/contract';
import { banUser, bearer } from '../../test/factories.js';
import { useHubTestApp, type HubPerson } from '../test/hub-app.js';
import { nextPush, signalR } from '../test/server.js';

const S = messages.support;

const hub = useHubTestApp();
const { person, connect } = hub;

async function rest(who: HubPerson, url: string, payload?: object) {
  const response = await fetch(`${hub.server.origin}${url}`, {
    method: 'POST',
    headers: { ...bearer(who.token), 'content-type': 'application/json' },
    body: JSON.stringify(payload ?? {}),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return response.json() as Promise<{ data: unknown }>;
}

async function openTicket(who: HubPerson, message: string): Promise<SupportTicket> {
  const body = await rest(who, API.support.createTicket, {
    subject: 'a-product',
    message,
    username: who.username,
  });
  return body.data as SupportTicket;
}

/** A /generalhub connection after Join, with the support count Join pushed. */
async function supportBadge(who: HubPerson) {
  const general = await connect(HUBS.general, who);
  const first = nextPush(general, HUB_EVENTS.unreadSupportMessagesCount);
  await general.invoke('Join', false);
  return { general, count: (await first) as number };
}

describe('/supporthub with the official client', () => {
  it('lets the user and staff talk live, with both unread badges following', async () => {
    const [user, staff] = await Promise.all([person(), person('staff')]);
    const ticket = await openTicket(user, 'My listing disappeared.');
    const userBadge = await supportBadge(user);
    const staffBadge = await supportBadge(staff);
    expect(userBadge.count).toBe(0);
    // The new ticket waits for an answer: it is on every staff member's badge.
    expect(staffBadge.count).toBe(1);

    const userHub = await connect(HUBS.support, user);
    const staffHub = await connect(HUBS.support, staff);
    // The support page passes the id it read from my-active-ticket; a route string works too.
    await userHub.invoke('JoinChat', ticket.id);
    await staffHub.invoke('JoinChat', String(ticket.id));

    // Staff answer; the client claims to be the user, which changes nothing.
    const toUser = nextPush(userHub, HUB_EVENTS.receiveMessage);
    const toStaff = nextPush(staffHub, HUB_EVENTS.receiveMessage);
    const userCount = nextPush(userBadge.general, HUB_EVENTS.unreadSupportMessagesCount);
    const staffCount = nextPush(staffBadge.general, HUB_EVENTS.unreadSupportMessagesCount);
    await staffHub.invoke('SendMessage', {
      TicketId: ticket.id,
      isUser: true,
      Message: 'We are looking at it.',
    });
    const answer = (await toUser) as TicketMessage;
    expect(answer).toMatchObject({
      content: 'We are looking at it.',
      sentByUser: false,
      isNew: true,
      ticketId: ticket.id,
      senderName: fillText(S.accountName, { product: hub.t.config.productName }),
    });
    expect(typeof answer.id).toBe('number');
    expect(typeof answer.createdAt).toBe('string');
    expect(await toStaff).toEqual(answer);
    expect(await userCount).toBe(1);
    expect(await staffCount).toBe(0);

    // The user answers back in the same way the SPEC's client sends.
    const staffHears = nextPush(staffHub, HUB_EVENTS.receiveMessage);
    const userEcho = nextPush(userHub, HUB_EVENTS.receiveMessage);
    const staffAgain = nextPush(staffBadge.general, HUB_EVENTS.unreadSupportMessagesCount);
    await userHub.invoke('SendMessage', { TicketId: ticket.id, isUser: true, Message: 'Thanks!' });
    expect(await staffHears).toMatchObject({
      content: 'Thanks!',
      sentByUser: true,
      senderName: `@${user.username}`,
    });
    expect(await userEcho).toMatchObject({ content: 'Thanks!', sentByUser: true });
    expect(await staffAgain).toBe(1);

    // Reading clears the user's badge live.
    const cleared = nextPush(userBadge.general, HUB_EVENTS.unreadSupportMessagesCount);
    await rest(user, API.support.read, { ticketId: ticket.id, isUser: true });
    expect(await cleared).toBe(0);
  });

  it('pushes a staff answer sent through the REST console, and tells both sides when the ticket closes', async () => {
    const [user, staff] = await Promise.all([person(), person('staff')]);
    const ticket = await openTicket(user, 'Where is my refund?');
    const userHub = await connect(HUBS.support, user);
    const staffHub = await connect(HUBS.support, staff);
    await userHub.invoke('JoinChat', ticket.id);

    const toUser = nextPush(userHub, HUB_EVENTS.receiveMessage);
    await rest(staff, apiPath(API.staff.ticketReply, { ticketId: ticket.id }), {
      message: 'Sent yesterday.',
    });
    expect(await toUser).toMatchObject({ content: 'Sent yesterday.', sentByUser: false, isNew: true });

    const userSees = nextPush(userHub, SUPPORT_HUB_EVENTS.ticketChanged);
    const staffSees = nextPush(staffHub, SUPPORT_HUB_EVENTS.ticketChanged);
    await rest(staff, apiPath(API.staff.ticketClose, { ticketId: ticket.id }));
    expect(await userSees).toMatchObject({ id: ticket.id, status: 'closed' });
    expect(await staffSees).toMatchObject({ id: ticket.id, status: 'closed' });
    await expect(
      userHub.invoke('SendMessage', { TicketId: ticket.id, isUser: true, Message: 'Hello?' }),
    ).rejects.toThrow(`HubException: ${S.closed}`);
  });

  it('keeps a third person out of the ticket, and explains bad messages', async () => {
    const [user, stranger] = await Promise.all([person(), person()]);
    const ticket = await openTicket(user, 'Private matter');
    const strangerHub = await connect(HUBS.support, stranger);
    await expect(strangerHub.invoke('JoinChat', ticket.id)).rejects.toThrow(
      `An unexpected error occurred invoking 'JoinChat' on the server. HubException: ${S.notYours}`,
    );
    await expect(
      strangerHub.invoke('SendMessage', { TicketId: ticket.id, isUser: true, Message: 'Let me in' }),
    ).rejects.toThrow(`HubException: ${S.notYours}`);
    await expect(strangerHub.invoke('JoinChat', 999_999_999)).rejects.toThrow(`HubException: ${S.notFound}`);

    const userHub = await connect(HUBS.support, user);
    // Every refusal is told both ways, as in chats: MessageError, and the failed invocation with the same text.
    const told = nextPush(userHub, HUB_EVENTS.messageError);
    await expect(
      userHub.invoke('SendMessage', { TicketId: ticket.id, isUser: true, Message: '   ' }),
    ).rejects.toThrow(`HubException: ${messages.common.fillFieldsProperly}`);
    expect(await told).toBe(messages.common.fillFieldsProperly);
    // Nothing was stored by the refused sends.
    const history = await hub.t.app.inject({
      method: 'GET',
      url: apiPath(API.support.ticketHistory, { ticketId: ticket.id }),
      headers: bearer(user.token),
    });
    expect(history.json<{ data: TicketMessage[] }>().data.map((m) => m.content)).toEqual(['Private matter']);
  });

  it('asks the user to wait for an answer after a burst of messages, and lets them go on once staff answer', async () => {
    const [user, staff] = await Promise.all([person(), person('staff')]);
    const ticket = await openTicket(user, 'Message 1');
    const userHub = await connect(HUBS.support, user);
    const send = (Message: string) =>
      userHub.invoke('SendMessage', { TicketId: ticket.id, isUser: true, Message });
    // The opening message counts: it is the first one waiting for an answer.
    for (let n = 2; n <= SUPPORT_LIMITS.unansweredMessagesPerMinute; n++) await send(`Message ${n}`);
    await expect(send('One too many')).rejects.toThrow(`HubException: ${S.unansweredLimited}`);

    await rest(staff, apiPath(API.staff.ticketReply, { ticketId: ticket.id }), { message: 'We are here.' });
    await expect(send('Thank you')).resolves.toMatchObject({ content: 'Thank you' });
    const history = await hub.t.app.inject({
      method: 'GET',
      url: apiPath(API.support.ticketHistory, { ticketId: ticket.id }),
      headers: bearer(user.token),
    });
    const contents = history.json<{ data: TicketMessage[] }>().data.map((m) => m.content);
    expect(contents).not.toContain('One too many');
    expect(contents.slice(-2)).toEqual(['We are here.', 'Thank you']);
  });

  it('refuses a connection that outlived its owner’s ban', async () => {
    const user = await person();
    const ticket = await openTicket(user, 'Before the ban');
    const userHub = await connect(HUBS.support, user);
    await userHub.invoke('JoinChat', ticket.id);
    // Banned without the hub being told (as when the backplane message to this process was lost).
    await banUser(hub.t.app, user.id);
    await expect(
      userHub.invoke('SendMessage', { TicketId: ticket.id, isUser: true, Message: 'After the ban' }),
    ).rejects.toThrow(`HubException: ${messages.common.loginRequired}`);
    await expect(userHub.invoke('JoinChat', ticket.id)).rejects.toThrow(messages.common.loginRequired);
  });

  it('ends a banned person’s live connections and keeps them from reconnecting', async () => {
    const [user, staff] = await Promise.all([person(), person('staff')]);
    await openTicket(user, 'Hello');
    const userHub = await connect(HUBS.support, user);
    const userGeneral = await connect(HUBS.general, user);
    const closed = [userHub, userGeneral].map(
      (connection) => new Promise<Error | undefined>((resolve) => connection.onclose(resolve)),
    );
    await rest(staff, apiPath(API.staff.banUser, { userId: user.id }), { reason: 'Spam' });
    const errors = await Promise.all(closed);
    expect(errors.every((error) => error !== undefined)).toBe(true);
    expect(userHub.state).toBe(signalR.HubConnectionState.Disconnected);
    await expect(connect(HUBS.support, user)).rejects.toThrow();
  });
});
