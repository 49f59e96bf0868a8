import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HUB_EVENTS, HUBS, messages, type ChatRoom } from '@rummage/contract';
import { renderWithHubs } from '../../test/renderWithHubs';
import { ME_OK, mockApi, storeSession, type MockAnswer } from '../../test/api';
import { seriousA11yViolations } from '../../test/location';

const T = messages.inbox;

function room(overrides: Partial<ChatRoom> = {}): ChatRoom {
  return {
    otherUserId: 12,
    otherUserName: 'sam',
    otherUserImageUrl: null,
    productId: 40,
    productTitle: 'Blue velvet sofa bed',
    productImageUrl: '/uploads/sofa.webp',
    productPrice: 120,
    hasUnread: true,
    unreadCount: 2,
    lastMessage: 'Is it still available?',
    lastMessageAt: '2026-05-01T10:00:00Z',
    isSeller: true,
    ...overrides,
  };
}

const LAMP = room({
  otherUserId: 15,
  otherUserName: 'lee',
  productId: 41,
  productTitle: 'Lamp',
  productImageUrl: null,
  hasUnread: false,
  unreadCount: 0,
});

function setup(rooms: () => MockAnswer, extra: Record<string, MockAnswer> = {}) {
  storeSession();
  const api = mockApi({
    'GET /api/Account/me': ME_OK,
    'GET /api/Message/unread-count': { body: { data: { messages: 1, support: 0 } } },
    'GET /api/Message/chat-rooms': () => rooms(),
    'POST /api/Message/read': { body: {} },
    'DELETE /api/Message/delete-chat/40/with/12': { body: { message: 'Chat deleted.' } },
    ...extra,
  });
  return { api, ...renderWithHubs('/messages') };
}

const rows = () => within(screen.getByRole('list', { name: 'Your chats' })).getAllByRole('listitem');

describe('messages inbox', () => {
  it('lists chats with picture, short title, @name and Seen/Unseen', async () => {
    setup(() => ({ body: { data: [room(), LAMP] } }));
    expect(screen.getByRole('status').textContent).toContain('Loading');
    await screen.findByRole('list', { name: 'Your chats' }, { timeout: 5000 });
    expect(screen.getByRole('heading', { level: 1, name: T.heading })).toBeTruthy();

    const [sofa, lamp] = rows();
    expect(within(sofa!).getByText('Blue velvet s.')).toBeTruthy();
    expect(within(sofa!).getByText('@sam')).toBeTruthy();
    expect(within(sofa!).getByText(T.unseen)).toBeTruthy();
    expect(sofa!.querySelector('img')?.getAttribute('src')).toBe('/uploads/sofa.webp');
    expect(within(lamp!).getByText('Lamp')).toBeTruthy();
    expect(within(lamp!).getByText(T.seen)).toBeTruthy();
    expect(lamp!.querySelector('img')?.getAttribute('src')).toBe('/images/product-placeholder.svg');
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('a click marks the chat read and opens it', async () => {
    const user = userEvent.setup();
    const { api, router } = setup(() => ({ body: { data: [room()] } }));
    await screen.findByRole('list', { name: 'Your chats' }, { timeout: 5000 });
    await user.click(screen.getByRole('link', { name: /Blue velvet sofa bed/ }));
    expect(router.state.location.pathname).toBe('/chat/12/40');
    expect(api.calls.find((call) => call.path === '/api/Message/read')?.body).toEqual({
      productId: 40,
      senderId: 12,
    });
  });

  it('asks before deleting; cancel keeps the row, confirm deletes it', async () => {
    const user = userEvent.setup();
    const { api } = setup(() => ({ body: { data: [room(), LAMP] } }));
    await screen.findByRole('list', { name: 'Your chats' }, { timeout: 5000 });
    const trash = screen.getByRole('button', { name: 'Delete chat about Blue velvet sofa bed with @sam' });

    await user.click(trash);
    const dialog = screen.getByRole('alertdialog', { name: T.deleteConfirm });
    await user.click(within(dialog).getByRole('button', { name: 'cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(rows()).toHaveLength(2);
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(trash);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'delete' }));
    expect(rows()).toHaveLength(1);
    expect(screen.queryByText('@sam')).toBeNull();
    expect(api.calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/api/Message/delete-chat/40/with/12',
    ]);
  });

  it('shows the welcome state with no chats, and when loading fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    setup(() => ({ status: 500, body: { message: 'down' } }));
    expect(await screen.findByRole('heading', { name: T.emptyTitle }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText(T.emptyText)).toBeTruthy();
    expect(screen.getByRole('link', { name: T.goToMarketplace }).getAttribute('href')).toBe('/marketplace');
  });

  it('a new chat appears without a reload when a chat changes or the unread count changes', async () => {
    let list: ChatRoom[] = [];
    const { hubs } = setup(() => ({ body: { data: list } }));
    await screen.findByRole('heading', { name: T.emptyTitle }, { timeout: 5000 });
    // The inbox joins no chat: it hears of its chats on the person's /generalhub connection only.
    expect(hubs.hub(HUBS.chat)).toBeUndefined();

    list = [room()];
    const general = hubs.hub(HUBS.general)!;
    act(() => general.emit(HUB_EVENTS.chatActivity, { productId: 40, otherUserId: 12 }));
    await screen.findByText('@sam');

    list = [room(), LAMP];
    act(() => general.emit(HUB_EVENTS.unreadMessagesCount, 3));
    await screen.findByText('@lee');
    await waitFor(() => expect(rows()).toHaveLength(2));
  });

  it('reads the list again after a dropped connection, even when the unread count did not change', async () => {
    // Both chats unread; a message arrives in lee's while the connection is down: still two unread chats, and the
    // push that would have told the inbox is lost with the connection.
    const lee = { ...LAMP, hasUnread: true, unreadCount: 1 };
    let list = [room(), lee];
    const { hubs } = setup(() => ({ body: { data: list } }), {
      'GET /api/Message/unread-count': { body: { data: { messages: 2, support: 0 } } },
    });
    await screen.findByText('@lee', undefined, { timeout: 5000 });
    const names = () => rows().map((row) => within(row).getByText(/^@/).textContent);
    expect(names()).toEqual(['@sam', '@lee']);
    const general = hubs.hub(HUBS.general)!;
    act(() => general.dropConnection());
    list = [{ ...lee, unreadCount: 2, lastMessageAt: '2026-05-01T11:00:00Z' }, room()];
    act(() => general.restoreConnection());
    await waitFor(() => expect(names()).toEqual(['@lee', '@sam']));
  });
});
