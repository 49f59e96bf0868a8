import { useCallback, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, type NotificationChannelPreferences, type NotificationPreferences } from '@rummage/contract';
import { apiFetch } from '../../shared/api/client';
import { PERSONAL_QUERY } from '../../shared/session/SessionContext';
import type { PushServer } from './push';
import { browserTexts } from '../../shared/i18n/i18n';

export const PREFERENCES_QUERY_KEY = ['notifications', 'preferences'] as const;

export type Channel = keyof NotificationPreferences;

/** The preferences with one switch changed; the rest as they were. */
export function withPreference(
  preferences: NotificationPreferences,
  channel: Channel,
  key: keyof NotificationChannelPreferences,
  on: boolean,
): NotificationPreferences {
  return { ...preferences, [channel]: { ...preferences[channel], [key]: on } };
}

/**
 * GET and PUT /api/Notifications/preferences. A switch shows its new state at once and is saved in the
 * background; if saving fails it flips back and `error` says so. Saves run one after another, each sending the
 * whole set as it then stands, so quick clicks cannot overwrite each other out of order.
 */
export function useNotificationPreferences() {
  const client = useQueryClient();
  const [status, setStatus] = useState<'idle' | 'saved' | 'failed'>('idle');
  const query = useQuery({
    queryKey: PREFERENCES_QUERY_KEY,
    meta: PERSONAL_QUERY,
    queryFn: ({ signal }) =>
      apiFetch<{ data: NotificationPreferences }>(API.notifications.preferences, { signal }).then(
        (body) => body.data,
      ),
    retry: false,
  });
  const mutation = useMutation({
    scope: { id: 'notification-preferences' },
    mutationFn: (next: NotificationPreferences) =>
      apiFetch<{ data: NotificationPreferences }>(API.notifications.preferences, {
        method: 'PUT',
        body: next,
        fallbackMessage: browserTexts().notifications.saveFailed,
      }).then((body) => body.data),
    onSuccess: (saved) => {
      client.setQueryData(PREFERENCES_QUERY_KEY, saved);
      setStatus('saved');
    },
    onError: () => {
      setStatus('failed');
      void client.invalidateQueries({ queryKey: PREFERENCES_QUERY_KEY });
    },
  });
  const { mutate } = mutation;
  const change = useCallback(
    (channel: Channel, key: keyof NotificationChannelPreferences, on: boolean) => {
      const current = client.getQueryData<NotificationPreferences>(PREFERENCES_QUERY_KEY);
      if (!current) return;
      const next = withPreference(current, channel, key, on);
      client.setQueryData(PREFERENCES_QUERY_KEY, next);
      setStatus('idle');
      mutate(next);
    },
    [client, mutate],
  );
  return { preferences: query.data, isLoading: query.isPending, loadError: query.error, status, change };
}

/** The push calls, on the server's side (docs/product.md §10). */
export const pushServer: PushServer = {
  publicKey: () =>
    apiFetch<{ data: { publicKey: string } }>(API.notifications.pushKey, {
      fallbackMessage: browserTexts().notifications.pushFailed,
    }).then((body) => body.data.publicKey),
  save: (subscription) =>
    apiFetch(API.notifications.pushSubscriptions, {
      method: 'POST',
      body: subscription,
      fallbackMessage: browserTexts().notifications.pushFailed,
    }).then(() => undefined),
  remove: (endpoint) =>
    apiFetch(API.notifications.pushSubscriptions, { method: 'DELETE', body: { endpoint } }).then(
      () => undefined,
    ),
};

/** POST /api/Notifications/test: a push to every device of the caller where push is on. */
export function sendTestNotification(): Promise<void> {
  return apiFetch(API.notifications.test, { method: 'POST' }).then(() => undefined);
}
