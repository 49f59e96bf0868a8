import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useNotificationsCount } from './NotificationsCountContext';

/**
 * Loads `queryKey` again on each count /generalhub pushes while the page is open: an entry was added, updated or
 * read, so what the page shows (the notification list, a saved search's new matches) may have changed.
 */
export function useReloadOnNotificationPushes(queryKey: QueryKey): void {
  const { pushes } = useNotificationsCount();
  const queryClient = useQueryClient();
  const seen = useRef(pushes);
  useEffect(() => {
    if (pushes === seen.current) return;
    seen.current = pushes;
    void queryClient.invalidateQueries({ queryKey });
  }, [pushes, queryClient, queryKey]);
}
