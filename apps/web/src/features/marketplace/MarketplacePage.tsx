import { Link, useSearchParams } from 'react-router';
import { PAGE_SIZE, ROUTES } from '@rummage/contract';
import { useFillText } from '../../shared/config/useAppConfig';
import { PageHeading } from '../../shared/ui/PageHeading';
import { Spinner } from '../../shared/ui/Spinner';
import { useDocumentTitle } from '../../shared/ui/useDocumentTitle';
import { FeedSpinner, ProductGrid, useInfiniteScroll, useProductFeed } from '../feed';
import { NoListingsPanel } from '../listings';
import { PlaceChangedNotice, SaveSearchButton } from '../saved-searches';
import { DidYouMean } from './DidYouMean';
import { EndOfFeed } from './EndOfFeed';
import { useDropSearchOnReload } from './useDropSearchOnReload';
import { useMarketplaceGarageSales } from './useMarketplaceGarageSales';
import { categoryName } from '../../shared/i18n/categoryName';
import { useTexts } from '../../shared/i18n/useTexts';

/**
 * /marketplace (optional ?search=; a category chip's search, the category's stored title, is named in the page's
 * language): garage-sale strip, then the product grid (PAGE_SIZE.marketplace a
 * page, the next page loading near the bottom), then the end-of-feed block (docs/product.md §2, §4). A new saved
 * place or radius starts the feed over. "Save this search" keeps the words and place (docs/product.md §14); after
 * "Show matches" moved the saved place, a notice says so and offers the one before back.
 */
export default function MarketplacePage() {
  const texts = useTexts();
  useDocumentTitle(texts.titles.marketplace);
  const fill = useFillText();
  const [params] = useSearchParams();
  const search = params.get('search')?.trim() || null;
  useDropSearchOnReload(search);

  const feed = useProductFeed({ pageSize: PAGE_SIZE.marketplace, search });
  const garageSales = useMarketplaceGarageSales();
  const isLoading = feed.isLoading || garageSales.isLoading;
  // The first page of cards and the garage sales arrive together; the spinner stays until then (and comes back at
  // once when a new place starts the feed over).
  const showContent = !isLoading;
  const sentinelRef = useInfiniteScroll({
    enabled: showContent && !feed.isEnd,
    loading: feed.isLoadingMore,
    onLoadMore: feed.loadMore,
  });
  const hasGridItems = feed.products.length > 0 || Boolean(garageSales.gridCards);

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="flex min-w-0 flex-wrap items-baseline gap-x-4 gap-y-1">
          <PageHeading>{texts.header.marketplace}</PageHeading>
          {search && (
            <p className="flex min-w-0 items-baseline gap-3 text-stone-700">
              <span className="break-words">
                {fill(texts.home.resultsFor, { search: categoryName(search, texts) })}
              </span>
              <Link to={ROUTES.marketplace} className="shrink-0 text-sm font-medium text-brand-700 underline">
                {texts.home.clearSearch}
              </Link>
            </p>
          )}
        </div>
        <SaveSearchButton search={search} />
      </div>
      <PlaceChangedNotice />
      {!showContent ? (
        <FeedSpinner />
      ) : (
        <>
          {garageSales.strip}
          {hasGridItems && <ProductGrid products={feed.products} leadingItems={garageSales.gridCards} />}
          <div ref={sentinelRef} aria-hidden="true" data-testid="feed-sentinel" />
          {feed.isLoadingMore && <Spinner size={32} label={texts.home.loadingMore} />}
          {feed.isEnd && feed.products.length === 0 && feed.suggestion && (
            <DidYouMean suggestion={feed.suggestion} />
          )}
          {feed.isEnd && (feed.products.length > 0 ? <EndOfFeed /> : <NoListingsPanel />)}
        </>
      )}
    </div>
  );
}
