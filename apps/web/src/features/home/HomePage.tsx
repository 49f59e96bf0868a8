import { Link } from 'react-router';
import { PAGE_SIZE, ROUTES } from '@rummage/contract';
import { useDocumentTitle } from '../../shared/ui/useDocumentTitle';
import { FeedSpinner, ProductGrid, useProductFeed } from '../feed';
import { NoListingsPanel } from '../listings';
import { CategoryChips } from './CategoryChips';
import { HeroSearch } from './HeroSearch';
import { useTexts } from '../../shared/i18n/useTexts';

/**
 * /: hero search, category chips, then the first PAGE_SIZE.home listings near the saved place with a
 * "See more" link to the marketplace; "No Listings Nearby" when there are none (docs/product.md §2 Home).
 */
export default function HomePage() {
  const texts = useTexts();
  useDocumentTitle(texts.titles.home);
  const feed = useProductFeed({ pageSize: PAGE_SIZE.home });
  return (
    <>
      <section className="bg-brand px-4 pt-10 pb-12 text-white md:pt-16 md:pb-20">
        <div className="mx-auto flex max-w-3xl flex-col items-center gap-6 text-center">
          <h1 className="text-3xl font-extrabold tracking-tight md:text-5xl">{texts.home.tagline}</h1>
          <HeroSearch />
        </div>
      </section>
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-6">
        <CategoryChips />
        <section aria-labelledby="home-listings-heading" className="flex flex-col gap-4">
          <h2 id="home-listings-heading" className="sr-only">
            {texts.home.listingsHeading}
          </h2>
          {feed.isLoading ? (
            <FeedSpinner />
          ) : feed.products.length === 0 ? (
            <NoListingsPanel />
          ) : (
            <>
              <ProductGrid products={feed.products} label={texts.home.listingsHeading} />
              <Link to={ROUTES.marketplace} className="btn btn-primary mt-2 self-center px-8">
                {texts.home.seeMore}
              </Link>
            </>
          )}
        </section>
      </div>
    </>
  );
}
