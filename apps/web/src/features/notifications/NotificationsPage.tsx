import { Link } from 'react-router';
import { ROUTES } from '@rummage/contract';
import { PageHeading } from '../../shared/ui/PageHeading';
import { useRelativeNow } from '../../shared/ui/relativeTime';
import { Spinner } from '../../shared/ui/Spinner';
import { useDocumentTitle } from '../../shared/ui/useDocumentTitle';
import { useNotificationsCount } from '../../shared/realtime/NotificationsCountContext';
import { useMarkRead, useNotificationList } from './api';
import { NotificationRow } from './NotificationRow';
import { useTexts } from '../../shared/i18n/useTexts';

/**
 * /notifications (docs/product.md §10): the person's notifications, newest first. Opening an entry marks it read
 * and goes to its link; "Mark all as read" clears the bell; older entries come with "Show older".
 */
export default function NotificationsPage() {
  const texts = useTexts();
  const T = texts.notifications;
  useDocumentTitle(T.documentTitle);
  const list = useNotificationList();
  const markRead = useMarkRead();
  const now = useRelativeNow();
  // Unread entries may sit on pages not loaded yet: the bell's number counts them all.
  const anyUnread = useNotificationsCount().unread > 0 || list.notifications.some((entry) => !entry.isRead);

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4 px-4 py-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PageHeading>{T.pageTitle}</PageHeading>
        <div className="flex flex-wrap items-center gap-3">
          <Link
            to={ROUTES.savedSearches}
            className="text-sm font-semibold text-brand-700 underline underline-offset-2"
          >
            {texts.savedSearches.pageTitle}
          </Link>
          {anyUnread && (
            <button
              type="button"
              className="btn btn-outline min-h-10 px-4"
              onClick={() => markRead.mutate({ all: true })}
            >
              {T.markAllRead}
            </button>
          )}
        </div>
      </div>
      {list.isLoading ? (
        <Spinner label={T.loading} fillScreen />
      ) : list.notifications.length === 0 ? (
        <p className="card px-6 py-10 text-center text-stone-700">{T.empty}</p>
      ) : (
        <>
          <ul aria-label={T.pageTitle} className="flex flex-col gap-2">
            {list.notifications.map((notification) => (
              <NotificationRow
                key={notification.id}
                notification={notification}
                now={now}
                onOpen={() => {
                  if (!notification.isRead) markRead.mutate({ ids: [notification.id] });
                }}
              />
            ))}
          </ul>
          {list.isLoadingMore ? (
            <Spinner size={32} label={T.loadingMore} />
          ) : (
            list.hasMore && (
              <button type="button" className="btn btn-outline mx-auto min-h-10 px-6" onClick={list.loadMore}>
                {T.loadMore}
              </button>
            )
          )}
        </>
      )}
    </div>
  );
}
