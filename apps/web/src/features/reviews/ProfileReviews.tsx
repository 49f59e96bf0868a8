import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  API,
  ROUTES,
  apiPath,
  fillText,
  messages,
  type Reputation,
  type ReviewListResponse,
} from '@rummage/contract';
import { apiFetch } from '../../shared/api/client';

const R = messages.reviews;

/** ★★★★☆ for whole stars; the label says the number for screen readers. */
function Stars({ stars, label }: { stars: number; label: string }) {
  const whole = Math.round(stars);
  return (
    <span role="img" aria-label={label} className="text-amber-700">
      {'★'.repeat(whole)}
      <span className="text-stone-400">{'☆'.repeat(5 - whole)}</span>
    </span>
  );
}

/**
 * A profile's Reviews section (docs/product.md §20): the average with its count from the profile's reputation, then
 * the published ratings newest first (GET /api/Review/user/{userId}), each with its answer, and the link to how
 * ratings work.
 */
export function ProfileReviews({ userId, reputation }: { userId: number | null; reputation?: Reputation }) {
  const query = useQuery({
    queryKey: ['reviews', userId ?? 0],
    queryFn: ({ signal }) =>
      apiFetch<ReviewListResponse>(`${apiPath(API.review.byUser, { userId: userId ?? 0 })}?pageSize=20`, {
        signal,
      }),
    enabled: userId !== null,
    retry: false,
  });
  const reviews = query.data?.data ?? [];
  return (
    <section aria-labelledby="profile-reviews-heading" className="mt-8">
      <h2 id="profile-reviews-heading" className="mb-3 text-xl font-semibold text-stone-900">
        {R.tab}
      </h2>
      {reputation && reputation.average !== null && (
        <p className="mb-4 flex items-center gap-2 text-stone-800">
          <Stars
            stars={reputation.average}
            label={fillText(R.averageLabel, { average: reputation.average, count: reputation.count })}
          />
          <span aria-hidden="true">
            {reputation.average} ·{' '}
            {reputation.count === 1 ? R.ratingsOne : fillText(R.ratingsCount, { count: reputation.count })}
          </span>
        </p>
      )}
      {query.isSuccess && reviews.length === 0 && <p className="text-stone-700">{R.noReviews}</p>}
      <ul className="flex flex-col gap-4">
        {reviews.map((review) => (
          <li key={review.id} className="rounded-lg border border-stone-200 p-4">
            <Stars stars={review.stars} label={fillText(R.starsOption, { count: review.stars })} />
            <p className="text-sm text-stone-600">
              {fillText(R.byLine, {
                name: review.reviewer.userName,
                role: review.role === 'seller' ? R.asSeller : R.asBuyer,
              })}
            </p>
            {review.text && <p className="mt-2 break-words text-stone-800">{review.text}</p>}
            {review.reply && (
              <p className="mt-2 border-l-2 border-stone-300 pl-3 text-stone-700">
                <span className="font-semibold">{R.replyBy}: </span>
                {review.reply.text}
              </p>
            )}
          </li>
        ))}
      </ul>
      <Link to={ROUTES.ratingRules} className="mt-4 inline-block text-brand underline">
        {R.rulesLink}
      </Link>
    </section>
  );
}
