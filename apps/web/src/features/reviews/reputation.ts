import { fillText, type Catalogue } from '@rummage/contract';

/** The ratings' texts in the page's language (`useTexts().reviews`). */
type ReviewTexts = Catalogue['reviews'];

/**
 * How quickly someone usually answers, from the median minutes to their first reply (docs/product.md §20): within
 * an hour up to 60 minutes, then whole hours rounded up to 12 ("within 5 hours"), within a day up to 24 hours,
 * and "a few days" beyond. Past half a day the exact hour stops mattering to someone deciding whom to write to.
 * Nothing when there were too few answered chats to tell.
 */
export function replyTimeText(medianReplyMinutes: number | null, R: ReviewTexts): string | null {
  if (medianReplyMinutes === null) return null;
  if (medianReplyMinutes <= 60) return R.repliesWithinHour;
  const hours = Math.ceil(medianReplyMinutes / 60);
  if (hours <= 12) return fillText(R.repliesWithinHours, { hours });
  if (hours <= 24) return R.repliesWithinDay;
  return R.repliesSlowly;
}

/** "1 rating", "3 ratings". */
export function ratingsCountText(count: number, R: ReviewTexts): string {
  return count === 1 ? R.ratingsOne : fillText(R.ratingsCount, { count });
}

/** "1 deal done", "4 deals done". */
export function dealsDoneText(count: number, R: ReviewTexts): string {
  return count === 1 ? R.dealsOne : fillText(R.dealsDone, { count });
}

/** What the stars of an average read out: "4.5 out of 5 stars from 2 ratings". */
export function averageLabel(average: number, count: number, R: ReviewTexts): string {
  return fillText(R.averageLabel, { average, count });
}
