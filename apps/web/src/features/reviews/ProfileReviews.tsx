import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { REVIEW_LIMITS, ROUTES, fillText, type PublicReview, type Reputation } from '@rummage/contract';
import { ApiError } from '../../shared/api/client';
import { useSession } from '../../shared/session/SessionContext';
import { Stars } from '../../shared/ui/Stars';
import { ReportDialogButton } from '../listings';
import { replyToReview, reportReview, reviewKeys, useReviewPages } from './api';
import { averageLabel, ratingsCountText } from './reputation';
import { useTexts } from '../../shared/i18n/useTexts';
import { shownName } from '../../shared/i18n/deletedUser';

/** The Reviews section's id: the profile header's stars link here. */
export const REVIEWS_SECTION_ID = 'reviews';

type Outcome = { tone: 'success' | 'error'; text: string };

/** "Your answer" under a rating of you that has none yet; the server's words after sending. */
function ReplyForm({
  reviewId,
  onReplied,
}: {
  reviewId: number;
  onReplied(text: string, message: string): void;
}) {
  const texts = useTexts();
  const R = texts.reviews;
  const fieldId = useId();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) {
      setProblem(R.replyRequired);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const answer = await replyToReview(reviewId, trimmed);
      onReplied(trimmed, answer?.message || R.replied);
    } catch (error) {
      setProblem(
        error instanceof ApiError && error.message ? error.message : texts.common.somethingWentWrong,
      );
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-3 flex flex-col gap-2">
      <label htmlFor={fieldId} className="field-label">
        {R.replyLabel}
      </label>
      <textarea
        id={fieldId}
        rows={2}
        className="field-input"
        value={text}
        maxLength={REVIEW_LIMITS.replyMax}
        disabled={busy}
        aria-invalid={problem ? true : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setProblem(null);
        }}
      />
      {problem && (
        <p role="alert" className="field-error">
          {problem}
        </p>
      )}
      <button type="submit" className="btn btn-primary self-start" disabled={busy}>
        {R.replySend}
      </button>
    </form>
  );
}

function ReviewItem({
  review,
  canReply,
  canReport,
  onReplied,
}: {
  review: PublicReview;
  canReply: boolean;
  canReport: boolean;
  onReplied(): void;
}) {
  // The answer shows as soon as it is sent; the list is asked again behind it.
  const texts = useTexts();
  const R = texts.reviews;
  const [sent, setSent] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  const reply = review.reply?.text ?? sent;
  return (
    <li className="rounded-lg border border-stone-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <Stars stars={review.stars} label={fillText(R.starsOption, { count: review.stars })} />
          <p className="text-sm text-stone-600">
            {fillText(R.byLine, {
              name: shownName(review.reviewer.userName, texts),
              role: review.role === 'seller' ? R.asSeller : R.asBuyer,
            })}
          </p>
        </div>
        {canReport && (
          <ReportDialogButton
            signedIn
            label={texts.listing.report}
            className="btn btn-outline min-h-9 px-3 text-sm"
            question={R.reportQuestion}
            reasonLabel={R.reportReasonLabel}
            reasonMax={REVIEW_LIMITS.reportReasonMax}
            send={(reason) => reportReview(review.id, reason)}
          />
        )}
      </div>
      {review.text && <p className="mt-2 break-words text-stone-800">{review.text}</p>}
      {reply && (
        <p className="mt-2 border-l-2 border-stone-300 pl-3 break-words text-stone-700">
          <span className="font-semibold">{R.replyBy}: </span>
          {reply}
        </p>
      )}
      {outcome && (
        <p
          ref={outcomeRef}
          tabIndex={-1}
          role={outcome.tone === 'success' ? 'status' : 'alert'}
          className={`mt-2 text-sm font-semibold ${outcome.tone === 'success' ? 'text-green-800' : 'text-red-800'}`}
        >
          {outcome.text}
        </p>
      )}
      {canReply && !reply && (
        <ReplyForm
          reviewId={review.id}
          onReplied={(text, message) => {
            setSent(text);
            setOutcome({ tone: 'success', text: message });
            // The form goes away with the answer: keep the keyboard here, on what happened.
            requestAnimationFrame(() => outcomeRef.current?.focus());
            onReplied();
          }}
        />
      )}
    </li>
  );
}

/**
 * A profile's Reviews section (docs/product.md §20): the average with its count from the profile's reputation, then
 * the published ratings newest first (GET /api/Review/user/{userId}), each with its answer, "Show more ratings"
 * while there are more, and the link to how ratings work. The rated person answers a rating here, once; anyone
 * signed in but its author may report one, the rated person too.
 */
export function ProfileReviews({ userId, reputation }: { userId: number | null; reputation?: Reputation }) {
  const R = useTexts().reviews;
  const { session } = useSession();
  const queryClient = useQueryClient();
  const query = useReviewPages(userId);
  const reviews = query.data?.pages.flatMap((page) => page.data) ?? [];
  const viewerId = session?.userId ?? null;
  const isOwn = viewerId !== null && viewerId === userId;
  return (
    <section id={REVIEWS_SECTION_ID} aria-labelledby="profile-reviews-heading" className="mt-8 scroll-mt-20">
      <h2 id="profile-reviews-heading" className="mb-3 text-xl font-semibold text-stone-900">
        {R.tab}
      </h2>
      {reputation && reputation.average !== null && (
        <p className="mb-4 flex items-center gap-2 text-stone-800">
          <Stars stars={reputation.average} label={averageLabel(reputation.average, reputation.count, R)} />
          <span aria-hidden="true">
            {reputation.average} · {ratingsCountText(reputation.count, R)}
          </span>
        </p>
      )}
      {query.isError && <p className="text-red-800">{R.loadFailed}</p>}
      {query.isSuccess && reviews.length === 0 && <p className="text-stone-700">{R.noReviews}</p>}
      <ul className="flex flex-col gap-4">
        {reviews.map((review) => (
          <ReviewItem
            key={review.id}
            review={review}
            canReply={isOwn}
            canReport={viewerId !== null && review.reviewer.id !== viewerId}
            onReplied={() => void queryClient.invalidateQueries({ queryKey: reviewKeys.list(userId ?? 0) })}
          />
        ))}
      </ul>
      {query.hasNextPage && (
        <button
          type="button"
          className="btn btn-outline mt-4"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {R.showMore}
        </button>
      )}
      <Link to={ROUTES.ratingRules} className="mt-4 block w-fit text-brand underline">
        {R.rulesLink}
      </Link>
    </section>
  );
}
