import { useState } from 'react';
import { API, fillText, type ChatThreadHeader, type ReservationResponse } from '@rummage/contract';
import { ApiError, apiFetch } from '../../shared/api/client';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { dateTimeText as holdEndText } from '../../shared/ui/dateTimeText';
import { useLocale, useTexts } from '../../shared/i18n/useTexts';
import { isDeletedUser } from '../../shared/i18n/deletedUser';

/** The end of a hold in the reader's own clock. */
export { holdEndText };

/**
 * The seller's hold in a chat (docs/product.md §12): the buyer it is for reads "Reserved for you until …", another
 * buyer "Reserved for someone else until …"; the seller reserves the listing for this buyer, or releases it, and may mark it sold to this buyer (§19), after a
 * confirmation; `onSold` then reads the chat again. While staff hide the listing the seller may only release a hold. On a narrow screen the line wraps, the buttons full size.
 */
export function ReservationBar({ header, onSold }: { header: ChatThreadHeader; onSold?: () => void }) {
  const texts = useTexts();
  const locale = useLocale();
  const D = texts.deals;
  const L = texts.listing;
  const [hold, setHold] = useState({ until: header.reservedUntil, here: header.isReservedInThisChat });
  const [busy, setBusy] = useState(false);
  const [confirmingSale, setConfirmingSale] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const isSeller = header.sellerId !== header.userId;
  const deleted = isDeletedUser(header.userName);

  async function change(reserve: boolean) {
    setBusy(true);
    setError(null);
    try {
      const { data } = await apiFetch<ReservationResponse>(
        reserve ? API.product.reserve : API.product.unreserve,
        {
          method: 'POST',
          body: reserve
            ? { productId: header.productId, buyerId: header.userId }
            : { productId: header.productId },
          fallbackMessage: L.reserveFailed,
        },
      );
      setHold({ until: data.reservedUntil, here: data.reservedForId === header.userId });
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : L.reserveFailed);
    } finally {
      setBusy(false);
    }
  }

  async function markSold() {
    setBusy(true);
    setError(null);
    try {
      await apiFetch(API.product.changeSoldStatus, {
        method: 'POST',
        body: { productId: header.productId, isSold: true, buyerId: header.userId },
        fallbackMessage: L.soldStatusFailed,
      });
      setConfirmingSale(false);
      onSold?.();
    } catch (caught) {
      setConfirmingSale(false);
      setError(caught instanceof ApiError ? caught.message : L.soldStatusFailed);
    } finally {
      setBusy(false);
    }
  }

  if (!isSeller) {
    if (!hold.until) return null;
    // Told before an offer or a counter-offer runs into the hold; who holds it stays between them and the seller.
    return (
      <p role="status" className="bg-brand-50 px-4 py-2 text-sm font-semibold text-brand-800">
        {fillText(hold.here ? L.reservedForYou : L.reservedForSomeoneElse, {
          time: holdEndText(hold.until, locale),
        })}
      </p>
    );
  }
  if (header.isSold || deleted) return null;
  const here = hold.here && hold.until !== null;
  // A listing staff hid can be neither held nor sold until it is shown again; a hold made before can be let go.
  const paused = header.isHidden === true;
  if (paused && !here) return null;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 bg-brand-50 px-4 py-2 text-sm">
      {hold.until && (
        <span role="status" className="min-w-0 flex-1 font-semibold text-brand-800">
          {fillText(L.reservedUntil, { time: holdEndText(hold.until, locale) })}
        </span>
      )}
      {here ? (
        <button
          type="button"
          className="btn btn-outline shrink-0"
          disabled={busy}
          aria-label={fillText(L.releaseLabel, { name: header.userName })}
          onClick={() => void change(false)}
        >
          {L.release}
        </button>
      ) : (
        <button
          type="button"
          className="btn btn-outline shrink-0"
          disabled={busy}
          onClick={() => void change(true)}
        >
          {fillText(L.reserveFor, { name: header.userName })}
        </button>
      )}
      {!paused && (
        <button
          type="button"
          className="btn btn-outline shrink-0"
          aria-haspopup="dialog"
          disabled={busy}
          onClick={() => setConfirmingSale(true)}
        >
          {fillText(D.markSoldToName, { name: header.userName })}
        </button>
      )}
      <ConfirmDialog
        open={confirmingSale}
        title={texts.listing.confirm}
        description={fillText(D.confirmSoldTo, { title: header.productName, name: header.userName })}
        confirmLabel={texts.listing.markSold}
        cancelLabel={D.cancel}
        busy={busy}
        onConfirm={() => void markSold()}
        onCancel={() => setConfirmingSale(false)}
      />
      {error && (
        <p role="alert" className="w-full text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
