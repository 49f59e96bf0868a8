import { Link } from 'react-router';
import { ROUTES } from '@rummage/contract';

/** "Home > This page" above a reading page (terms, accessibility statement). */
export function HomeBreadcrumb({ label, home, current }: { label: string; home: string; current: string }) {
  return (
    <nav aria-label={label} className="mb-6 text-sm text-stone-600">
      <ol className="flex flex-wrap items-center gap-2">
        <li>
          <Link to={ROUTES.home} className="font-medium text-brand underline-offset-2 hover:underline">
            {home}
          </Link>
        </li>
        <li aria-hidden="true">&gt;</li>
        <li aria-current="page" className="text-stone-800">
          {current}
        </li>
      </ol>
    </nav>
  );
}
