import { Link, useNavigate } from 'react-router';
import { ROUTES, countNoun, formatCount } from '@rummage/contract';
import { assetUrl, DEFAULT_USER_IMAGE } from '../../shared/api/assets';
import { useSession } from '../../shared/session/SessionContext';
import { CountBadge } from '../../shared/ui/CountBadge';
import { STAFF_PATH } from '../staff';
import { Dropdown, menuItemClass } from './Dropdown';
import { useUnreadCounts } from '../../shared/realtime/useUnreadCounts';
import { useLocale, useTexts } from '../../shared/i18n/useTexts';

/** The avatar button and its menu; guests and signed-in people see different items (docs/product.md §2). */
export function AccountMenu() {
  const texts = useTexts();
  const locale = useLocale();
  const text = texts.header;
  const { session, currentUser, signOut } = useSession();
  const navigate = useNavigate();
  const unread = useUnreadCounts();
  const signedIn = session !== null;

  return (
    <Dropdown
      // The badge's number is visible text, so the button's name must say it too (WCAG label-in-name).
      triggerLabel={
        signedIn && unread.messages > 0
          ? `${text.accountMenu} ${formatCount(unread.messages, locale)} ${countNoun(unread.messages, 'unreadMessages', texts.common.counts)}`
          : text.accountMenu
      }
      triggerClassName="relative flex h-11 w-11 items-center justify-center rounded-full border-2 border-brand-100 bg-white"
      trigger={
        <>
          <img
            src={assetUrl(session?.userImageUrl, DEFAULT_USER_IMAGE)}
            alt=""
            className="h-9 w-9 rounded-full object-cover"
            onError={(event) => {
              // A broken upload link should still show a face, not a broken-image icon.
              if (!event.currentTarget.src.endsWith(DEFAULT_USER_IMAGE))
                event.currentTarget.src = DEFAULT_USER_IMAGE;
            }}
          />
          {signedIn && (
            <CountBadge count={unread.messages} noun="unreadMessages" className="absolute -top-1 -right-1" />
          )}
        </>
      }
    >
      {(close) => (
        <>
          <li>
            <Link to={ROUTES.marketplace} className={menuItemClass} onClick={close}>
              {text.marketplace}
            </Link>
          </li>
          <li>
            <Link to={ROUTES.createProduct} className={menuItemClass} onClick={close}>
              {text.sell}
            </Link>
          </li>
          {signedIn ? (
            <>
              <li>
                <Link to={ROUTES.followers} className={menuItemClass} onClick={close}>
                  {text.followers}
                </Link>
              </li>
              <li>
                <Link to={ROUTES.messages} className={menuItemClass} onClick={close}>
                  {text.messages}
                  <CountBadge count={unread.messages} noun="unreadMessages" />
                </Link>
              </li>
              <li>
                <Link to={ROUTES.userMain} className={menuItemClass} onClick={close}>
                  {text.myProfile}
                </Link>
              </li>
              <li>
                <Link to={ROUTES.notificationSettings} className={menuItemClass} onClick={close}>
                  {texts.notifications.settings}
                </Link>
              </li>
              <li>
                <Link to={ROUTES.savedSearches} className={menuItemClass} onClick={close}>
                  {texts.savedSearches.pageTitle}
                </Link>
              </li>
              <li>
                <Link to={ROUTES.blockedPeople} className={menuItemClass} onClick={close}>
                  {texts.blocking.listTitle}
                </Link>
              </li>
              {(currentUser?.role === 'staff' || currentUser?.role === 'admin') && (
                <li>
                  <Link to={STAFF_PATH} className={menuItemClass} onClick={close}>
                    {texts.staff.menuLabel}
                  </Link>
                </li>
              )}
              <li className="border-t border-stone-200">
                <button
                  type="button"
                  className={menuItemClass}
                  onClick={() => {
                    close();
                    void signOut().then(() => navigate(ROUTES.login));
                  }}
                >
                  {text.logout}
                </button>
              </li>
              <li>
                <button
                  type="button"
                  className={menuItemClass}
                  onClick={() => {
                    close();
                    void signOut({ everywhere: true }).then(() => navigate(ROUTES.login));
                  }}
                >
                  {text.logoutEverywhere}
                </button>
              </li>
            </>
          ) : (
            <li>
              <Link to={ROUTES.login} className={menuItemClass} onClick={close}>
                {text.login}
              </Link>
            </li>
          )}
        </>
      )}
    </Dropdown>
  );
}
