import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HUB_EVENTS, HUBS, ROUTES, messages } from '@rummage/contract';
import { ME_OK, mockApi, storeSession } from '../../test/api';
import { seriousA11yViolations } from '../../test/location';
import { renderWithHubs } from '../../test/renderWithHubs';

const T = messages.notifications;
const banner = () => screen.getByRole('banner');
const bell = () => within(banner()).getByRole('link', { name: /^Notifications/ });
const badge = () => within(banner()).queryByTestId('notification-badge');

function signedIn() {
  storeSession();
  mockApi({
    'GET /api/Account/me': ME_OK,
    'GET /api/Message/unread-count': { body: { data: { messages: 0, support: 0 } } },
    'GET /api/Notifications': { body: { data: [], hasMore: false, unread: 0 } },
  });
  return renderWithHubs('/terms');
}

describe('notification bell', () => {
  it('is not there for guests', async () => {
    mockApi();
    renderWithHubs('/terms');
    await screen.findByRole('heading', { level: 1 });
    expect(within(banner()).queryByRole('link', { name: /^Notifications/ })).toBeNull();
  });

  it('shows no badge at 0, then the count the hub pushes, live, with the number in its name', async () => {
    const { hubs } = signedIn();
    await waitFor(() => expect(bell().getAttribute('href')).toBe(ROUTES.notifications));
    expect(bell().getAttribute('aria-label')).toBe(T.bell);
    expect(badge()).toBeNull();

    const general = hubs.hub(HUBS.general)!;
    await waitFor(() => expect(general.calls('Join')).toHaveLength(1));
    act(() => general.emit(HUB_EVENTS.notificationsCount, 3));
    expect(badge()?.textContent).toBe('3');
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 3 unread');

    act(() => general.emit(HUB_EVENTS.notificationsCount, 4));
    expect(badge()?.textContent).toBe('4');
    act(() => general.emit(HUB_EVENTS.notificationsCount, 0));
    expect(badge()).toBeNull();
    expect(bell().getAttribute('aria-label')).toBe(T.bell);
    expect(await seriousA11yViolations(banner())).toEqual([]);
  });

  it('caps the badge at 99+ while the name keeps the real number', async () => {
    const { hubs } = signedIn();
    const general = await waitFor(() => hubs.hub(HUBS.general)!);
    act(() => general.emit(HUB_EVENTS.notificationsCount, 99));
    expect(badge()?.textContent).toBe('99');
    act(() => general.emit(HUB_EVENTS.notificationsCount, 100));
    expect(badge()?.textContent).toBe('99+');
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 100 unread');
  });

  it('ignores a push that is not a count, and goes back to nothing on logout', async () => {
    const { hubs } = signedIn();
    const general = await waitFor(() => hubs.hub(HUBS.general)!);
    act(() => general.emit(HUB_EVENTS.notificationsCount, 2));
    act(() => general.emit(HUB_EVENTS.notificationsCount, 'lots'));
    act(() => general.emit(HUB_EVENTS.notificationsCount, -1));
    expect(badge()?.textContent).toBe('2');

    const user = userEvent.setup();
    await user.click(within(banner()).getByRole('button', { name: 'Account menu' }));
    await user.click(screen.getByRole('button', { name: messages.header.logout }));
    await waitFor(() => expect(within(banner()).queryByRole('link', { name: /^Notifications/ })).toBeNull());
    expect(badge()).toBeNull();
  });

  it('opens the notification list', async () => {
    const { router } = signedIn();
    const user = userEvent.setup();
    await user.click(await waitFor(bell));
    await waitFor(() => expect(router.state.location.pathname).toBe(ROUTES.notifications));
    expect(await screen.findByText(T.empty)).toBeTruthy();
  });
});
