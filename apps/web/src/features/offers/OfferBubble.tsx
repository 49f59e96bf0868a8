import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  amountFromInput,
  fillText,
  offerAmountSchema,
  type Offer,
  type OfferInChat,
} from '@rummage/contract';
import { ApiError } from '../../shared/api/client';
import { useFormatPrice } from '../feed';
import { answerOffer, counterOffer, type OfferAction } from './api';
import { inLanguage } from '../../shared/i18n/inLanguage';
import { useLocale, useTexts } from '../../shared/i18n/useTexts';

/**
 * An offer in the chat (docs/product.md §18): its amount and status, and the answers open to the reader while it
 * is pending: the person it was made to accepts, declines or counters it with an amount; its maker may withdraw
 * it. A refusal from the server is read out; the new status arrives with the answer and by `receiveoffer`. While
 * staff hide the listing only the answers that end an offer are offered: the server refuses the others.
 */
export function OfferBubble({
  offer,
  text,
  own,
  makerName,
  paused = false,
  onChanged,
}: {
  offer: OfferInChat;
  /** The row's text in the chat ("Offered $12"); the amount alone when absent. */
  text?: string;
  /** The reader made this offer. */
  own: boolean;
  makerName: string;
  /** Staff hid the listing: decline and withdraw only. */
  paused?: boolean;
  /** The offer as the server answered (and, for a counter, the new one). */
  onChanged(offer: Offer): void;
}) {
  const formatPrice = useFormatPrice();
  const texts = useTexts();
  const O = texts.offers;
  const locale = useLocale();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [countering, setCountering] = useState(false);
  const [amount, setAmount] = useState('');
  const price = formatPrice(offer.amount);
  const pending = offer.status === 'pending';
  const counterField = useRef<HTMLInputElement>(null);
  const counterButton = useRef<HTMLButtonElement>(null);
  const wasCountering = useRef(false);
  // Opening the counter form moves the focus into its field; closing it brings it back to "Counter".
  useEffect(() => {
    if (countering) counterField.current?.focus();
    else if (wasCountering.current) counterButton.current?.focus();
    wasCountering.current = countering;
  }, [countering]);

  async function run(call: () => Promise<{ data: Offer }>) {
    setBusy(true);
    setError(null);
    try {
      const answer = await call();
      setCountering(false);
      onChanged(answer.data);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : O.actionFailed);
    } finally {
      setBusy(false);
    }
  }
  const act = (action: OfferAction) => run(() => answerOffer(offer.id, action));

  function submitCounter(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = amountFromInput(amount, locale);
    const parsed = offerAmountSchema.safeParse(typed);
    if (!parsed.success) {
      const refusal = parsed.error.issues[0]?.message;
      setError(refusal ? inLanguage(texts, refusal) : O.amountInvalid);
      return;
    }
    void run(() => counterOffer(offer.id, typed));
  }

  const errorId = `${id}-error`;
  return (
    <div
      role="group"
      aria-label={fillText(O.bubbleLabel, { amount: price, name: makerName })}
      data-offer-status={offer.status}
      className={`flex flex-col gap-2 rounded-2xl border-2 px-4 py-3 ${own ? 'rounded-br-sm border-brand-300 bg-brand-50' : 'rounded-bl-sm border-stone-300 bg-white'}`}
    >
      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="text-lg font-extrabold text-stone-900">{text ?? price}</span>
        <span className={`text-sm font-semibold ${statusClass(offer.status)}`}>{O.status[offer.status]}</span>
      </p>
      {pending && !own && !countering && (
        <div className="flex flex-wrap gap-2">
          {!paused && (
            <button
              type="button"
              className="btn btn-primary text-sm"
              disabled={busy}
              aria-label={fillText(O.acceptLabel, { amount: price })}
              onClick={() => void act('accept')}
            >
              {O.accept}
            </button>
          )}
          <button
            type="button"
            className="btn btn-outline text-sm"
            disabled={busy}
            aria-label={fillText(O.declineLabel, { amount: price })}
            onClick={() => void act('decline')}
          >
            {O.decline}
          </button>
          {!paused && (
            <button
              type="button"
              className="btn btn-outline text-sm"
              disabled={busy}
              ref={counterButton}
              aria-label={fillText(O.counterOpenLabel, { amount: price })}
              onClick={() => {
                setCountering(true);
                setError(null);
              }}
            >
              {O.counter}
            </button>
          )}
        </div>
      )}
      {pending && !own && countering && !paused && (
        <form onSubmit={submitCounter} className="flex flex-col gap-2" noValidate>
          <label htmlFor={`${id}-counter`} className="text-sm font-semibold text-stone-800">
            {O.counterLabel}
          </label>
          <div className="flex flex-wrap gap-2">
            <input
              id={`${id}-counter`}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              ref={counterField}
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              aria-invalid={error !== null}
              aria-describedby={error ? errorId : undefined}
              className="field-input w-28 min-w-0"
            />
            <button type="submit" className="btn btn-primary text-sm" disabled={busy}>
              {O.counterSend}
            </button>
            <button
              type="button"
              className="btn btn-outline text-sm"
              disabled={busy}
              onClick={() => {
                setCountering(false);
                setError(null);
              }}
            >
              {O.cancel}
            </button>
          </div>
        </form>
      )}
      {pending && own && (
        <div>
          <button
            type="button"
            className="btn btn-outline text-sm"
            disabled={busy}
            aria-label={fillText(O.withdrawLabel, { amount: price })}
            onClick={() => void act('withdraw')}
          >
            {O.withdraw}
          </button>
        </div>
      )}
      {error && (
        <p id={errorId} role="alert" className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

function statusClass(status: OfferInChat['status']): string {
  if (status === 'accepted') return 'text-brand-800';
  if (status === 'pending') return 'text-stone-800';
  return 'text-stone-600';
}
