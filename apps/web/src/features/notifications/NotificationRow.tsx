import { Link } from 'react-router';
import { sameSitePath, type Notification } from '@rummage/contract';
import { useTimeAgo } from '../../shared/ui/relativeTime';
import { NotificationIcon } from './NotificationIcon';
import { useTexts } from '../../shared/i18n/useTexts';

/** One entry: what it is about, its title and text, how long ago; unread ones stand out and say so. */
export function NotificationRow({
  notification,
  now,
  onOpen,
}: {
  notification: Notification;
  now: number;
  onOpen(): void;
}) {
  const T = useTexts().notifications;
  const { title, body, createdAt, isRead, type } = notification;
  const timeAgo = useTimeAgo();
  const content = (
    <>
      <NotificationIcon type={type} unread={!isRead} />
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className={`break-words text-stone-900 ${isRead ? 'font-medium' : 'font-bold'}`}>
          {!isRead && <span className="sr-only">{T.unread}: </span>}
          {title}
        </span>
        {body && <span className="line-clamp-2 break-words text-sm text-stone-700">{body}</span>}
        <time dateTime={createdAt} className="text-xs text-stone-600">
          {timeAgo(createdAt, now)}
        </time>
      </span>
      {!isRead && <span aria-hidden="true" className="mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full bg-brand" />}
    </>
  );
  const className = `flex items-start gap-3 rounded-xl p-3 ${isRead ? 'bg-white hover:bg-stone-50' : 'bg-brand-50 hover:bg-brand-100'}`;
  // Only a path on this site opens: the server writes the links, but one leading elsewhere stays a plain card.
  const path = sameSitePath(notification.link);
  return (
    <li className="card overflow-hidden p-0" data-unread={!isRead}>
      {path ? (
        <Link to={path} onClick={onOpen} className={className}>
          {content}
        </Link>
      ) : (
        <div className={className}>{content}</div>
      )}
    </li>
  );
}
