import { Link } from 'react-router';
import { ROUTES, messages } from '@rummage/contract';
import { HOME_TEXT } from './texts';
import { useCategories } from './useCategories';

/** Category chips, each a marketplace search for its title (SPEC §2 Home). */
export function CategoryChips() {
  const { data, isPending, isError } = useCategories();
  return (
    <nav aria-label={HOME_TEXT.categories} className="w-full">
      {isError ? (
        <p role="alert" className="text-center text-sm text-red-700">
          {messages.categories.loadFailed}
        </p>
      ) : (
        <ul className="flex flex-wrap justify-center gap-2" aria-busy={isPending}>
          {isPending
            ? Array.from({ length: 6 }, (_, index) => (
                <li
                  key={index}
                  aria-hidden="true"
                  className="h-9 w-20 animate-pulse rounded-full bg-stone-200"
                />
              ))
            : data.map((category) => (
                <li key={category.id}>
                  <Link
                    to={`${ROUTES.marketplace}?${new URLSearchParams({ search: category.title })}`}
                    className="inline-flex min-h-9 items-center rounded-full border border-stone-300 bg-white px-4 text-sm font-medium text-stone-800 hover:border-brand hover:text-brand-700"
                  >
                    {category.title}
                  </Link>
                </li>
              ))}
        </ul>
      )}
    </nav>
  );
}
