import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HUB_EVENTS, HUBS, ROUTES, messages, type Notification } from '@rummage/contract';
import { ME_OK, mockApi, storeSession } from '../../test/api';
import { seriousA11yViolations } from '../../test/location';
import { renderWithHubs } from '../../test/renderWithHubs';

const T = messages.notifications;
const MINUTE = 60_000;

function entry(id: number, overrides: Partial<Notification> = {}): Notification {
  return {
    id,
    type: 'message',
    title: `New message from bob ${id}`,
    body: `Is lamp ${id} still available?`,
    link: `/chat/12/${40 + id}`,
    createdAt: new Date(Date.now() - id * 5 * MINUTE).toISOString(),
    isRead: false,
    ...overrides,
  };
}

/** The server: pages of `entries` (newest first) and the read call, which marks them in `entries`. */
function openPage(entries: Notification[], pageSize = 20) {
  storeSession();
  const unread = () => entries.filter((item) => !item.isRead).length;
  const api = mockApi({
    'GET /api/Account/me': ME_OK,
    'GET /api/Message/unread-count': { body: { data: { messages: 0, support: 0 } } },
    'GET /api/Notifications': ({ url }) => {
      const page = Number(url.searchParams.get('page'));
      const data = entries.slice((page - 1) * pageSize, page * pageSize);
      return { body: { data, hasMore: entries.length > page * pageSize, unread: unread() } };
    },
    'POST /api/Notifications/read': ({ body }) => {
      const request = body as { ids?: number[]; all?: true };
      for (const item of entries) if (request.all || request.ids?.includes(item.id)) item.isRead = true;
      return { body: { data: { unread: unread() } } };
    },
  });
  return { api, ...renderWithHubs(ROUTES.notifications) };
}

const list = () => screen.getByRole('list', { name: T.pageTitle });
const rows = () => within(list()).getAllByRole('listitem');
const row = (index: number) => rows()[index]!;
const badge = () => within(screen.getByRole('banner')).queryByTestId('notification-badge');

describe('notifications page', () => {
  it('sends people who are not signed in to the login page', async () => {
    mockApi();
    const { router } = renderWithHubs(ROUTES.notifications);
    await waitFor(() => expect(router.state.location.pathname).toBe(ROUTES.login));
  });

  it('says so when there is nothing yet', async () => {
    openPage([]);
    expect(await screen.findByText(T.empty)).toBeTruthy();
    expect(screen.queryByRole('button', { name: T.markAllRead })).toBeNull();
    await waitFor(() => expect(document.title).toBe('Notifications - Rummage'));
  });

  it('lists entries newest first with title, text, relative time, and unread ones marked', async () => {
    openPage([entry(1), entry(2, { isRead: true, type: 'like', title: '3 people liked Lamp', body: '' })]);
    await screen.findByRole('list', { name: T.pageTitle });
    const [first, second] = [row(0), row(1)];
    expect(first.textContent).toContain('Unread: New message from bob 1');
    expect(first.textContent).toContain('Is lamp 1 still available?');
    expect(first.textContent).toContain('5 minutes ago');
    expect(first.getAttribute('data-unread')).toBe('true');
    expect(second.textContent).not.toContain('Unread');
    expect(second.textContent).toContain('10 minutes ago');
    expect(within(first).getByRole('link').getAttribute('href')).toBe('/chat/12/41');
    // The bell takes the list's unread count before any push arrives.
    await waitFor(() => expect(badge()?.textContent).toBe('1'));
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('opening an entry marks it read and goes to its link; the bell drops', async () => {
    const { api, router } = openPage([entry(1), entry(2)]);
    await screen.findByRole('list', { name: T.pageTitle });
    await waitFor(() => expect(badge()?.textContent).toBe('2'));
    const user = userEvent.setup();
    await user.click(within(row(1)).getByRole('link'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/12/42'));
    const read = api.calls.find((call) => call.path === '/api/Notifications/read');
    expect(read?.body).toEqual({ ids: [2] });
    await waitFor(() => expect(badge()?.textContent).toBe('1'));
  });

  it('"Mark all as read" clears every unread entry and the bell', async () => {
    const { api } = openPage([entry(1), entry(2), entry(3, { isRead: true })]);
    await screen.findByRole('list', { name: T.pageTitle });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: T.markAllRead }));
    await waitFor(() =>
      expect(rows().every((row) => row.getAttribute('data-unread') === 'false')).toBe(true),
    );
    expect(api.calls.find((call) => call.path === '/api/Notifications/read')?.body).toEqual({ all: true });
    await waitFor(() => expect(badge()).toBeNull());
    expect(screen.queryByRole('button', { name: T.markAllRead })).toBeNull();
  });

  it('"Show older" loads the next page until there is none', async () => {
    const entries = Array.from({ length: 5 }, (_, i) => entry(i + 1));
    openPage(entries, 2);
    await screen.findByRole('list', { name: T.pageTitle });
    expect(rows()).toHaveLength(2);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: T.loadMore }));
    await waitFor(() => expect(rows()).toHaveLength(4));
    await user.click(screen.getByRole('button', { name: T.loadMore }));
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(screen.queryByRole('button', { name: T.loadMore })).toBeNull();
    expect(rows().map((row) => within(row).getByRole('link').getAttribute('href'))).toEqual(
      entries.map((item) => item.link),
    );
  });

  it('a new entry pushed while the page is open appears at the top', async () => {
    const entries = [entry(2)];
    const { hubs } = openPage(entries);
    await screen.findByRole('list', { name: T.pageTitle });
    entries.unshift(entry(1, { title: 'New message from carol', createdAt: new Date().toISOString() }));
    act(() => hubs.hub(HUBS.general)!.emit(HUB_EVENTS.notificationsCount, 2));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(row(0).textContent).toContain('New message from carol');
    expect(row(0).textContent).toContain('a few seconds ago');

    // One more message in the same chat updates its one unread entry: the count stays 2, the text changes.
    entries[0] = { ...entries[0]!, body: 'Or is Sunday better?' };
    act(() => hubs.hub(HUBS.general)!.emit(HUB_EVENTS.notificationsCount, 2));
    await waitFor(() => expect(row(0).textContent).toContain('Or is Sunday better?'));
  });
});
