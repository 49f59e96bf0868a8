import { FeedActions } from './FeedActions';
import { useTexts } from '../../shared/i18n/useTexts';

/**
 * "No Listings Nearby" with change-location and create-listing buttons: the home page's empty state
 * and the marketplace's end-of-feed block (docs/product.md §2).
 */
export function NoListingsPanel({ title }: { title?: string }) {
  const texts = useTexts();
  return (
    <section
      aria-labelledby="no-listings-title"
      className="card mx-auto flex w-full max-w-xl flex-col items-center gap-3 px-6 py-10 text-center"
    >
      <svg aria-hidden="true" viewBox="0 0 64 64" className="h-20 w-20 text-brand-300">
        <circle cx="28" cy="28" r="18" fill="none" stroke="currentColor" strokeWidth="5" />
        <path d="m41 41 14 14" stroke="currentColor" strokeWidth="6" strokeLinecap="round" />
      </svg>
      <h2 id="no-listings-title" className="text-xl font-bold text-stone-900">
        {title ?? texts.home.noListingsTitle}
      </h2>
      <p className="text-stone-700">{texts.home.noListingsText}</p>
      <FeedActions />
    </section>
  );
}
