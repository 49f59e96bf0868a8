import { useState } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API, fillText, ROUTES, STAFF_REPORT_FILTERS, type StaffReportedProduct } from '@rummage/contract';
import { assetUrl, PRODUCT_PLACEHOLDER_IMAGE } from '../../shared/api/assets';
import { EmptyState } from '../../shared/ui/EmptyState';
import { useFormatPrice } from '../feed';
import { fetchReports, STAFF_PAGE_SIZE, staffKeys } from './api';
import { STAFF_TEXT } from './texts';
import { Pager, Pill, QueryState } from './ui';
import { useModeration, type ModerationAsk } from './useModeration';
import { ReportLine } from './ReportLine';
import { ReportedReviews } from './ReportedReviews';
import { UserDetail } from './UserDetail';

type ReportFilter = (typeof STAFF_REPORT_FILTERS)[number];

function ReportedProduct({
  item,
  ask,
  onOpenSeller,
}: {
  item: StaffReportedProduct;
  ask(action: ModerationAsk): void;
  onOpenSeller(): void;
}) {
  const formatPrice = useFormatPrice();
  const params = { productId: item.productId };
  return (
    <li className="card flex flex-col gap-3 p-4">
      <div className="flex gap-3">
        <img
          src={assetUrl(item.mainImage, PRODUCT_PLACEHOLDER_IMAGE)}
          alt=""
          className="h-16 w-16 shrink-0 rounded-lg object-cover"
        />
        <div className="min-w-0 flex-1">
          <h2 className="font-bold break-words text-stone-900">{item.title}</h2>
          <p className="text-sm text-stone-700">
            {formatPrice(item.price)} · {STAFF_TEXT.soldBy}{' '}
            <button
              type="button"
              className="font-semibold text-brand-800 hover:underline"
              onClick={onOpenSeller}
            >
              @{item.sellerName}
            </button>
          </p>
          <p className="mt-1 flex flex-wrap gap-2">
            <Pill tone={item.openReports > 0 ? 'warn' : 'neutral'}>
              {reportCountText(item.openReports, item.totalReports)}
            </Pill>
            {item.hiddenAt && <Pill tone="bad">{STAFF_TEXT.hidden}</Pill>}
            {item.isSold && <Pill>{STAFF_TEXT.sold}</Pill>}
            {item.sellerBanned && <Pill tone="bad">{STAFF_TEXT.bannedBadge}</Pill>}
          </p>
          {item.hiddenAt && item.hiddenReason && (
            <p className="mt-1 text-sm text-stone-700">
              {fillText(STAFF_TEXT.hiddenBecause, { reason: item.hiddenReason })}
            </p>
          )}
        </div>
      </div>
      <div>
        <h3 className="text-sm font-semibold text-stone-600">{STAFF_TEXT.reportedBy}</h3>
        <ul className="mt-1 flex flex-col gap-1 text-sm">
          {item.reports.map((report) => (
            <ReportLine key={report.id} report={report} />
          ))}
        </ul>
      </div>
      <div className="flex flex-wrap gap-2">
        <Link to={ROUTES.productDetail(item.productId)} className="btn btn-outline">
          {STAFF_TEXT.viewListing}
        </Link>
        {item.hiddenAt ? (
          <button
            type="button"
            className="btn btn-outline"
            onClick={() =>
              ask({
                ask: 'confirm',
                title: STAFF_TEXT.unhideListing,
                confirmLabel: STAFF_TEXT.unhideListing,
                request: { path: API.staff.unhideProduct, params },
              })
            }
          >
            {STAFF_TEXT.unhideListing}
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() =>
              ask({
                ask: 'reason',
                title: fillText(STAFF_TEXT.hideQuestion, { title: item.title }),
                description: STAFF_TEXT.hideDescription,
                confirmLabel: STAFF_TEXT.hideListing,
                request: { path: API.staff.hideProduct, params },
              })
            }
          >
            {STAFF_TEXT.hideListing}
          </button>
        )}
        {item.openReports > 0 && (
          <button
            type="button"
            className="btn btn-outline"
            onClick={() =>
              ask({
                ask: 'confirm',
                title: STAFF_TEXT.dismissQuestion,
                description: STAFF_TEXT.dismissDescription,
                confirmLabel: STAFF_TEXT.dismissReports,
                request: { path: API.staff.dismissReports, params },
              })
            }
          >
            {STAFF_TEXT.dismissReports}
          </button>
        )}
        {!item.sellerBanned && (
          <button
            type="button"
            className="btn btn-outline border-red-300 text-red-800"
            onClick={() =>
              ask({
                ask: 'reason',
                title: fillText(STAFF_TEXT.banQuestion, { username: item.sellerName }),
                description: STAFF_TEXT.banDescription,
                confirmLabel: STAFF_TEXT.banSeller,
                request: { path: API.staff.banUser, params: { userId: item.sellerId } },
              })
            }
          >
            {STAFF_TEXT.banSeller}
          </button>
        )}
      </div>
    </li>
  );
}

/**
 * Reported ratings (remove one), then reported listings, grouped with their reports and reporters; hide, unhide,
 * dismiss, or ban the seller.
 */
export function ReportsTab() {
  const [status, setStatus] = useState<ReportFilter>('open');
  const [page, setPage] = useState(1);
  const [sellerId, setSellerId] = useState<number | null>(null);
  const moderation = useModeration();
  const reports = useQuery({
    queryKey: staffKeys.reports(status, page),
    queryFn: ({ signal }) => fetchReports(status, page, signal),
    placeholderData: keepPreviousData,
  });

  if (sellerId !== null) return <UserDetail userId={sellerId} onBack={() => setSellerId(null)} />;

  const items = reports.data?.data ?? [];
  return (
    <section aria-label={STAFF_TEXT.tabs.reports} className="flex flex-col gap-3">
      <label className="flex items-center gap-2 text-sm">
        <span className="font-semibold text-stone-700">{STAFF_TEXT.reportFilter}</span>
        <select
          className="field-input w-auto"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as ReportFilter);
            setPage(1);
          }}
        >
          {STAFF_REPORT_FILTERS.map((filter) => (
            <option key={filter} value={filter}>
              {STAFF_TEXT.reportFilters[filter]}
            </option>
          ))}
        </select>
      </label>
      {moderation.notice}
      <QueryState isPending={reports.isPending} error={reports.error} onRetry={() => void reports.refetch()}>
        <ReportedReviews items={reports.data?.reviewReports ?? []} ask={moderation.ask} />
        {items.length === 0 ? (
          <EmptyState title={STAFF_TEXT.noReports} headingLevel={2} />
        ) : (
          <ul className="flex flex-col gap-3">
            {items.map((item) => (
              <ReportedProduct
                key={item.productId}
                item={item}
                ask={moderation.ask}
                onOpenSeller={() => setSellerId(item.sellerId)}
              />
            ))}
          </ul>
        )}
        <Pager page={page} pageSize={STAFF_PAGE_SIZE} total={reports.data?.total ?? 0} onPage={setPage} />
      </QueryState>
      {moderation.dialogs}
    </section>
  );
}

/** "1 open report", "3 open reports", or "1 open of 3 reports" once some were reviewed. */
function reportCountText(open: number, total: number): string {
  if (open !== total) return fillText(STAFF_TEXT.reportCount, { open, total });
  return fillText(total === 1 ? STAFF_TEXT.reportCountAllOpen : STAFF_TEXT.reportCountAllOpenPlural, {
    total,
  });
}
