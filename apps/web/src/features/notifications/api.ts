import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import {
  API,
  NOTIFICATION_PAGE_SIZE,
  type MarkNotificationsRead,
  type Notification,
} from '@rummage/contract';
import { apiFetch } from '../../shared/api/client';
import { PERSONAL_QUERY } from '../../shared/session/SessionContext';
import { usePagedList } from '../../shared/api/pagedList';
import { useNotificationsCount } from '../../shared/realtime/NotificationsCountContext';
import { useReloadOnNotificationPushes } from '../../shared/realtime/useReloadOnNotificationPushes';

interface NotificationPage {
  data: Notification[];
  hasMore: boolean;
  unread: number;
}

export const notificationKeys = { list: ['notifications', 'list'] as const };

/**
 * GET /api/Notifications, newest first, a page at a time ("Show older" asks for the next). A page's `unread` is
 * reported to the bell; each count /generalhub pushes while the list is open loads it again, so a new or
 * updated entry shows up at the top.
 */
export function useNotificationList() {
  const { report } = useNotificationsCount();
  const query = useInfiniteQuery({
    queryKey: notificationKeys.list,
    meta: PERSONAL_QUERY,
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }) => {
      try {
        const page = await apiFetch<NotificationPage>(API.notifications.list, {
          query: { page: pageParam, pageSize: NOTIFICATION_PAGE_SIZE.default },
          signal,
        });
        if (pageParam === 1) report(page.unread);
        return page;
      } catch (error) {
        if (!signal.aborted) console.error('Could not load notifications', error);
        throw error;
      }
    },
    getNextPageParam: (lastPage, _pages, lastPageParam) => (lastPage.hasMore ? lastPageParam + 1 : undefined),
    retry: false,
  });

  useReloadOnNotificationPushes(notificationKeys.list);

  const { items, ...paging } = usePagedList(query);
  return { notifications: items, hasMore: query.hasNextPage, ...paging };
}

/**
 * POST /api/Notifications/read with some ids or `{ all: true }`: the entries turn read in the list at once and
 * the bell takes the number the server answers.
 */
export function useMarkRead() {
  const { report } = useNotificationsCount();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: MarkNotificationsRead) =>
      apiFetch<{ data: { unread: number } }>(API.notifications.read, { method: 'POST', body: request }),
    onMutate: (request) => {
      const ids = request.ids ? new Set(request.ids) : null;
      queryClient.setQueryData<InfiniteData<NotificationPage>>(notificationKeys.list, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                data: page.data.map((entry) =>
                  !ids || ids.has(entry.id) ? { ...entry, isRead: true } : entry,
                ),
              })),
            }
          : data,
      );
    },
    onSuccess: (answer) => report(answer.data.unread),
    onError: (error) => {
      console.error('Could not mark notifications as read', error);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
    },
  });
}
