import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HUB_EVENTS, HUBS, messages, RECONNECT_DELAYS_MS } from '@rummage/contract';
import { useUnreadCounts } from './useUnreadCounts';
import { ME_OK, mockApi, storeSession } from '../../test/api';
import { renderWithHubs } from '../../test/renderWithHubs';

const UNREAD = (messagesCount: number, support: number) => ({
  body: { data: { messages: messagesCount, support } },
});

function badgeTexts(): string[] {
  return screen.queryAllByTestId('count-badge').map((badge) => badge.textContent ?? '');
}

afterEach(() => vi.useRealTimers());

describe('unread counts (general hub)', () => {
  it('shows the first numbers from GET unread-count, then what the hub pushes', async () => {
    storeSession();
    mockApi({ 'GET /api/Account/me': ME_OK, 'GET /api/Message/unread-count': UNREAD(2, 1) });
    const { hubs } = renderWithHubs('/terms');

    await waitFor(() => expect(badgeTexts()).toContain('2 unread messages'));
    expect(badgeTexts()).toContain('1 unread support message');

    const general = hubs.hub(HUBS.general)!;
    await waitFor(() => expect(general.calls('Join')).toEqual([[false]]));

    act(() => general.emit(HUB_EVENTS.unreadMessagesCount, 5));
    act(() => general.emit(HUB_EVENTS.unreadSupportMessagesCount, 0));
    expect(badgeTexts()).toEqual(['5 unread messages']);
  });

  it('signs the person out at once when the server closes the hub because the session ended elsewhere', async () => {
    storeSession();
    let sessionAlive = true;
    mockApi({
      'GET /api/Account/me': () =>
        sessionAlive ? ME_OK : { status: 401, body: { message: 'Unauthorized' } },
      'GET /api/Message/unread-count': UNREAD(2, 0),
    });
    const { hubs } = renderWithHubs('/terms');
    await waitFor(() => expect(badgeTexts()).toContain('2 unread messages'));

    // "Log out everywhere" on another device: the server ends this session and closes its hub connections.
    sessionAlive = false;
    act(() =>
      hubs.hub(HUBS.general)!.close(new Error('Server returned an error on close: Your session has ended.')),
    );

    await waitFor(() => expect(localStorage.getItem('authToken')).toBeNull());
    await waitFor(() => expect(badgeTexts()).toEqual([]));
  });

  it('keeps the session when the hub closes without a reason (the app stopping it)', async () => {
    storeSession();
    const api = mockApi({ 'GET /api/Account/me': ME_OK, 'GET /api/Message/unread-count': UNREAD(3, 0) });
    const { hubs } = renderWithHubs('/terms');
    await waitFor(() => expect(badgeTexts()).toContain('3 unread messages'));
    const meCalls = () => api.calls.filter((call) => call.path === '/api/Account/me').length;
    const before = meCalls();
    act(() => hubs.hub(HUBS.general)!.close());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(meCalls()).toBe(before);
    expect(localStorage.getItem('authToken')).toBe('token-123');
  });

  it('has no connection and zeros when signed out', async () => {
    const api = mockApi();
    const { hubs } = renderWithHubs('/terms');
    await screen.findByRole('heading', { level: 1 });
    expect(hubs.hubs).toHaveLength(0);
    expect(badgeTexts()).toEqual([]);
    expect(api.calls.some((call) => call.path === '/api/Message/unread-count')).toBe(false);
  });

  it('joins again and refetches the counts after a reconnect', async () => {
    storeSession();
    let unread = 1;
    mockApi({ 'GET /api/Account/me': ME_OK, 'GET /api/Message/unread-count': () => UNREAD(unread, 0) });
    const { hubs } = renderWithHubs('/terms');
    await waitFor(() => expect(badgeTexts()).toContain('1 unread message'));
    const general = hubs.hub(HUBS.general)!;
    await waitFor(() => expect(general.calls('Join')).toHaveLength(1));

    unread = 4;
    act(() => general.dropConnection());
    act(() => general.restoreConnection());
    await waitFor(() => expect(badgeTexts()).toContain('4 unread messages'));
    expect(general.calls('Join')).toEqual([[false], [false]]);
  });

  it('makes a second attempt when the first start fails, then joins', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    storeSession();
    mockApi({ 'GET /api/Account/me': ME_OK, 'GET /api/Message/unread-count': UNREAD(0, 0) });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { hubs } = renderWithHubs('/terms', (hub) => {
      if (hub.path === HUBS.general) hub.failStarts = 1;
    });
    await act(async () => {});
    const general = hubs.hub(HUBS.general)!;
    expect(general.started).toBe(1);
    expect(general.calls('Join')).toEqual([]);
    // Hub failures are logged (docs/product.md §8), never with a token in them.
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('connection failed'));

    await act(() => vi.advanceTimersByTimeAsync(RECONNECT_DELAYS_MS[1]));
    expect(general.started).toBe(2);
    expect(general.calls('Join')).toEqual([[false]]);
    act(() => general.emit(HUB_EVENTS.unreadMessagesCount, 2));
    expect(badgeTexts()).toContain('2 unread messages');
  });

  it('stops the connection on logout and the badges go back to zero', async () => {
    storeSession();
    mockApi({
      'GET /api/Account/me': ME_OK,
      'GET /api/Message/unread-count': UNREAD(3, 0),
      'POST /api/Account/logout': { body: {} },
    });
    const user = userEvent.setup();
    const { hubs } = renderWithHubs('/terms');
    await waitFor(() => expect(badgeTexts()).toContain('3 unread messages'));
    const general = hubs.hub(HUBS.general)!;

    await user.click(screen.getByRole('button', { name: 'Account menu 3 unread messages' }));
    await user.click(screen.getByRole('button', { name: messages.header.logout }));
    await waitFor(() => expect(general.stopped).toBe(true));
    expect(badgeTexts()).toEqual([]);
  });
});

describe('useUnreadCounts outside the provider', () => {
  it('is zero', () => {
    function Probe() {
      const counts = useUnreadCounts();
      return <p>{`${counts.messages}/${counts.support}`}</p>;
    }
    render(<Probe />);
    expect(screen.getByText('0/0')).toBeTruthy();
  });
});
