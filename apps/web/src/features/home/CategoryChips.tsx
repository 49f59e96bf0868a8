import { Link } from 'react-router';
import { DEFAULT_CATEGORIES, ROUTES } from '@rummage/contract';
import { useCategories } from './useCategories';
import { categoryName } from '../../shared/i18n/categoryName';
import { useTexts } from '../../shared/i18n/useTexts';

/** Category chips, each a marketplace search for its title (docs/product.md §2 Home). */
export function CategoryChips() {
  const texts = useTexts();
  const { data, isPending, isError } = useCategories();
  return (
    <nav aria-label={texts.home.categories} className="w-full">
      {isError ? (
        <p role="alert" className="text-center text-sm text-red-700">
          {texts.categories.loadFailed}
        </p>
      ) : (
        // One row that scrolls sideways below 1024 px (wrapping would change the height once the titles
        // arrive and shove the listings down); wrapped and centred on wide screens.
        <ul
          className="-mx-4 flex gap-2 overflow-x-auto px-4 py-1.5 [scrollbar-width:thin] lg:mx-0 lg:flex-wrap lg:justify-center lg:overflow-visible lg:px-0"
          aria-busy={isPending}
        >
          {isPending
            ? Array.from({ length: DEFAULT_CATEGORIES.length }, (_, index) => (
                <li
                  key={index}
                  aria-hidden="true"
                  className="h-9 w-20 shrink-0 animate-pulse rounded-full bg-stone-200"
                />
              ))
            : data.map((category) => (
                <li key={category.id} className="shrink-0">
                  <Link
                    to={`${ROUTES.marketplace}?${new URLSearchParams({ search: category.title })}`}
                    className="inline-flex min-h-9 items-center rounded-full border border-stone-300 bg-white px-4 text-sm font-medium text-stone-800 hover:border-brand hover:text-brand-700"
                  >
                    {categoryName(category.title, texts)}
                  </Link>
                </li>
              ))}
        </ul>
      )}
    </nav>
  );
}
