import { Link } from 'react-router';
import { ROUTES, countNoun, formatCount } from '@rummage/contract';
import { CountBadge } from '../../shared/ui/CountBadge';
import { Dropdown, menuItemClass } from '../shell';
import { useUnreadCounts } from '../../shared/realtime/useUnreadCounts';
import { useLocale, useTexts } from '../../shared/i18n/useTexts';

/** Phones only: "sell", the page title and a "menu" holding Messages with its count (docs/product.md §2 Profile). */
export function ProfileMobileBar({ title }: { title: string }) {
  const texts = useTexts();
  const locale = useLocale();
  const unread = useUnreadCounts();
  return (
    <div className="flex items-center justify-between gap-2 border-b border-stone-200 bg-white px-4 py-2 md:hidden">
      <Link to={ROUTES.createProduct} className="btn btn-accent min-h-9 px-4 text-sm">
        {texts.profile.sell}
      </Link>
      <p className="truncate font-bold text-stone-900">{title}</p>
      <Dropdown
        // Visible "menu" and the badge's number must both be in the button's name (WCAG label-in-name).
        triggerLabel={
          unread.messages > 0
            ? `${texts.profile.mobileMenu} ${formatCount(unread.messages, locale)} ${countNoun(unread.messages, 'unreadMessages', texts.common.counts)}`
            : texts.profile.mobileMenu
        }
        triggerClassName="btn btn-outline min-h-9 px-4 text-sm"
        trigger={
          <>
            {texts.profile.menu}
            <CountBadge count={unread.messages} noun="unreadMessages" />
          </>
        }
      >
        {(close) => (
          <li>
            <Link to={ROUTES.messages} className={menuItemClass} onClick={close}>
              {texts.header.messages}
              <CountBadge count={unread.messages} noun="unreadMessages" />
            </Link>
          </li>
        )}
      </Dropdown>
    </div>
  );
}
