import { useCallback } from 'react';
import { Link } from 'react-router';
import { ROUTES, STICKY_HEADER_THRESHOLD_PX } from '@rummage/contract';
import { useAppConfig } from '../../shared/config/useAppConfig';
import { useSession } from '../../shared/session/SessionContext';
import { AccountMenu } from './AccountMenu';
import { CreateMenu } from './CreateMenu';
import { LocationBar } from './LocationBar';
import { NotificationBell } from './NotificationBell';
import { useScrollState } from './useScrollState';
import { useTexts } from '../../shared/i18n/useTexts';

/**
 * Logo, create menu, the bell (signed in), account menu and location bar; sticks to the top once the page scrolls
 * over 10 px.
 */
export function Header() {
  const texts = useTexts();
  const { config } = useAppConfig();
  const signedIn = useSession().session !== null;
  const sticky = useScrollState(useCallback(() => window.scrollY > STICKY_HEADER_THRESHOLD_PX, []));
  return (
    <header
      data-sticky={sticky}
      className={`z-40 bg-white ${sticky ? 'sticky top-0 shadow-md' : 'relative border-b border-stone-200'}`}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4">
        <Link
          to={ROUTES.home}
          className="flex items-center gap-2 text-xl font-extrabold tracking-tight text-brand md:text-2xl"
        >
          <img src="/favicon.svg" alt="" className="h-8 w-8" />
          {config.productName}
        </Link>
        <nav aria-label={texts.header.mainNav} className="ml-auto flex items-center gap-2 md:gap-3">
          <CreateMenu />
          {signedIn && <NotificationBell />}
          <AccountMenu />
        </nav>
      </div>
      <LocationBar />
    </header>
  );
}
