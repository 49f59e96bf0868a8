import { EmptyState } from '../../shared/ui/EmptyState';
import { PageHeading } from '../../shared/ui/PageHeading';
import { Spinner } from '../../shared/ui/Spinner';
import { useDocumentTitle } from '../../shared/ui/useDocumentTitle';
import { FeedSpinner, useInfiniteScroll } from '../feed';
import { useFollowers } from './api';
import { FollowerCard } from './FollowerCard';
import { useTexts } from '../../shared/i18n/useTexts';

/**
 * /followers (docs/product.md §2): the people who follow you, newest first, as cards (1, 2 or 3 columns by width),
 * the next page loading near the bottom; "You're all caught up!" at the end, the SPEC's empty state when
 * nobody follows you yet (or the list cannot be loaded, which is only logged).
 */
export default function FollowersPage() {
  const texts = useTexts();
  useDocumentTitle(texts.followers.documentTitle);
  const list = useFollowers();
  const sentinelRef = useInfiniteScroll({
    enabled: !list.isLoading && !list.isEnd,
    loading: list.isLoadingMore,
    onLoadMore: list.loadMore,
  });
  const hasFollowers = list.followers.length > 0;

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6">
      <PageHeading>{texts.followers.heading}</PageHeading>
      {list.isLoading ? (
        <FeedSpinner label={texts.followers.loading} />
      ) : (
        <>
          {hasFollowers && (
            <ul
              aria-label={texts.followers.listLabel}
              className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3"
            >
              {list.followers.map((follower) => (
                <li key={follower.id}>
                  <FollowerCard follower={follower} />
                </li>
              ))}
            </ul>
          )}
          <div ref={sentinelRef} aria-hidden="true" />
          {list.isLoadingMore && <Spinner size={32} label={texts.followers.loadingMore} />}
          {list.isEnd &&
            (hasFollowers ? (
              <p className="py-6 text-center font-semibold text-stone-600">{texts.followers.caughtUp}</p>
            ) : (
              <EmptyState title={texts.followers.emptyTitle} text={texts.followers.emptyText} />
            ))}
        </>
      )}
    </div>
  );
}
