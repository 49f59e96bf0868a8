import { API, fillText, type StaffReportedReview } from '@rummage/contract';
import { Stars } from '../../shared/ui/Stars';
import { ReportLine } from './ReportLine';
import { Pill } from './ui';
import type { ModerationAsk } from './useModeration';
import { useTexts } from '../../shared/i18n/useTexts';

function ReportedReview({ item, ask }: { item: StaffReportedReview; ask(action: ModerationAsk): void }) {
  const texts = useTexts();
  const R = texts.reviews;
  const T = texts.staff;
  return (
    <li className="card flex flex-col gap-3 p-4">
      <div>
        <h3 className="font-bold break-words text-stone-900">
          {fillText(R.staffAbout, { subject: item.subjectName, author: item.authorName })}
        </h3>
        <Stars stars={item.stars} label={fillText(R.starsOption, { count: item.stars })} />
        {item.text && <p className="mt-1 break-words text-stone-800">{item.text}</p>}
        {item.removedAt && item.removedReason && (
          <p className="mt-1">
            <Pill tone="bad">{fillText(R.staffRemovedBecause, { reason: item.removedReason })}</Pill>
          </p>
        )}
      </div>
      <div>
        <h4 className="text-sm font-semibold text-stone-600">{T.reportedBy}</h4>
        <ul className="mt-1 flex flex-col gap-1 text-sm">
          {item.reports.map((report) => (
            <ReportLine
              key={report.id}
              report={{ ...report, relatedProductId: null, relatedUserId: null, relatedUserName: null }}
            />
          ))}
        </ul>
      </div>
      {!item.removedAt && (
        <div>
          <button
            type="button"
            className="btn btn-outline border-red-300 text-red-800"
            onClick={() =>
              ask({
                ask: 'reason',
                title: fillText(R.staffRemoveQuestion, { subject: item.subjectName }),
                description: R.staffRemoveDescription,
                confirmLabel: R.staffRemove,
                request: { path: API.staff.removeReview, params: { id: item.reviewId } },
              })
            }
          >
            {R.staffRemove}
          </button>
        </div>
      )}
    </li>
  );
}

/**
 * Reported ratings (docs/product.md §20), above the reported listings of the same queue: each with its stars, text,
 * author and rated person and who reported it, and "Remove rating" with a reason its author is told.
 */
export function ReportedReviews({
  items,
  ask,
}: {
  items: StaffReportedReview[];
  ask(action: ModerationAsk): void;
}) {
  const R = useTexts().reviews;
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="staff-reported-ratings" className="flex flex-col gap-3">
      <h2 id="staff-reported-ratings" className="text-lg font-bold text-stone-900">
        {R.staffHeading}
      </h2>
      <ul className="flex flex-col gap-3">
        {items.map((item) => (
          <ReportedReview key={item.reviewId} item={item} ask={ask} />
        ))}
      </ul>
    </section>
  );
}
