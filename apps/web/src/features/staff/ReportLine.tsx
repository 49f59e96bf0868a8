import { Link } from 'react-router';
import { DUPLICATE_PHOTO_REASON, fillText, messages, ROUTES, type StaffReport } from '@rummage/contract';
import { STAFF_TEXT } from './texts';
import { formatWhen } from './ui';

/**
 * One report as staff read it: who filed it and why. A person's report names them; the report Rummage files
 * itself for a duplicate photo (docs/product.md §17) says so and links the other listing, deleted or not.
 */
export function ReportLine({
  report,
  about,
  className = 'flex flex-wrap gap-x-2 text-stone-800',
}: {
  report: StaffReport;
  /** The reported listing's title, where the list is not about one listing. */
  about?: string;
  className?: string;
}) {
  const automatic = report.reporterId === null;
  const duplicate = report.reason === DUPLICATE_PHOTO_REASON && report.relatedProductId !== null;
  return (
    <li className={className}>
      {about !== undefined && <span className="font-semibold">{about}</span>}
      <span className={about === undefined ? 'font-semibold' : undefined}>
        {automatic ? messages.staff.automaticReporter : `@${report.reporterName}`}
      </span>
      {duplicate ? (
        <Link
          to={ROUTES.productDetail(report.relatedProductId!)}
          className="break-words text-brand-800 underline"
        >
          {fillText(messages.staff.duplicatePhotoReason, {
            productId: report.relatedProductId!,
            seller: report.relatedUserName
              ? `@${report.relatedUserName}`
              : messages.staff.duplicatePhotoSellerGone,
          })}
        </Link>
      ) : (
        <span className="break-words">{report.reason || STAFF_TEXT.noReason}</span>
      )}
      <span className="text-stone-500">
        {formatWhen(report.createdAt)} · {report.status}
      </span>
    </li>
  );
}
