import { messages } from '@rummage/contract';
import { useDocumentTitle } from '../../shared/ui/useDocumentTitle';
import { NoListingsPanel } from '../listings/NoListingsPanel';
import { CategoryChips } from './CategoryChips';
import { HeroSearch } from './HeroSearch';
import { HOME_TEXT } from './texts';

/**
 * /: hero search, category chips, then the nearby listings. The product feed arrives with the
 * listings issue; until then the list is empty and shows the SPEC's "No Listings Nearby" panel.
 */
export default function HomePage() {
  useDocumentTitle(messages.titles.home);
  return (
    <>
      <section className="bg-brand px-4 pt-10 pb-12 text-white md:pt-16 md:pb-20">
        <div className="mx-auto flex max-w-3xl flex-col items-center gap-6 text-center">
          <h1 className="text-3xl font-extrabold tracking-tight md:text-5xl">{messages.home.tagline}</h1>
          <HeroSearch />
        </div>
      </section>
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-6">
        <CategoryChips />
        <section aria-labelledby="home-listings-heading" className="flex flex-col gap-4">
          <h2 id="home-listings-heading" className="sr-only">
            {HOME_TEXT.listingsHeading}
          </h2>
          <NoListingsPanel />
        </section>
      </div>
    </>
  );
}
