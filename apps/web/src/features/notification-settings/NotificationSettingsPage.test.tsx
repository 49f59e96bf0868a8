import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import {
  API,
  DEFAULT_NOTIFICATION_PREFERENCES,
  PUSH_SUBSCRIBE_TIMEOUT_MS,
  messages,
  type NotificationPreferences,
} from '@rummage/contract';
import { ME_OK, mockApi, storeSession } from '../../test/api';
import { renderApp } from '../../test/renderApp';
import { seriousA11yViolations } from '../../test/location';

const N = messages.notifications;
/** A usable VAPID public key: an uncompressed P-256 point (65 bytes), base64url. */
const PUSH_KEY = btoa(String.fromCharCode(4, ...new Array<number>(64).fill(7)))
  .replace(/\+/g, '-')
  .replace(/\//g, '_')
  .replace(/=+$/, '');

afterEach(() => {
  // jsdom has no service workers; the stand-in below must not outlive its test.
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

function openSettings(extra: Parameters<typeof mockApi>[0] = {}) {
  storeSession();
  let stored: NotificationPreferences = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
  const api = mockApi({
    'GET /api/Account/me': ME_OK,
    [`GET ${API.notifications.preferences}`]: () => ({ body: { data: stored } }),
    [`PUT ${API.notifications.preferences}`]: ({ body }) => {
      stored = body as NotificationPreferences;
      return { body: { data: stored } };
    },
    ...extra,
  });
  renderApp('/settings/notifications');
  return { ...api, stored: () => stored };
}

const toggle = (kind: string, column: string) => screen.getByRole('checkbox', { name: `${kind} ${column}` });

/** A browser that can push: a service worker registration with a push manager, and a Notification permission. */
function pushCapableBrowser(permission: NotificationPermission, answer: NotificationPermission = permission) {
  // As in a browser, answering the prompt changes Notification.permission.
  const notification = {
    permission,
    requestPermission: vi.fn(async () => (notification.permission = answer)),
  };
  const { requestPermission } = notification;
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', class {});
  const registration = { pushManager: { getSubscription: async () => null, subscribe: vi.fn() } };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
  });
  return { requestPermission, registration };
}

describe('notification settings', () => {
  it('shows a switch per kind and channel, saved with PUT as soon as it changes', async () => {
    const api = openSettings();
    expect(await screen.findByRole('heading', { level: 1, name: N.settingsTitle })).toBeTruthy();
    const likesByPush = await screen.findByRole('checkbox', { name: `${N.kindLikes} ${N.pushColumn}` });
    expect((likesByPush as HTMLInputElement).checked).toBe(false);
    expect((toggle(N.kindMessages, N.pushColumn) as HTMLInputElement).checked).toBe(true);
    // Nine kinds by push; by e-mail messages, support, reservations, saved searches and offers (the others are
    // never e-mailed, and say so).
    expect(screen.getAllByRole('checkbox')).toHaveLength(14);
    expect(screen.getAllByText(N.notByEmail)).toHaveLength(4);
    // Reservations (docs/product.md §12), saved-search matches (§14) and offers (§18) come by push and e-mail, on
    // unless turned off.
    for (const kind of [N.kindReservations, N.kindSavedSearches, N.kindOffers])
      for (const channel of [N.pushColumn, N.emailColumn])
        expect((toggle(kind, channel) as HTMLInputElement).checked, `${kind} ${channel}`).toBe(true);
    expect(screen.queryByRole('checkbox', { name: `${N.kindLikes} ${N.emailColumn}` })).toBeNull();

    fireEvent.click(likesByPush);
    expect(await screen.findByText(N.saved)).toBeTruthy();
    fireEvent.click(toggle(N.kindMessages, N.pushColumn));
    await waitFor(() => expect(api.stored().push.messages).toBe(false));
    // Each save sends the whole set as it then stands: the first change is still in the second.
    expect(api.stored()).toEqual({
      email: DEFAULT_NOTIFICATION_PREFERENCES.email,
      push: { ...DEFAULT_NOTIFICATION_PREFERENCES.push, likes: true, messages: false },
    });
    expect(api.calls.filter((call) => call.method === 'PUT')).toHaveLength(2);
    expect(await seriousA11yViolations(document.body)).toEqual([]);
  });

  it('flips a switch back and says so when saving fails', async () => {
    openSettings({ [`PUT ${API.notifications.preferences}`]: { status: 503, body: { message: 'down' } } });
    const follows = await screen.findByRole('checkbox', { name: `${N.kindFollows} ${N.pushColumn}` });
    fireEvent.click(follows);
    expect(await screen.findByText(N.saveFailed)).toBeTruthy();
    await waitFor(() =>
      expect((toggle(N.kindFollows, N.pushColumn) as HTMLInputElement).checked).toBe(false),
    );
  });

  it('says when this browser cannot push, and offers no button', async () => {
    openSettings();
    expect(await screen.findByText(N.pushUnsupported)).toBeTruthy();
    expect(screen.queryByRole('button', { name: N.pushEnable })).toBeNull();
  });

  it('asks for permission only once the button is pressed, and explains a block', async () => {
    const browser = pushCapableBrowser('default', 'denied');
    const api = openSettings();
    const button = await screen.findByRole('button', { name: N.pushEnable });
    expect(browser.requestPermission).not.toHaveBeenCalled();
    fireEvent.click(button);
    await waitFor(() => expect(browser.requestPermission).toHaveBeenCalledTimes(1));
    expect(await screen.findByText(N.pushBlocked)).toBeTruthy();
    expect(browser.registration.pushManager.subscribe).not.toHaveBeenCalled();
    expect(api.calls.some((call) => call.path === API.notifications.pushSubscriptions)).toBe(false);
  });

  it('says push could not be turned on when the push service never answers, and gives the buttons back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const browser = pushCapableBrowser('granted');
      browser.registration.pushManager.subscribe.mockReturnValue(new Promise(() => undefined));
      openSettings({ [`GET ${API.notifications.pushKey}`]: { body: { data: { publicKey: PUSH_KEY } } } });
      fireEvent.click(await screen.findByRole('button', { name: N.pushEnable }));
      await waitFor(() => expect(browser.registration.pushManager.subscribe).toHaveBeenCalled());
      expect(screen.getByRole('button', { name: N.sendTest })).toHaveProperty('disabled', true);
      await vi.advanceTimersByTimeAsync(PUSH_SUBSCRIBE_TIMEOUT_MS);
      expect(await screen.findByText(N.pushFailed)).toBeTruthy();
      expect(screen.getByRole('button', { name: N.pushEnable })).toHaveProperty('disabled', false);
      expect(screen.getByRole('button', { name: N.sendTest })).toHaveProperty('disabled', false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('explains a block the browser remembers from before', async () => {
    pushCapableBrowser('denied');
    openSettings();
    expect(await screen.findByText(N.pushBlocked)).toBeTruthy();
  });

  it("sends a test notification and shows the server's answer", async () => {
    pushCapableBrowser('granted');
    openSettings({
      [`POST ${API.notifications.test}`]: { status: 404, body: { message: N.noPushSubscription } },
    });
    fireEvent.click(await screen.findByRole('button', { name: N.sendTest }));
    expect(await screen.findByText(N.noPushSubscription)).toBeTruthy();
  });
});
