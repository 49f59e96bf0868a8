import { Link } from 'react-router';
import { ROUTES } from '@rummage/contract';
import { useFillText } from '../../shared/config/useAppConfig';
import { CountBadge } from '../../shared/ui/CountBadge';
import { LanguageSwitch } from './LanguageSwitch';
import { useUnreadCounts } from '../../shared/realtime/useUnreadCounts';
import { useTexts } from '../../shared/i18n/useTexts';

const linkClass =
  'inline-flex items-center gap-2 rounded px-1 py-1 text-stone-700 hover:text-brand hover:underline';

/** Terms, marketplace and support links (support with its unread count) and the copyright line. */
export function Footer() {
  const texts = useTexts();
  const fill = useFillText();
  const unread = useUnreadCounts();
  return (
    <footer className="mt-12 border-t border-stone-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-3 px-4 py-6 text-sm md:flex-row md:justify-between">
        <nav aria-label={texts.footer.nav}>
          <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2">
            <li>
              <Link to={ROUTES.terms} className={linkClass}>
                {texts.footer.terms}
              </Link>
            </li>
            <li>
              <Link to={ROUTES.accessibility} className={linkClass}>
                {texts.footer.accessibility}
              </Link>
            </li>
            <li>
              <Link to={ROUTES.marketplace} className={linkClass}>
                {texts.footer.marketplace}
              </Link>
            </li>
            <li>
              <Link to={ROUTES.support} className={linkClass}>
                {texts.footer.support}
                <CountBadge count={unread.support} noun="unreadSupport" />
              </Link>
            </li>
          </ul>
        </nav>
        <LanguageSwitch />
        <p className="text-stone-600">{fill(texts.footer.copyright, { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
