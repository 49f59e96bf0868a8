import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, HUB_METHODS, messages, SUPPORT_HUB_EVENTS } from '@rummage/contract';
import { ME_OK, mockApi, storeSession, type MockAnswer } from '../../test/api';
import { renderWithHubs, TICKET, ticketMessage } from '../../test/supportHub';

const ACTIVE = `GET ${API.support.myActiveTicket}`;
const CREATE = `POST ${API.support.createTicket}`;
const HISTORY = `GET /api/Support/ticket-history/${TICKET.id}`;
const READ = `POST ${API.support.read}`;
const FILL = messages.common.fillFieldsProperly;

function setup(answers: Record<string, MockAnswer | (() => MockAnswer)> = {}) {
  storeSession();
  const api = mockApi({
    'GET /api/Account/me': ME_OK,
    [ACTIVE]: { body: { data: null } },
    [HISTORY]: { body: { data: [] } },
    [READ]: { body: { message: 'ok' } },
    ...answers,
  });
  const user = userEvent.setup();
  const app = renderWithHubs('/support');
  const callsTo = (route: string) => api.calls.filter((call) => `${call.method} ${call.path}` === route);
  return { api, user, app, callsTo };
}

async function openForm(answers: Parameters<typeof setup>[0] = {}) {
  const context = setup(answers);
  await screen.findByRole('heading', { name: messages.support.title }, { timeout: 5000 });
  return context;
}

async function openTicket(history = [ticketMessage()], answers: Parameters<typeof setup>[0] = {}) {
  const context = setup({
    [ACTIVE]: { body: { data: TICKET } },
    [HISTORY]: { body: { data: history } },
    ...answers,
  });
  await screen.findByRole('region', { name: 'Support conversation' }, { timeout: 5000 });
  await waitFor(() =>
    expect(context.app.supportHub().calls(HUB_METHODS.support.joinChat)).toEqual([[TICKET.id]]),
  );
  return context;
}

describe('/support form', () => {
  it('shows a spinner while the active-ticket check runs, then the SPEC form', async () => {
    storeSession();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { fetchMock } = mockApi({ 'GET /api/Account/me': ME_OK, [ACTIVE]: { body: { data: null } } });
    const answer = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).includes(API.support.myActiveTicket)) await gate;
      return answer!(input, init);
    });
    renderWithHubs('/support');
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([input]) => String(input).includes(API.support.myActiveTicket))).toBe(
        true,
      ),
    );
    expect(screen.getByRole('status').textContent).toContain('Loading');
    expect(screen.queryByRole('heading', { name: messages.support.title })).toBeNull();
    await act(async () => release());
    expect(await screen.findByRole('heading', { name: messages.support.title })).toBeTruthy();
    expect(screen.getByText('hello, @maria to your')).toBeTruthy();
    expect(screen.getByText(messages.support.help)).toBeTruthy();
  });

  it('offers the four SPEC issues with their values and labels', async () => {
    await openForm();
    const options = within(screen.getByLabelText('issue')).getAllByRole('option');
    const offered = options.filter((option) => (option as HTMLOptionElement).value !== '');
    expect(offered.map((option) => [(option as HTMLOptionElement).value, option.textContent])).toEqual([
      ['system-bug', 'system bug'],
      ['another-thrifter', 'another thrifter'],
      ['a-product', 'a product'],
      ['something-else', 'something else'],
    ]);
  });

  it('refuses a blank issue or description in red, sends nothing, and clears the error on editing', async () => {
    const { user, callsTo } = await openForm();
    const send = screen.getByRole('button', { name: messages.support.send });
    await user.click(send);
    expect(screen.getByRole('alert').textContent).toContain(FILL);
    await user.selectOptions(screen.getByLabelText('issue'), 'system-bug');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.type(screen.getByLabelText('description'), '   ');
    await user.click(send);
    expect(screen.getByRole('alert').textContent).toContain(FILL);
    expect(screen.getByRole('alert').className).toContain('red');
    await user.type(screen.getByLabelText('description'), 'x');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(callsTo(CREATE)).toHaveLength(0);
  });

  it("shows 'Submitting...' (disabled) while sending, then the new ticket's chat", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { user, api, callsTo } = await openForm({
      [CREATE]: { status: 201, body: { message: 'Ticket created.', data: TICKET } },
    });
    const answer = api.fetchMock.getMockImplementation();
    api.fetchMock.mockImplementation(async (input, init) => {
      if (String(input).includes(API.support.createTicket)) await gate;
      return answer!(input, init);
    });
    await user.selectOptions(screen.getByLabelText('issue'), 'a-product');
    await user.type(screen.getByLabelText('description'), '  The seller never showed up.  ');
    await user.click(screen.getByRole('button', { name: messages.support.send }));
    const busy = await screen.findByRole('button', { name: messages.support.submitting });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    await act(async () => release());
    expect(await screen.findByRole('region', { name: 'Support conversation' })).toBeTruthy();
    expect(callsTo(CREATE).map((call) => call.body)).toEqual([
      { subject: 'a-product', message: 'The seller never showed up.', username: 'maria' },
    ]);
  });

  it("shows the server's refusal, else the SPEC fallback (also over the server's own failure text)", async () => {
    const answers: MockAnswer[] = [
      { status: 400, body: { message: messages.support.tooLong } },
      { status: 500, body: { message: messages.common.serverError } },
    ];
    const { user } = await openForm({ [CREATE]: () => answers.shift() ?? { status: 500 } });
    await user.selectOptions(screen.getByLabelText('issue'), 'something-else');
    await user.type(screen.getByLabelText('description'), 'help');
    await user.click(screen.getByRole('button', { name: messages.support.send }));
    expect((await screen.findByRole('alert')).textContent).toContain(messages.support.tooLong);
    await user.click(screen.getByRole('button', { name: messages.support.send }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(messages.support.failed));
    expect(screen.getByRole('button', { name: messages.support.send })).toBeTruthy();
  });

  it('shows the ticket that is already open when the server answers 409', async () => {
    let open = false;
    const { user } = await openForm({
      [ACTIVE]: () => ({ body: { data: open ? TICKET : null } }),
      [CREATE]: () => {
        open = true;
        return { status: 409, body: { message: messages.support.alreadyOpen, data: TICKET } };
      },
    });
    await user.selectOptions(screen.getByLabelText('issue'), 'a-product');
    await user.type(screen.getByLabelText('description'), 'again');
    await user.click(screen.getByRole('button', { name: messages.support.send }));
    const chat = await screen.findByRole('region', { name: 'Support conversation' });
    expect(within(chat).getByText('thrifter').nextElementSibling?.textContent).toBe('@maria');
    expect(screen.queryByRole('combobox', { name: 'issue' })).toBeNull();
  });

  it('shows the form when the server calls the ticket closed', async () => {
    await openForm({ [ACTIVE]: { body: { data: { ...TICKET, status: 'closed' } } } });
    expect(screen.queryByRole('region', { name: 'Support conversation' })).toBeNull();
  });
});

describe('/support ticket chat', () => {
  it('shows date, thrifter and issue, labelled messages with relative times, and the safety notice', async () => {
    await openTicket([
      ticketMessage(),
      ticketMessage({
        id: 2,
        content: 'Sorry to hear that. Which listing?',
        sentByUser: false,
        senderName: 'Rummage support',
        createdAt: new Date(Date.now() - 2 * 60_000).toISOString(),
      }),
    ]);
    const chat = screen.getByRole('region', { name: 'Support conversation' });
    const term = (name: string) => within(chat).getByText(name).nextElementSibling?.textContent;
    expect([term('date'), term('thrifter'), term('issue')]).toEqual(['Mar 4, 2025', '@maria', 'a product']);
    const items = within(chat).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '@mariaThe seller never showed up.5 minutes ago',
      'Rummage supportSorry to hear that. Which listing?2 minutes ago',
    ]);
    expect(items[0]?.dataset.own).toBe('true');
    expect(items[1]?.dataset.own).toBeUndefined();
    expect(within(chat).getByText(messages.chat.safetyNotice)).toBeTruthy();
  });

  it('marks the ticket read on open and again when a staff answer arrives', async () => {
    const { app, callsTo } = await openTicket();
    await waitFor(() =>
      expect(callsTo(READ).map((call) => call.body)).toEqual([{ ticketId: TICKET.id, isUser: true }]),
    );
    app.push(
      ticketMessage({ id: 9, content: 'We are on it.', sentByUser: false, senderName: 'Rummage support' }),
    );
    expect(await screen.findByText('We are on it.')).toBeTruthy();
    await waitFor(() => expect(callsTo(READ)).toHaveLength(2));
    // Messages for another ticket are not this chat's business.
    app.push(ticketMessage({ id: 10, ticketId: 99, content: 'elsewhere', sentByUser: false }));
    expect(screen.queryByText('elsewhere')).toBeNull();
  });

  it('sends through the hub, shows the message pending, and replaces it with the echo', async () => {
    const { app, user } = await openTicket();
    await user.type(screen.getByLabelText('Message'), '  It was the blue chair.  ');
    await user.click(screen.getByRole('button', { name: messages.chat.send }));
    expect(app.supportHub().calls(HUB_METHODS.support.sendMessage)).toEqual([
      [{ TicketId: TICKET.id, isUser: true, Message: 'It was the blue chair.' }],
    ]);
    expect((screen.getByLabelText('Message') as HTMLInputElement).value).toBe('');
    expect(screen.getByText('sending…')).toBeTruthy();
    app.push(
      ticketMessage({ id: 5, content: 'It was the blue chair.', createdAt: new Date().toISOString() }),
    );
    await waitFor(() => expect(screen.queryByText('sending…')).toBeNull());
    expect(screen.getAllByText('It was the blue chair.')).toHaveLength(1);
    expect(screen.getByText('a few seconds ago')).toBeTruthy();
    // The same echo twice (another tab, a retry) still shows once.
    app.push(
      ticketMessage({ id: 5, content: 'It was the blue chair.', createdAt: new Date().toISOString() }),
    );
    expect(screen.getAllByText('It was the blue chair.')).toHaveLength(1);
  });

  it('shows an answer staff sent after the history was read and before the join took effect', async () => {
    const answer = ticketMessage({ id: 7, sentByUser: false, content: 'Which listing was it?' });
    let reads = 0;
    // Staff answer while this page is between reading the history and joining: no push brings it.
    await openTicket([ticketMessage()], {
      [HISTORY]: () => ({
        body: { data: (reads += 1) === 1 ? [ticketMessage()] : [ticketMessage(), answer] },
      }),
    });
    expect(await screen.findByText('Which listing was it?')).toBeTruthy();
  });

  it('sends only while connected, and re-joins and reloads the history after a reconnect', async () => {
    const { app, user, callsTo } = await openTicket();
    const hub = app.supportHub();
    await waitFor(() => expect(callsTo(HISTORY)).toHaveLength(2));
    act(() => hub.dropConnection());
    await user.type(screen.getByLabelText('Message'), 'hello?');
    const send = screen.getByRole('button', { name: messages.chat.send }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    expect(screen.getByText('Connecting to support…')).toBeTruthy();
    expect(callsTo(HISTORY)).toHaveLength(2);
    act(() => hub.restoreConnection());
    await waitFor(() =>
      expect([app.hubs.hubs.length, hub.calls(HUB_METHODS.support.joinChat).length]).toEqual([1, 2]),
    );
    await waitFor(() => expect(callsTo(HISTORY)).toHaveLength(3));
    expect(send.disabled).toBe(false);
    expect(hub.calls(HUB_METHODS.support.sendMessage)).toHaveLength(0);
  });

  it('goes back to the form with a note when the server says the ticket was closed', async () => {
    let open = true;
    const { app, user } = await openTicket([ticketMessage()], {
      [ACTIVE]: () => ({ body: { data: open ? TICKET : null } }),
    });
    app.supportHub().onInvoke = (method) => {
      if (method !== HUB_METHODS.support.sendMessage) return undefined;
      open = false;
      throw new Error(
        `An unexpected error occurred invoking 'SendMessage' on the server. HubException: ${messages.support.closed}`,
      );
    };
    await user.type(screen.getByLabelText('Message'), 'still there?');
    await user.click(screen.getByRole('button', { name: messages.chat.send }));
    expect(await screen.findByRole('combobox', { name: 'issue' })).toBeTruthy();
    expect(screen.getByText(messages.support.closed)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Support conversation' })).toBeNull();
  });

  it('takes the stored message SendMessage answers with when it comes before the echo', async () => {
    const { app, user } = await openTicket();
    app.supportHub().onInvoke = (method, args) =>
      method === HUB_METHODS.support.sendMessage
        ? ticketMessage({
            id: 6,
            content: (args[0] as { Message: string }).Message,
            createdAt: new Date().toISOString(),
          })
        : undefined;
    await user.type(screen.getByLabelText('Message'), 'Any news?');
    await user.click(screen.getByRole('button', { name: messages.chat.send }));
    await waitFor(() => expect(screen.queryByText('sending…')).toBeNull());
    app.push(ticketMessage({ id: 6, content: 'Any news?', createdAt: new Date().toISOString() }));
    expect(screen.getAllByText('Any news?')).toHaveLength(1);
  });

  it('shows the form with a note as soon as staff close the ticket', async () => {
    let open = true;
    const { app } = await openTicket([ticketMessage()], {
      [ACTIVE]: () => ({ body: { data: open ? TICKET : null } }),
    });
    open = false;
    act(() => app.supportHub().emit(SUPPORT_HUB_EVENTS.ticketChanged, { ...TICKET, status: 'closed' }));
    expect(await screen.findByRole('combobox', { name: 'issue' })).toBeTruthy();
    expect(screen.getByText(messages.support.closed)).toBeTruthy();
  });
});
