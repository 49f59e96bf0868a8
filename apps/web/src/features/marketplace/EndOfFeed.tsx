import { FeedActions } from '../listings';
import { useTexts } from '../../shared/i18n/useTexts';

/**
 * The end-of-feed block under a feed that had listings: change location (opens the dialog) and create
 * listing (docs/product.md §2 Marketplace). An empty feed shows NoListingsPanel instead.
 */
export function EndOfFeed() {
  const texts = useTexts();
  return (
    <section
      aria-labelledby="end-of-feed-title"
      className="mx-auto flex w-full max-w-xl flex-col items-center gap-2 border-t border-stone-200 px-4 pt-8 pb-4 text-center"
    >
      <h2 id="end-of-feed-title" className="text-lg font-bold text-stone-900">
        {texts.home.endTitle}
      </h2>
      <p className="text-stone-700">{texts.home.endText}</p>
      <FeedActions />
    </section>
  );
}
