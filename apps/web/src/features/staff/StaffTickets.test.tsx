import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, HUB_METHODS, messages, type StaffTicketDetail } from '@rummage/contract';
import { renderWithHubs, TICKET, ticketMessage } from '../../test/supportHub';
import { MARIA, queueTicket, signInAs } from './testData';

const QUEUE = `GET ${API.staff.tickets}`;
const DETAIL = `GET /api/Staff/tickets/${TICKET.id}`;
const HISTORY = `GET /api/Support/ticket-history/${TICKET.id}`;
const READ = `POST ${API.support.read}`;
const CLOSE = `POST /api/Staff/tickets/${TICKET.id}/close`;
const REOPEN = `POST /api/Staff/tickets/${TICKET.id}/reopen`;

const OTHER = queueTicket({
  id: 40,
  username: 'ollie',
  subject: 'system-bug',
  title: 'system bug',
  hasUnread: false,
  unreadCount: 0,
  waitingSince: null,
  lastMessage: 'Thanks!',
});

async function openQueue() {
  let status: 'open' | 'closed' = 'open';
  const detail = (): StaffTicketDetail => ({
    ticket: queueTicket({ status, closedBy: status === 'closed' ? 'sam' : null }),
    user: MARIA,
    messages: [],
  });
  const api = signInAs('staff', {
    [QUEUE]: () => ({ body: { data: [queueTicket({ status }), OTHER], page: 1, pageSize: 20, total: 2 } }),
    [DETAIL]: () => ({ body: { data: detail() } }),
    [HISTORY]: {
      body: {
        data: [
          ticketMessage(),
          ticketMessage({
            id: 2,
            content: 'Which listing?',
            sentByUser: false,
            senderName: 'Rummage support',
          }),
        ],
      },
    },
    [READ]: { body: { data: { ticketId: TICKET.id, unreadCount: 0 } } },
    [CLOSE]: () => {
      status = 'closed';
      return { body: { message: messages.staff.ticketClosed, data: { ...TICKET, status } } };
    },
    [REOPEN]: () => {
      status = 'open';
      return { body: { message: messages.staff.ticketReopened, data: { ...TICKET, status } } };
    },
  });
  const user = userEvent.setup();
  const app = renderWithHubs('/staff');
  const queue = await screen.findByRole('region', { name: 'Tickets' }, { timeout: 5000 });
  await within(queue).findByText('@maria');
  return { api, user, app, queue };
}

describe('staff console tickets', () => {
  it('lists the queue as the server orders it, with unread marks and waiting times', async () => {
    const { queue } = await openQueue();
    const rows = within(queue).getAllByRole('button', { name: /@/ });
    expect(rows.map((row) => row.querySelector('.font-bold')?.textContent)).toEqual(['@maria', '@ollie']);
    expect(within(rows[0] as HTMLElement).getByText('1 unread')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('waiting since an hour ago')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).queryByText(/unread/)).toBeNull();
  });

  it('chats live with the user as staff: JoinChat, SendMessage with isUser false, read marks', async () => {
    const { api, user, app, queue } = await openQueue();
    await user.click(within(queue).getByRole('button', { name: /@maria/ }));
    const chat = await screen.findByRole('region', { name: 'Support conversation' });
    await within(chat).findByText('Which listing?');
    const hub = app.supportHub();
    await waitFor(() => expect(hub.calls(HUB_METHODS.support.joinChat)).toEqual([[TICKET.id]]));
    await waitFor(() =>
      expect(api.callsTo(READ).map((call) => call.body)).toEqual([{ ticketId: TICKET.id, isUser: false }]),
    );
    // Staff answers sit on the right here; the user's messages carry '@maria'.
    const items = within(chat).getAllByRole('listitem');
    expect(items[0]?.dataset.own).toBeUndefined();
    expect(items[1]?.dataset.own).toBe('true');
    expect(within(items[0] as HTMLElement).getByText('@maria')).toBeTruthy();

    await user.type(within(chat).getByLabelText('Message'), 'The blue chair?');
    await user.click(within(chat).getByRole('button', { name: messages.chat.send }));
    expect(hub.calls(HUB_METHODS.support.sendMessage)).toEqual([
      [{ TicketId: TICKET.id, isUser: false, Message: 'The blue chair?' }],
    ]);

    const queueLoads = api.callsTo(QUEUE).length;
    app.push(ticketMessage({ id: 3, content: 'Yes, that one.' }));
    expect(await within(chat).findByText('Yes, that one.')).toBeTruthy();
    await waitFor(() => expect(api.callsTo(READ)).toHaveLength(2));
    // Another ticket's message refreshes the queue but stays out of this chat.
    app.push(ticketMessage({ id: 4, ticketId: OTHER.id, content: 'Hello again' }));
    await waitFor(() => expect(api.callsTo(QUEUE).length).toBeGreaterThan(queueLoads));
    expect(within(chat).queryByText('Hello again')).toBeNull();

    // Switching tickets joins the next one on the same connection.
    await user.click(within(queue).getByRole('button', { name: /@ollie/ }));
    await waitFor(() => expect(hub.calls(HUB_METHODS.support.joinChat)).toEqual([[TICKET.id], [OTHER.id]]));
    expect(app.hubs.hubs).toHaveLength(1);
  });

  it('closes a ticket after a confirmation and reopens it', async () => {
    const { api, user, queue } = await openQueue();
    await user.click(within(queue).getByRole('button', { name: /@maria/ }));
    await user.click(await screen.findByRole('button', { name: 'Close ticket' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Close this ticket?' });
    await user.click(within(confirm).getByRole('button', { name: 'Close ticket' }));
    await waitFor(() => expect(api.callsTo(CLOSE)).toHaveLength(1));
    expect((await screen.findByText(messages.staff.ticketClosed)).closest('[role="status"]')).toBeTruthy();
    // Closed: no send box until it is reopened.
    const reopen = await screen.findByRole('button', { name: 'Reopen ticket' });
    const chat = screen.getByRole('region', { name: 'Support conversation' });
    expect(within(chat).queryByLabelText('Message')).toBeNull();
    expect(screen.getByText('closed by @sam', { exact: false })).toBeTruthy();

    await user.click(reopen);
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Reopen this ticket?' })).getByRole('button', {
        name: 'Reopen ticket',
      }),
    );
    await waitFor(() => expect(api.callsTo(REOPEN)).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Close ticket' })).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Support conversation' })).getByLabelText('Message'),
    ).toBeTruthy();
  });
});
