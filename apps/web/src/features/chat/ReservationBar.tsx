import { useState } from 'react';
import { API, fillText, messages, type ChatThreadHeader, type ReservationResponse } from '@rummage/contract';
import { ApiError, apiFetch } from '../../shared/api/client';

const L = messages.listing;

/** The end of a hold in the reader's own clock: "Sat, Nov 28, 3:15 PM". */
export function holdEndText(iso: string): string {
  return new Date(iso).toLocaleString(undefined, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/**
 * The seller's hold in a chat (docs/product.md §12): the buyer it is for reads "Reserved for you until …"; the
 * seller reserves the listing for this buyer, or releases it. One line, so it fits a 375 px screen.
 */
export function ReservationBar({ header }: { header: ChatThreadHeader }) {
  const [hold, setHold] = useState({ until: header.reservedUntil, here: header.isReservedInThisChat });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const isSeller = header.sellerId !== header.userId;
  const deleted = header.userName === messages.chat.deletedUser;

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

  if (!isSeller) {
    if (!hold.here || !hold.until) return null;
    return (
      <p role="status" className="bg-brand-50 px-4 py-2 text-sm font-semibold text-brand-800">
        {fillText(L.reservedForYou, { time: holdEndText(hold.until) })}
      </p>
    );
  }
  if (header.isSold || deleted) return null;
  const here = hold.here && hold.until !== null;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 bg-brand-50 px-4 py-2 text-sm">
      {hold.until && (
        <span role="status" className="min-w-0 flex-1 font-semibold text-brand-800">
          {fillText(L.reservedUntil, { time: holdEndText(hold.until) })}
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
      {error && (
        <p role="alert" className="w-full text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
