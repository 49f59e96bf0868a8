import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type SavedSearch } from '@rummage/contract';
import { useReloadOnNotificationPushes } from '../../shared/realtime/useReloadOnNotificationPushes';
import { PERSONAL_QUERY } from '../../shared/session/SessionContext';
import { Banner } from '../../shared/ui/Banner';
import { EmptyState } from '../../shared/ui/EmptyState';
import { PageHeading } from '../../shared/ui/PageHeading';
import { Spinner } from '../../shared/ui/Spinner';
import { useDocumentTitle } from '../../shared/ui/useDocumentTitle';
import { deleteSavedSearch, fetchSavedSearches, markSavedSearchSeen, savedSearchKeys } from './api';
import { SavedSearchRow } from './SavedSearchRow';
import { useTexts } from '../../shared/i18n/useTexts';

/**
 * /saved-searches (docs/product.md §14): the person's saved searches, newest first, each with its new matches,
 * "Show matches" (opens the marketplace with that query and marks them seen) and Delete (at once, no undo). The
 * new matches follow live: each notification count /generalhub pushes loads the list again.
 */
export default function SavedSearchesPage() {
  const S = useTexts().savedSearches;
  useDocumentTitle(S.documentTitle);
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: savedSearchKeys.list,
    meta: PERSONAL_QUERY,
    queryFn: ({ signal }) => fetchSavedSearches(signal),
  });
  // A new match arrives as an entry of the notification centre: the hub's push reloads the counts while open.
  useReloadOnNotificationPushes(savedSearchKeys.list);
  const [deleting, setDeleting] = useState<number | null>(null);
  const [feedback, setFeedback] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  // Where the keyboard goes once a deleted row is gone: the next search's Delete (the one before for the last
  // row), or the heading when none is left, never the page body.
  const [focusAfterDelete, setFocusAfterDelete] = useState<number | 'heading' | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (focusAfterDelete === null) return;
    const target =
      focusAfterDelete === 'heading'
        ? headingRef.current
        : listRef.current?.querySelector<HTMLElement>(`[data-delete-search="${focusAfterDelete}"]`);
    (target ?? headingRef.current)?.focus();
    setFocusAfterDelete(null);
  }, [focusAfterDelete, list.data]);

  const update = (change: (searches: SavedSearch[]) => SavedSearch[]) =>
    queryClient.setQueryData<SavedSearch[]>(savedSearchKeys.list, (searches) => searches && change(searches));

  async function remove(id: number) {
    if (deleting !== null) return;
    setDeleting(id);
    setFeedback(null);
    try {
      await deleteSavedSearch(id);
      const searches = list.data ?? [];
      const at = searches.findIndex((saved) => saved.id === id);
      const neighbour = searches[at + 1] ?? searches[at - 1];
      update((current) => current.filter((saved) => saved.id !== id));
      setFocusAfterDelete(neighbour ? neighbour.id : 'heading');
      setFeedback({ tone: 'success', text: S.removed });
    } catch (failure) {
      setFeedback({
        tone: 'error',
        text: failure instanceof Error && failure.message ? failure.message : S.removeFailed,
      });
    } finally {
      setDeleting(null);
    }
  }

  function markSeen(id: number) {
    // The marketplace opens at once; the count is cleared here meanwhile and put right if the server refuses.
    update((searches) => searches.map((saved) => (saved.id === id ? { ...saved, newMatches: 0 } : saved)));
    markSavedSearchSeen(id).catch((error: unknown) => {
      console.error('Could not mark the saved search as seen', id, error);
      void queryClient.invalidateQueries({ queryKey: savedSearchKeys.list });
    });
  }

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6">
      <div className="flex flex-col gap-2">
        <PageHeading ref={headingRef}>{S.pageTitle}</PageHeading>
        <p className="text-stone-700">{S.intro}</p>
      </div>
      {feedback && (
        <Banner tone={feedback.tone} onDismiss={() => setFeedback(null)}>
          {feedback.text}
        </Banner>
      )}
      {list.isPending ? (
        <Spinner label={S.loading} />
      ) : list.isError ? (
        <Banner>{S.loadFailed}</Banner>
      ) : list.data.length === 0 ? (
        <EmptyState title={S.empty} />
      ) : (
        <ul ref={listRef} aria-label={S.pageTitle} className="flex flex-col gap-3">
          {list.data.map((saved) => (
            <SavedSearchRow
              key={saved.id}
              saved={saved}
              busy={deleting === saved.id}
              onShow={() => markSeen(saved.id)}
              onDelete={() => void remove(saved.id)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
