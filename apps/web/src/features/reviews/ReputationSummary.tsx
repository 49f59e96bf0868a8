import { type Reputation } from '@rummage/contract';
import { Stars } from '../../shared/ui/Stars';
import { averageLabel, dealsDoneText, ratingsCountText, replyTimeText } from './reputation';
import { useTexts } from '../../shared/i18n/useTexts';

/**
 * What helps someone decide whom to trust (docs/product.md §20): the stars with their count (or "No ratings yet."),
 * the deals done and how quickly the person usually replies; a line is left out when there is nothing to say.
 * `reviewsHref` makes the stars a link to the ratings themselves (the profile's Reviews section).
 */
export function ReputationSummary({
  reputation,
  reviewsHref,
}: {
  reputation: Reputation;
  reviewsHref?: string;
}) {
  const texts = useTexts();
  const reply = replyTimeText(reputation.medianReplyMinutes, texts.reviews);
  const { average, count, deals } = reputation;
  const rating =
    average === null ? (
      texts.reviews.noReviews
    ) : (
      <>
        <Stars stars={average} label={averageLabel(average, count, texts.reviews)} />
        <span aria-hidden="true">
          {average} · {ratingsCountText(count, texts.reviews)}
        </span>
      </>
    );
  return (
    <ul className="flex flex-col gap-0.5 text-sm text-stone-700">
      <li className="flex flex-wrap items-center gap-x-2">
        {reviewsHref && average !== null ? (
          <a href={reviewsHref} className="inline-flex items-center gap-2 rounded hover:underline">
            {rating}
          </a>
        ) : (
          rating
        )}
      </li>
      {deals > 0 && <li>{dealsDoneText(deals, texts.reviews)}</li>}
      {reply && <li>{reply}</li>}
    </ul>
  );
}
