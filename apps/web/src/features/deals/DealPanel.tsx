import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { fillText, type DealListItem, type OwnReviewResponse } from '@rummage/contract';
import { ApiError } from '../../shared/api/client';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { dateTimeText } from '../../shared/ui/dateTimeText';
import { reviewKeys } from '../reviews';
import { dealKeys, disputeDeal, useMyDeals } from './api';
import { RatingForm } from './RatingForm';
import { useLocale, useTexts } from '../../shared/i18n/useTexts';

/**
 * The deal between the two people of a chat about the item (docs/product.md §19, §20), where the request to rate
 * leads: its state; while the rating window is open and the reader has not rated, the rating form; their own
 * rating once sent, pending or published; and for the buyer, a way to say the handover did not happen. Nothing
 * when the two made no deal on the item.
 */
export function DealPanel({ productId, otherId }: { productId: number; otherId: number }) {
  const texts = useTexts();
  const locale = useLocale();
  const R = texts.reviews;
  const D = texts.deals;
  const queryClient = useQueryClient();
  const deals = useMyDeals();
  const [said, setSaid] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const saidRef = useRef<HTMLParagraphElement>(null);
  // Newest first: a listing sold, made available and sold again to the same person shows the latest deal.
  const deal = deals.data?.find((item) => item.productId === productId && item.other.id === otherId);

  useEffect(() => {
    // The form (or the button) that had the focus is gone: the answer takes it, so it is read and nothing is lost.
    if (said) saidRef.current?.focus();
  }, [said]);

  if (!deal) return null;
  const { id, sellerId, buyerId } = deal;
  const open = deal.status === 'completed' && Date.parse(deal.rateUntil) > Date.now();
  const isBuyer = deal.sellerId === otherId;

  function update(change: Partial<DealListItem>) {
    queryClient.setQueryData<DealListItem[]>(dealKeys.mine, (list) =>
      list?.map((item) => (item.id === id ? { ...item, ...change } : item)),
    );
  }

  // Profiles and seller cards read since then show the ratings and averages as they were: read them again.
  function ratingsChanged() {
    for (const person of [sellerId, buyerId]) {
      void queryClient.invalidateQueries({ queryKey: reviewKeys.list(person) });
      void queryClient.invalidateQueries({ queryKey: reviewKeys.reputation(person) });
    }
  }

  function rated(answer: OwnReviewResponse) {
    update({ myReview: answer.data });
    setSaid(answer.message);
    if (answer.data.status === 'published') ratingsChanged();
  }

  async function dispute() {
    setBusy(true);
    setError(null);
    try {
      const answer = await disputeDeal(id);
      update({ status: answer.data.status, myReview: null });
      setSaid(answer.message);
      ratingsChanged();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : D.actionFailed);
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  const mine = deal.myReview;
  return (
    <div className="flex flex-col gap-3 border-b border-stone-200 bg-stone-50 px-4 py-3">
      <p className="text-sm font-semibold text-stone-900">
        {fillText(D.dealLine, { status: D.status[deal.status] })}
      </p>
      <p
        ref={saidRef}
        role="status"
        tabIndex={-1}
        className="text-sm text-stone-800 empty:hidden focus:outline-none"
      >
        {said}
      </p>
      {mine && deal.status === 'completed' && (
        <p className="text-sm text-stone-800">
          {fillText(R.yourRating, { count: mine.stars })}{' '}
          {/* Just sent and published at once: the answer above already says so. */}
          {(mine.status === 'pending' || !said) && (
            <span className="font-semibold">{mine.status === 'pending' ? R.pending : R.ownPublished}</span>
          )}
        </p>
      )}
      {open && !mine && (
        <>
          <p className="text-sm text-stone-700">
            {fillText(D.rateUntil, { time: dateTimeText(deal.rateUntil, locale) })}
          </p>
          <RatingForm dealId={id} onRated={rated} />
        </>
      )}
      {open && isBuyer && (
        <div>
          <button
            type="button"
            className="btn btn-outline"
            aria-haspopup="dialog"
            onClick={() => setConfirming(true)}
          >
            {D.dispute}
          </button>
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        title={D.disputeTitle}
        description={fillText(D.disputeDescription, { title: deal.title })}
        confirmLabel={D.disputeConfirm}
        cancelLabel={D.cancel}
        busy={busy}
        onConfirm={() => void dispute()}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
