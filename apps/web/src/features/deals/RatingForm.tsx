import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { REVIEW_LIMITS, ROUTES, fillText, type OwnReviewResponse } from '@rummage/contract';
import { ApiError } from '../../shared/api/client';
import { rateDeal } from './api';
import { useTexts } from '../../shared/i18n/useTexts';
const STARS = [1, 2, 3, 4, 5] as const;

/**
 * "Rate this deal" (docs/product.md §20): the stars as a radio group (arrow keys move between them), the optional
 * text, the short rules with the link to the rules page, and "Send rating". A refusal is the server's own words.
 */
export function RatingForm({
  dealId,
  onRated,
}: {
  dealId: number;
  onRated(answer: OwnReviewResponse): void;
}) {
  const texts = useTexts();
  const R = texts.reviews;
  const [stars, setStars] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();
  const rulesId = useId();
  const firstStarRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (stars === null) {
      setError(R.starsInvalid);
      firstStarRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onRated(await rateDeal(dealId, stars, text));
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : texts.deals.actionFailed);
      setBusy(false);
    }
  }

  return (
    <form
      aria-labelledby={headingId}
      className="flex flex-col gap-3"
      onSubmit={(event) => void submit(event)}
    >
      <h2 id={headingId} className="text-base font-bold text-stone-900">
        {R.rate}
      </h2>
      <fieldset>
        <legend className="text-sm font-semibold text-stone-800">{R.starsLabel}</legend>
        <div className="mt-1 flex gap-1">
          {STARS.map((count) => (
            <label key={count} className="relative cursor-pointer">
              <input
                ref={count === 1 ? firstStarRef : undefined}
                type="radio"
                name={`stars-${dealId}`}
                value={count}
                checked={stars === count}
                onChange={() => setStars(count)}
                className="peer sr-only"
              />
              <span className="sr-only">{fillText(R.starsOption, { count })}</span>
              <span
                aria-hidden="true"
                className={`flex h-11 w-11 items-center justify-center rounded-full text-3xl peer-focus-visible:ring-2 peer-focus-visible:ring-brand ${
                  stars !== null && count <= stars ? 'text-amber-700' : 'text-stone-400'
                }`}
              >
                {stars !== null && count <= stars ? '★' : '☆'}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-col gap-1">
        <label htmlFor={`rating-text-${dealId}`} className="text-sm font-semibold text-stone-800">
          {R.textLabel}
        </label>
        <textarea
          id={`rating-text-${dealId}`}
          className="field-input min-h-20"
          maxLength={REVIEW_LIMITS.textMax}
          value={text}
          aria-describedby={rulesId}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <p id={rulesId} className="text-sm text-stone-700">
        {R.rules}{' '}
        <Link to={ROUTES.ratingRules} className="font-semibold text-brand-800 underline">
          {R.rulesLink}
        </Link>
      </p>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {R.submit}
        </button>
      </div>
    </form>
  );
}
