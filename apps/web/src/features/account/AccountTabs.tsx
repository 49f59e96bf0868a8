import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { ROUTES } from '@rummage/contract';
import { useTexts } from '../../shared/i18n/useTexts';

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `flex-1 rounded-full px-4 py-2 text-center text-sm font-semibold transition-colors ${
    isActive ? 'bg-brand text-white shadow' : 'text-stone-700 hover:bg-white'
  }`;

/** Log In / Register switch at the top of both forms; each tab is a link to its page (docs/product.md §2). */
export function AccountTabs() {
  const texts = useTexts();
  return (
    <nav aria-label={texts.register.tabsLabel} className="mb-6">
      <ul className="flex gap-1 rounded-full bg-stone-100 p-1">
        <li className="flex flex-1">
          <NavLink to={ROUTES.login} end className={tabClass}>
            {texts.register.tabLogin}
          </NavLink>
        </li>
        <li className="flex flex-1">
          <NavLink to={ROUTES.register} end className={tabClass}>
            {texts.register.tabRegister}
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}

/** The card every account page sits in: narrow, centred, roomy on phones. */
export function AccountCard({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-8 md:py-12">
      <div className="card p-6 md:p-8">{children}</div>
    </div>
  );
}
