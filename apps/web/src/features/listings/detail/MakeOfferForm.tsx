import { useState, type FormEvent } from 'react';
import { amountFromInput, currencySign, fillText, offerAmountSchema } from '@rummage/contract';
import { ApiError } from '../../../shared/api/client';
import { useFormatPrice } from '../../feed';
import { LoginFirstDialog } from './LoginFirstDialog';
import { makeOffer } from '../../offers';
import { useInstallationConfig } from '../../../shared/config/useAppConfig';
import { inLanguage } from '../../../shared/i18n/inLanguage';
import { useLocale, useTexts } from '../../../shared/i18n/useTexts';

/**
 * "Make an offer" on a listing's page (docs/product.md §18), for anyone but its seller: an amount in the price
 * format, checked as the server checks it, then sent. The server's answer is read out as it is: "Offer sent.",
 * "The seller is not accepting offers this low.", or its refusal (too many offers, blocked, sold…).
 */
export function MakeOfferForm({
  productId,
  price,
  signedIn,
}: {
  productId: number;
  price: number;
  signedIn: boolean;
}) {
  const formatPrice = useFormatPrice();
  const texts = useTexts();
  const O = texts.offers;
  const locale = useLocale();
  const currency = currencySign(locale, useInstallationConfig().currency);
  const [amount, setAmount] = useState('');
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<{ text: string; ok: boolean } | null>(null);
  const [askLogin, setAskLogin] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    if (!signedIn) {
      setAskLogin(true);
      return;
    }
    // "12,50" as a German or Spanish reader types it, sent as the API reads it.
    const typed = amountFromInput(amount, locale);
    const parsed = offerAmountSchema.safeParse(typed);
    if (!parsed.success) {
      const refusal = parsed.error.issues[0]?.message;
      setAnswer({ text: refusal ? inLanguage(texts, refusal) : O.amountInvalid, ok: false });
      return;
    }
    setSending(true);
    setAnswer(null);
    try {
      const sent = await makeOffer(productId, typed);
      setAnswer({ text: sent.message, ok: sent.data.status === 'pending' });
      if (sent.data.status === 'pending') setAmount('');
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) setAskLogin(true);
      else setAnswer({ text: error instanceof ApiError ? error.message : O.failed, ok: false });
    } finally {
      setSending(false);
    }
  }

  // Fixed ids, as the message box's: the page is painted before the app runs, and an amount typed then is carried
  // into the app's copy of the field only when the field reads the same, id included (src/app/earlyInput.ts).
  const input = 'offer-amount';
  const hint = 'offer-amount-hint';
  const said = 'offer-amount-answer';
  return (
    <form onSubmit={handleSubmit} className="rounded-xl border border-stone-200 bg-stone-50 p-4" noValidate>
      <label htmlFor={input} className="field-label">
        {O.amountLabel}
      </label>
      <p id={hint} className="mb-2 text-sm text-stone-600">
        {fillText(O.amountHint, { price: formatPrice(price) })}
      </p>
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <span
            aria-hidden="true"
            className={`pointer-events-none absolute top-1/2 -translate-y-1/2 text-stone-600 ${currency.before ? 'left-3' : 'right-3'}`}
          >
            {currency.sign}
          </span>
          <input
            id={input}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(event) => {
              setAmount(event.target.value);
              if (answer && !answer.ok) setAnswer(null);
            }}
            aria-describedby={answer ? `${hint} ${said}` : hint}
            aria-invalid={answer !== null && !answer.ok}
            className={`field-input w-full ${currency.before ? 'pl-7' : 'pr-7'}`}
          />
        </div>
        <button type="submit" className="btn btn-primary shrink-0" disabled={sending}>
          {sending ? O.sending : O.makeOffer}
        </button>
      </div>
      {answer && (
        <p
          id={said}
          role={answer.ok ? 'status' : 'alert'}
          className={answer.ok ? 'mt-2 font-semibold text-brand-800' : 'field-error mt-2'}
        >
          {answer.text}
        </p>
      )}
      {askLogin && <LoginFirstDialog onClose={() => setAskLogin(false)} />}
    </form>
  );
}
