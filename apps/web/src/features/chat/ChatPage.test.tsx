import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fillText, HUB_EVENTS, HUBS, messages, type ChatThreadHeader } from '@rummage/contract';
import { renderWithHubs } from '../../test/renderWithHubs';
import { ME_OK, mockApi, storeSession, type MockAnswer } from '../../test/api';
import { seriousA11yViolations } from '../../test/location';

const T = messages.chat;
const NOW = new Date('2026-05-01T12:00:00Z');
// maria (7, signed in) chats with sam (12) about listing 40.
const HEADER: ChatThreadHeader = {
  userId: 12,
  userName: 'sam',
  userImageUrl: null,
  isFollowedByCurrentUser: true,
  isBlockedByCurrentUser: false,
  productId: 40,
  productName: 'Blue velvet sofa',
  productPrice: 120,
  productImageUrl: null,
  sellerId: 12,
  isSold: false,
  isHidden: false,
  reservedUntil: null,
  isReservedInThisChat: false,
  agreedPrice: null,
};

function chatMessage(id: number, from: 7 | 12, text: string, minutesAgo: number, productId = 40) {
  const time = new Date(NOW.getTime() - minutesAgo * 60_000).toISOString();
  return {
    id,
    productId,
    userId: from,
    senderId: from,
    receiverId: from === 7 ? 12 : 7,
    userName: from === 7 ? 'maria' : 'sam',
    message: text,
    messageContent: text,
    text,
    timestamp: time,
    time,
  };
}

function setup({
  history = [chatMessage(1, 12, 'Is it still available?', 5), chatMessage(2, 7, 'Yes it is', 2)],
  hasMore = false,
  historyAnswer,
  header = HEADER,
  headerAnswer,
}: {
  history?: unknown[];
  hasMore?: boolean;
  historyAnswer?: (url: URL) => MockAnswer;
  header?: ChatThreadHeader;
  headerAnswer?: () => MockAnswer;
} = {}) {
  storeSession();
  const api = mockApi({
    'GET /api/Account/me': ME_OK,
    'GET /api/Message/unread-count': { body: { data: { messages: 0, support: 0 } } },
    'GET /api/Message/chat-thrifter/40/with/12': headerAnswer ?? { body: { data: header } },
    'GET /api/Message/history/40/with/12': ({ url }) =>
      historyAnswer ? historyAnswer(url) : { body: { data: history, hasMore } },
    'POST /api/Message/read': { body: {} },
  });
  const app = renderWithHubs('/chat/12/40');
  return { api, ...app };
}

async function openChat(options?: Parameters<typeof setup>[0]) {
  const app = setup(options);
  await screen.findByRole('heading', { level: 1, name: '@sam' }, { timeout: 5000 });
  const chat = app.hubs.hub(HUBS.chat)!;
  await waitFor(() => expect(chat.calls('JoinChat')).toEqual([[12, 40]]));
  await waitFor(() => expect(sendButton().hasAttribute('disabled')).toBe(false));
  return { ...app, chat };
}

/**
 * The chat open with m1, read a page of 50 at a time (`before` pages back), then the connection drops and sam
 * writes m2–m61: more than a page is missed. `history` is what the server holds; a test may add to it.
 */
async function openChatThenMissSixty() {
  const PAGE = 50;
  const history = [chatMessage(1, 12, 'm1', 120)];
  const page = (url: URL) => {
    const before = Number(url.searchParams.get('before') ?? Infinity);
    const older = history.filter((message) => message.id < before);
    return { body: { data: older.slice(-PAGE), hasMore: older.length > PAGE } };
  };
  const { chat } = await openChat({ historyAnswer: page });
  act(() => chat.dropConnection());
  history.push(...Array.from({ length: 60 }, (_, n) => chatMessage(n + 2, 12, `m${n + 2}`, 60 - n)));
  return { chat, history };
}

const sendButton = () => screen.getByRole('button', { name: T.send });
const messageItems = () => within(screen.getByRole('log')).queryAllByRole('listitem');
const itemTexts = () => messageItems().map((item) => item.querySelector('p')?.textContent);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe('chat page', () => {
  it('shows the header, the history with sides and names, relative times, the notice and the box', async () => {
    const { api } = await openChat();
    expect(screen.getByText('$120')).toBeTruthy();
    expect(screen.getByText('Blue velvet sofa')).toBeTruthy();
    expect(screen.getByRole('button', { name: /unfollow/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Close chat' }).getAttribute('href')).toBe('/messages');

    const [theirs, ours] = messageItems();
    expect(within(theirs!).getByText('@sam')).toBeTruthy();
    expect(within(theirs!).getByText('5 minutes ago')).toBeTruthy();
    expect(theirs!.className).toContain('mr-auto');
    expect(within(ours!).getByText('@maria')).toBeTruthy();
    expect(within(ours!).getByText('2 minutes ago')).toBeTruthy();
    expect(ours!.className).toContain('ml-auto');

    expect(screen.getByText(T.safetyNotice)).toBeTruthy();
    expect(screen.getByPlaceholderText(T.inputPlaceholder)).toBeTruthy();
    // Opening the chat marks it read.
    await waitFor(() =>
      expect(api.calls.find((call) => call.path === '/api/Message/read')?.body).toEqual({
        productId: 40,
        senderId: 12,
      }),
    );
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('says the chat is paused while staff hide its listing, keeps the box and send off, and offers only to decline', async () => {
    const O = messages.offers;
    const offer = {
      ...chatMessage(3, 12, 'Offered $100', 1),
      offer: { id: 9, amount: 100, status: 'pending' },
    };
    setup({
      header: { ...HEADER, isHidden: true },
      history: [chatMessage(1, 12, 'Is it still available?', 5), chatMessage(2, 7, 'Yes it is', 2), offer],
    });
    expect(await screen.findByText(T.listingHidden)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: T.messageLabel }).hasAttribute('disabled')).toBe(true);
    expect(sendButton().hasAttribute('disabled')).toBe(true);
    // The history stays readable.
    expect(await screen.findByText('Yes it is')).toBeTruthy();
    // An open offer can be ended, not taken up or countered: the server would refuse those with the same words.
    const bubble = await screen.findByRole('group', {
      name: fillText(O.bubbleLabel, { amount: '$100', name: 'sam' }),
    });
    expect(
      within(bubble)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([O.decline]);
  });

  it('shows the amount the two agreed on first, with the asking price beside it', async () => {
    await openChat({ header: { ...HEADER, agreedPrice: 90, isReservedInThisChat: true } });
    const line = screen.getByText('Blue velvet sofa', { exact: false });
    expect(line.textContent).toBe('$90 agreed · asking $120 · Blue velvet sofa');
  });

  it('reads what was agreed again when the page comes back into view and after a dropped connection', async () => {
    let header: ChatThreadHeader = { ...HEADER, agreedPrice: 90, isReservedInThisChat: true };
    const { chat } = await openChat({ headerAnswer: () => ({ body: { data: header } }) });
    const line = () => screen.getByText('Blue velvet sofa', { exact: false }).textContent;
    expect(line()).toBe('$90 agreed · asking $120 · Blue velvet sofa');

    // Called off in another tab: back here, the header no longer says it was agreed.
    header = HEADER;
    act(() => void window.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(line()).not.toContain('agreed'));

    // Agreed again while the connection was down: the reconnect reads it.
    header = { ...HEADER, agreedPrice: 100, isReservedInThisChat: true };
    act(() => chat.dropConnection());
    act(() => chat.restoreConnection());
    await waitFor(() => expect(line()).toBe('$100 agreed · asking $120 · Blue velvet sofa'));
  });

  it('keeps the chat and its header when reading the header again fails (a network blip)', async () => {
    let answer: MockAnswer = { body: { data: { ...HEADER, agreedPrice: 90, isReservedInThisChat: true } } };
    const { chat, api } = await openChat({ headerAnswer: () => answer });
    const reads = () => api.calls.filter((call) => call.path.includes('/chat-thrifter/')).length;
    const before = reads();
    answer = { status: 503, body: { message: 'Service unavailable' } };
    act(() => chat.emit(HUB_EVENTS.agreementChanged, { productId: 40, buyerId: 7 }));
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('Blue velvet sofa', { exact: false }).textContent).toContain('$90 agreed');
    expect(sendButton().hasAttribute('disabled')).toBe(false);
  });

  it('reads what was agreed again when the other person lets the hold go or calls the deal off', async () => {
    let header: ChatThreadHeader = { ...HEADER, agreedPrice: 90, isReservedInThisChat: true };
    const { chat, api } = await openChat({ headerAnswer: () => ({ body: { data: header } }) });
    const line = () => screen.getByText('Blue velvet sofa', { exact: false }).textContent;
    const headerReads = () => api.calls.filter((call) => call.path.includes('/chat-thrifter/')).length;
    expect(line()).toBe('$90 agreed · asking $120 · Blue velvet sofa');
    header = HEADER;
    // Another listing's news is not read here.
    const before = headerReads();
    act(() => chat.emit(HUB_EVENTS.agreementChanged, { productId: 41, buyerId: 7 }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(headerReads()).toBe(before);
    const dealReads = () => api.calls.filter((call) => call.path === '/api/Deal').length;
    const dealsBefore = dealReads();
    act(() => chat.emit(HUB_EVENTS.agreementChanged, { productId: 40, buyerId: 7 }));
    await waitFor(() => expect(line()).not.toContain('agreed'));
    // The deal panel reads the deals again too: a deal called off no longer offers its rating form.
    await waitFor(() => expect(dealReads()).toBeGreaterThan(dealsBefore));
  });

  it('shows a sent message at once as pending, then the server echo in its place, matched by its id', async () => {
    const user = userEvent.setup();
    const { chat } = await openChat();
    const box = () => screen.getByRole('textbox', { name: 'Message' }) as HTMLInputElement;
    await user.type(box(), '  Can I pick it up today?  ');
    await user.click(sendButton());
    await user.type(box(), 'Can I pick it up today?');
    await user.click(sendButton());

    const sent = chat.calls('SendMessage');
    expect(sent).toHaveLength(2);
    expect(sent[0]!.slice(0, 3)).toEqual([12, 'Can I pick it up today?', 40]);
    expect(new Date(sent[0]![3] as string).toISOString()).toBe(sent[0]![3]);
    // A fifth argument names each pending copy; the two are told apart though their text is the same.
    const [firstId, secondId] = sent.map((args) => args[4] as string);
    expect(firstId).toMatch(/^[\w-]{1,64}$/);
    expect(secondId).not.toBe(firstId);
    expect(box().value).toBe('');
    const pendingStates = () => messageItems().map((item) => item.getAttribute('data-pending'));
    expect(pendingStates()).toEqual([null, null, 'true', 'true']);
    expect(within(messageItems().at(-1)!).getByText(/sending/)).toBeTruthy();

    // The second one's echo comes first: it settles the second copy, not the first with the same text.
    const echo = (id: number, clientMessageId: string) => ({
      ...chatMessage(id, 7, 'Can I pick it up today?', 0),
      clientMessageId,
    });
    act(() => chat.emit(HUB_EVENTS.receiveMessage, echo(3, secondId!)));
    expect(pendingStates()).toEqual([null, null, null, 'true']);
    act(() => chat.emit(HUB_EVENTS.receiveMessage, echo(4, firstId!)));
    expect(itemTexts()).toEqual([
      'Is it still available?',
      'Yes it is',
      'Can I pick it up today?',
      'Can I pick it up today?',
    ]);
    expect(pendingStates()).toEqual([null, null, null, null]);
  });

  it('ignores blank messages, duplicates and messages of other chats; marks read when sam writes', async () => {
    const user = userEvent.setup();
    const { chat, api } = await openChat();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), '   ');
    await user.click(sendButton());
    expect(chat.calls('SendMessage')).toEqual([]);

    const reads = () => api.calls.filter((call) => call.path === '/api/Message/read').length;
    const readsBefore = reads();
    act(() => chat.emit(HUB_EVENTS.receiveMessage, chatMessage(4, 12, 'Sure, after 5', 0)));
    act(() => chat.emit(HUB_EVENTS.receiveMessage, chatMessage(4, 12, 'Sure, after 5', 0)));
    act(() => chat.emit(HUB_EVENTS.receiveMessage, chatMessage(9, 12, 'About the lamp', 0, 41)));
    act(() =>
      chat.emit(HUB_EVENTS.receiveMessage, { ...chatMessage(10, 12, 'Hi stranger', 0), receiverId: 99 }),
    );
    expect(itemTexts()).toEqual(['Is it still available?', 'Yes it is', 'Sure, after 5']);
    await waitFor(() => expect(reads()).toBeGreaterThan(readsBefore));
  });

  it('shows MessageError in red and marks the pending message not sent', async () => {
    const user = userEvent.setup();
    const { chat } = await openChat();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'hello again');
    await user.click(sendButton());
    act(() => chat.emit(HUB_EVENTS.messageError, T.unansweredLimited));

    expect(screen.getByRole('alert').textContent).toBe(T.unansweredLimited);
    const last = messageItems().at(-1)!;
    expect(last.getAttribute('data-pending')).toBeNull();
    expect(within(last).getByText(/not sent/)).toBeTruthy();
  });

  it('shows the hub refusal when SendMessage itself fails', async () => {
    const user = userEvent.setup();
    const { chat } = await openChat();
    chat.onInvoke = (method) => {
      if (method === 'SendMessage')
        throw new Error(
          `An unexpected error occurred invoking 'SendMessage' on the server. HubException: ${T.newChatsLimited}`,
        );
    };
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'hello');
    await user.click(sendButton());
    expect((await screen.findByRole('alert')).textContent).toBe(T.newChatsLimited);
    expect(within(messageItems().at(-1)!).getByText(/not sent/)).toBeTruthy();
  });

  it('while reconnecting, send is off and says why; after it, rejoins, reloads the missed messages and reads them', async () => {
    let history = [chatMessage(1, 12, 'Is it still available?', 5)];
    const { chat, api } = await openChat({
      historyAnswer: () => ({ body: { data: history, hasMore: false } }),
    });
    const reads = () =>
      api.calls.filter((call) => call.method === 'POST' && call.path === '/api/Message/read');
    await waitFor(() => expect(reads()).toHaveLength(1));

    act(() => chat.dropConnection());
    expect(sendButton().hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(T.notConnected)).toBeTruthy();

    history = [...history, chatMessage(5, 12, 'Sent while you were away', 1)];
    act(() => chat.restoreConnection());
    await screen.findByText('Sent while you were away');
    expect(chat.calls('JoinChat')).toEqual([
      [12, 40],
      [12, 40],
    ]);
    expect(sendButton().hasAttribute('disabled')).toBe(false);
    expect(screen.queryByText(T.notConnected)).toBeNull();
    expect(itemTexts()).toEqual(['Is it still available?', 'Sent while you were away']);
    // Shown on the open chat, the missed message is read, as a live one is: no unread badge or e-mail for it.
    await waitFor(() => expect(reads()).toHaveLength(2));
  });

  it('after a drop longer than a page of messages, fills the gap between what it showed and the newest page', async () => {
    const { chat } = await openChatThenMissSixty();
    act(() => chat.restoreConnection());
    await screen.findByText('m61');
    await waitFor(() => expect(itemTexts()).toEqual(Array.from({ length: 61 }, (_, n) => `m${n + 1}`)));
    // Everything older was already shown: nothing is left to load.
    expect(screen.queryByRole('button', { name: 'load older messages' })).toBeNull();
  });

  it('fills that gap too when a live message arrives between rejoining and the reload', async () => {
    const { chat, history } = await openChatThenMissSixty();
    // Back in the chat, sam writes again before the missed messages are read: the live one is newer than them all.
    const live = chatMessage(62, 12, 'm62', 0);
    chat.onInvoke = (method) => {
      if (method !== 'JoinChat') return;
      history.push(live);
      chat.emit(HUB_EVENTS.receiveMessage, live);
    };
    act(() => chat.restoreConnection());
    await waitFor(() => expect(itemTexts()).toEqual(Array.from({ length: 62 }, (_, n) => `m${n + 1}`)));
  });

  it('loads older messages above the newest when the server has more', async () => {
    const user = userEvent.setup();
    const { api } = await openChat({
      historyAnswer: (url) =>
        url.searchParams.get('before') === '2'
          ? { body: { data: [chatMessage(1, 12, 'First message', 60)], hasMore: false } }
          : { body: { data: [chatMessage(2, 12, 'Second message', 30)], hasMore: true } },
    });
    await user.click(screen.getByRole('button', { name: 'load older messages' }));
    await screen.findByText('First message');
    expect(itemTexts()).toEqual(['First message', 'Second message']);
    expect(screen.queryByRole('button', { name: 'load older messages' })).toBeNull();
    expect(api.calls.some((call) => call.path === '/api/Message/history/40/with/12')).toBe(true);
  });

  it('leaves the chat and stops the connection when closed', async () => {
    const user = userEvent.setup();
    const { chat, router } = await openChat();
    await user.click(screen.getByRole('link', { name: 'Close chat' }));
    expect(router.state.location.pathname).toBe('/messages');
    await waitFor(() => expect(chat.stopped).toBe(true));
    expect(chat.calls('LeaveChat')).toEqual([[12, 40]]);
  });

  it('says when the chat cannot be loaded', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    setup({ historyAnswer: () => ({ status: 500, body: { message: 'boom' } }) });
    expect(await screen.findByText(T.loadFailed, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText(T.loadFailedHint)).toBeTruthy();
    expect(sendButton().hasAttribute('disabled')).toBe(true);
  });

  it('says why when the chat is refused rather than unreachable: a listing gone or hidden is not a connection fault', async () => {
    setup({ headerAnswer: () => ({ status: 404, body: { message: T.productNotFound } }) });
    expect(await screen.findByText(T.loadFailed, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText(T.productNotFound)).toBeTruthy();
    expect(screen.queryByText(T.loadFailedHint)).toBeNull();
    expect(sendButton().hasAttribute('disabled')).toBe(true);
  });

  it('shows the warning under a received scam message only, and the safety note in a new conversation', async () => {
    const warning = { kind: 'verificationCode', text: messages.safety.verificationCode };
    await openChat({
      history: [
        { ...chatMessage(1, 12, 'send me the code you got', 5), safetyWarning: warning },
        // Our own copy never shows one, even if a warning came along.
        { ...chatMessage(2, 7, 'What code?', 2), safetyWarning: warning },
      ],
    });
    const [theirs, ours] = messageItems();
    expect(within(theirs!).getByText(messages.safety.verificationCode)).toBeTruthy();
    expect(within(ours!).queryByText(messages.safety.verificationCode)).toBeNull();
    expect(screen.queryByText(messages.safety.note)).toBeNull();
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('shows the safety note once, at the top of a conversation nobody has written in', async () => {
    await openChat({ history: [] });
    expect(screen.getByRole('complementary', { name: messages.safety.noteTitle })).toBeTruthy();
    expect(screen.getByText(messages.safety.note)).toBeTruthy();
  });

  it('shows an offer as a bubble with its answers, updated live by receiveoffer, and brings in a new one', async () => {
    const O = messages.offers;
    const offerRow = (id: number, offerId: number, amount: number, status: string) => ({
      ...chatMessage(id, 12, `Offered $${amount}`, 1),
      offer: { id: offerId, amount, status },
    });
    const full = (offerId: number, amount: number, status: string) => ({
      id: offerId,
      productId: 40,
      buyerId: 7,
      sellerId: 12,
      fromUserId: 12,
      amount,
      status,
      expiresAt: '2026-05-03T12:00:00.000Z',
      createdAt: NOW.toISOString(),
    });
    let history: unknown[] = [chatMessage(1, 7, 'Would you take less?', 5), offerRow(2, 9, 100, 'pending')];
    const { chat, api } = await openChat({
      historyAnswer: () => ({ body: { data: history, hasMore: false } }),
    });
    const bubble = await screen.findByRole('group', {
      name: fillText(O.bubbleLabel, { amount: '$100', name: 'sam' }),
    });
    expect(within(bubble).getByText(O.status.pending)).toBeTruthy();
    expect(
      within(bubble).getByRole('button', { name: fillText(O.acceptLabel, { amount: '$100' }) }),
    ).toBeTruthy();

    // sam withdraws it elsewhere: the bubble says so at once, without its buttons.
    act(() => chat.emit(HUB_EVENTS.receiveOffer, full(9, 100, 'withdrawn')));
    await waitFor(() => expect(within(bubble).getByText(O.status.withdrawn)).toBeTruthy());
    expect(within(bubble).queryByRole('button')).toBeNull();

    // A new offer is not on screen yet: its row comes with the newest history page.
    history = [...history.slice(0, 1), offerRow(2, 9, 100, 'withdrawn'), offerRow(3, 10, 90, 'pending')];
    const reads = api.calls.filter((call) => call.path === '/api/Message/read').length;
    act(() => chat.emit(HUB_EVENTS.receiveOffer, full(10, 90, 'pending')));
    expect(
      await screen.findByRole('group', { name: fillText(O.bubbleLabel, { amount: '$90', name: 'sam' }) }),
    ).toBeTruthy();
    await waitFor(() =>
      expect(api.calls.filter((call) => call.path === '/api/Message/read').length).toBeGreaterThan(reads),
    );
  });
});
