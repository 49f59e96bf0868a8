import { describe, expect, it, vi } from 'vitest';
import { API, apiPath, HUB_EVENTS, HUBS, messages, type SupportTicket } from '@rummage/contract';
import { useHubTestApp, type HubPerson } from './test/hub-app.js';
import { nextPush, type HubConnection } from './test/server.js';
import { bearer } from '../test/factories.js';

// A role change must reach /supporthub connections that are already open: the console of someone whose staff
// role was taken back must stop receiving every user's support messages, and a new staff member's must start.
// The server makes those connections reconnect (Close with allowReconnect), so they come back with the new role.

const hub = useHubTestApp();
const { person, connect } = hub;

async function post(who: HubPerson, url: string, payload: object = {}) {
  const response = await hub.t.app.inject({ method: 'POST', url, headers: bearer(who.token), payload });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json<{ data: unknown }>().data;
}

/** Every ReceiveMessage content a connection gets from now on. */
function heard(connection: HubConnection): string[] {
  const contents: string[] = [];
  connection.on(HUB_EVENTS.receiveMessage, (message: { content: string }) => contents.push(message.content));
  return contents;
}

describe('staff role changes on open /supporthub connections', () => {
  it('stops live delivery and staff rights when the role is taken back, and starts them when granted', async () => {
    const [admin, colleague, leaving, joining, user] = await Promise.all([
      person('admin'),
      person('staff'),
      person('staff'),
      person(),
      person(),
    ]);
    const colleagueHub = await connect(HUBS.support, colleague);
    const leavingHub = await connect(HUBS.support, leaving, { reconnect: true });
    const joiningHub = await connect(HUBS.support, joining, { reconnect: true });
    const leavingHeard = heard(leavingHub);
    const joiningHeard = heard(joiningHub);
    const back = [leavingHub, joiningHub].map(
      (connection) => new Promise((resolve) => connection.onreconnected(resolve)),
    );
    const colleagueReconnects = vi.fn();
    colleagueHub.onreconnecting(colleagueReconnects);

    await post(admin, apiPath(API.staff.revokeStaff, { userId: leaving.id }));
    await post(admin, apiPath(API.staff.grantStaff, { userId: joining.id }));
    await Promise.all(back);

    // The colleague hears the new ticket; by then the others have been sent theirs, if any.
    const colleagueHears = nextPush(colleagueHub, HUB_EVENTS.receiveMessage);
    const ticket = (await post(user, API.support.createTicket, {
      subject: 'another-thrifter',
      message: 'Someone keeps messaging me.',
    })) as SupportTicket;
    await colleagueHears;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(leavingHeard).toEqual([]);
    expect(joiningHeard).toEqual(['Someone keeps messaging me.']);
    // Only the people whose role changed were sent away.
    expect(colleagueReconnects).not.toHaveBeenCalled();

    await expect(leavingHub.invoke('JoinChat', ticket.id)).rejects.toThrow(
      `HubException: ${messages.support.notYours}`,
    );
    await expect(
      leavingHub.invoke('SendMessage', { TicketId: ticket.id, isUser: false, Message: 'Still here' }),
    ).rejects.toThrow(`HubException: ${messages.support.notYours}`);
    await joiningHub.invoke('JoinChat', ticket.id);
    const stored = await joiningHub.invoke('SendMessage', {
      TicketId: ticket.id,
      isUser: false,
      Message: 'We are on it.',
    });
    expect(stored).toMatchObject({ sentByUser: false, content: 'We are on it.' });
  });
});
