import { Link } from 'react-router';
import { ROUTES, fillText } from '@rummage/contract';
import { useNotificationsCount } from '../../shared/realtime/NotificationsCountContext';
import { BellIcon } from '../../shared/ui/BellIcon';
import { useTexts } from '../../shared/i18n/useTexts';

/** Past this the badge reads "99+": a wider bubble would push the header's other items off a phone screen. */
export const BELL_BADGE_MAX = 99;

/**
 * The header's bell (docs/product.md §10): links to the notification list, with the unread count pushed live by
 * /generalhub. The link's name says the number, as the badge beside it shows it (WCAG label-in-name).
 */
export function NotificationBell() {
  const text = useTexts().notifications;
  const { unread } = useNotificationsCount();
  return (
    <Link
      to={ROUTES.notifications}
      aria-label={unread > 0 ? fillText(text.bellUnread, { count: unread }) : text.bell}
      className="relative flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-stone-800 hover:bg-stone-100"
    >
      <BellIcon />
      {unread > 0 && (
        <span
          data-testid="notification-badge"
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-xs leading-5 font-bold text-white"
        >
          {unread > BELL_BADGE_MAX ? `${BELL_BADGE_MAX}+` : unread}
        </span>
      )}
    </Link>
  );
}
