import { Link } from 'react-router';
import { DUPLICATE_PHOTO_REASON, fillText, ROUTES, type StaffReport } from '@rummage/contract';
import { formatWhen } from './ui';
import { useLocale, useTexts } from '../../shared/i18n/useTexts';

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
  const texts = useTexts();
  const locale = useLocale();
  const automatic = report.reporterId === null;
  const duplicate = report.reason === DUPLICATE_PHOTO_REASON && report.relatedProductId !== null;
  return (
    <li className={className}>
      {about !== undefined && <span className="font-semibold">{about}</span>}
      <span className={about === undefined ? 'font-semibold' : undefined}>
        {automatic ? texts.staff.automaticReporter : `@${report.reporterName}`}
      </span>
      {duplicate ? (
        <Link
          to={ROUTES.productDetail(report.relatedProductId!)}
          className="break-words text-brand-800 underline"
        >
          {fillText(texts.staff.duplicatePhotoReason, {
            productId: report.relatedProductId!,
            seller: report.relatedUserName
              ? `@${report.relatedUserName}`
              : texts.staff.duplicatePhotoSellerGone,
          })}
        </Link>
      ) : (
        <span className="break-words">{report.reason || texts.staff.noReason}</span>
      )}
      <span className="text-stone-500">
        {formatWhen(report.createdAt, locale)} · {texts.staff.reportStatuses[report.status] ?? report.status}
      </span>
    </li>
  );
}
