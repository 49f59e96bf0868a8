import { API } from '@rummage/contract';
import { apiFetch } from '../api/client';

/**
 * This browser's Web Push subscription (docs/product.md §10). Kept small and apart from the settings page: signing
 * out, which is in the app's first JavaScript, drops it too.
 */

/** Whether this browser can receive pushes at all (an iPhone only can in the app added to the Home Screen). */
export function pushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The subscription this browser holds for the site, if any (none where push is not supported). */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Logout should not hold the person up if the server is slow or gone. */
const DROP_TIMEOUT_MS = 3000;

/**
 * Forgets this browser's subscription on the server (while the session still exists) and in the browser, so the
 * next person on this device gets none of the previous one's pushes. Never throws.
 */
export async function dropPushSubscription(): Promise<void> {
  const subscription = await currentPushSubscription().catch(() => null);
  if (!subscription) return;
  await apiFetch(API.notifications.pushSubscriptions, {
    method: 'DELETE',
    body: { endpoint: subscription.endpoint },
    signal: AbortSignal.timeout(DROP_TIMEOUT_MS),
  }).catch(() => undefined);
  await subscription.unsubscribe().catch(() => undefined);
}
