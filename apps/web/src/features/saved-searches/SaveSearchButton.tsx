import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ROUTES, type CreateSavedSearch } from '@rummage/contract';
import { useSession } from '../../shared/session/SessionContext';
import { feedArea } from '../feed';
import { useSavedLocation } from '../location';
import { saveSearch, savedSearchKeys } from './api';
import { useTexts } from '../../shared/i18n/useTexts';

interface Feedback {
  /** The query it was about: a new search or place makes it stale, so it is no longer shown. */
  query: string;
  tone: 'success' | 'error';
  text: string;
}

/**
 * "Save this search" on the marketplace (docs/product.md §14): shown once there are words or a saved place, it
 * saves exactly the query the feed sends (words, place, radius in km). Visitors are sent to /login, as "follow"
 * and "like" do.
 */
export function SaveSearchButton({ search }: { search: string | null }) {
  const S = useTexts().savedSearches;
  const { session } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const area = feedArea(useSavedLocation());
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  if (!search && !area) return null;

  const query: CreateSavedSearch = { search: search ?? undefined, ...area };
  const queryText = JSON.stringify(query);
  const shown = feedback?.query === queryText ? feedback : null;

  async function save() {
    if (session === null) {
      void navigate(ROUTES.login);
      return;
    }
    if (busy) return;
    setBusy(true);
    try {
      const { isNew } = await saveSearch(query);
      setFeedback({ query: queryText, tone: 'success', text: isNew ? S.saved : S.alreadySaved });
      void queryClient.invalidateQueries({ queryKey: savedSearchKeys.list });
    } catch (failure) {
      const text = failure instanceof Error && failure.message ? failure.message : S.saveFailed;
      setFeedback({ query: queryText, tone: 'error', text });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-1 sm:items-end">
      <button
        type="button"
        // Not `disabled`: the button keeps its focus while the request runs.
        aria-busy={busy}
        onClick={() => void save()}
        className={`btn btn-outline min-h-10 self-start px-4 sm:self-auto ${busy ? 'cursor-wait' : ''}`}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4 shrink-0 fill-none stroke-current">
          <path strokeWidth="2" strokeLinejoin="round" d="M6 3h12v18l-6-4-6 4V3Z" />
        </svg>
        {S.save}
      </button>
      {/* Always there, so screen readers hear "saved" when it is filled in. */}
      <p role="status" className="max-w-xs text-sm text-brand-800 sm:text-right">
        {shown?.tone === 'success' && shown.text}
      </p>
      {shown?.tone === 'error' && (
        <p role="alert" className="max-w-xs text-sm text-red-700 sm:text-right">
          {shown.text}
        </p>
      )}
    </div>
  );
}
