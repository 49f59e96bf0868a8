import { useState } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  API,
  fillText,
  ROUTES,
  STAFF_REPORT_FILTERS,
  type Catalogue,
  type StaffReportedProduct,
} from '@rummage/contract';
import { assetUrl, PRODUCT_PLACEHOLDER_IMAGE } from '../../shared/api/assets';
import { EmptyState } from '../../shared/ui/EmptyState';
import { useFormatPrice } from '../feed';
import { fetchReports, STAFF_PAGE_SIZE, staffKeys } from './api';
import { Pager, Pill, QueryState } from './ui';
import { useModeration, type ModerationAsk } from './useModeration';
import { ReportLine } from './ReportLine';
import { ReportedReviews } from './ReportedReviews';
import { UserDetail } from './UserDetail';
import { useTexts } from '../../shared/i18n/useTexts';

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
  const T = useTexts().staff;
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
            {formatPrice(item.price)} · {T.soldBy}{' '}
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
              {reportCountText(T, item.openReports, item.totalReports)}
            </Pill>
            {item.hiddenAt && <Pill tone="bad">{T.hidden}</Pill>}
            {item.isSold && <Pill>{T.sold}</Pill>}
            {item.sellerBanned && <Pill tone="bad">{T.bannedBadge}</Pill>}
          </p>
          {item.hiddenAt && item.hiddenReason && (
            <p className="mt-1 text-sm text-stone-700">
              {fillText(T.hiddenBecause, { reason: item.hiddenReason })}
            </p>
          )}
        </div>
      </div>
      <div>
        <h3 className="text-sm font-semibold text-stone-600">{T.reportedBy}</h3>
        <ul className="mt-1 flex flex-col gap-1 text-sm">
          {item.reports.map((report) => (
            <ReportLine key={report.id} report={report} />
          ))}
        </ul>
      </div>
      <div className="flex flex-wrap gap-2">
        <Link to={ROUTES.productDetail(item.productId)} className="btn btn-outline">
          {T.viewListing}
        </Link>
        {item.hiddenAt ? (
          <button
            type="button"
            className="btn btn-outline"
            onClick={() =>
              ask({
                ask: 'confirm',
                title: T.unhideListing,
                confirmLabel: T.unhideListing,
                request: { path: API.staff.unhideProduct, params },
              })
            }
          >
            {T.unhideListing}
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() =>
              ask({
                ask: 'reason',
                title: fillText(T.hideQuestion, { title: item.title }),
                description: T.hideDescription,
                confirmLabel: T.hideListing,
                request: { path: API.staff.hideProduct, params },
              })
            }
          >
            {T.hideListing}
          </button>
        )}
        {item.openReports > 0 && (
          <button
            type="button"
            className="btn btn-outline"
            onClick={() =>
              ask({
                ask: 'confirm',
                title: T.dismissQuestion,
                description: T.dismissDescription,
                confirmLabel: T.dismissReports,
                request: { path: API.staff.dismissReports, params },
              })
            }
          >
            {T.dismissReports}
          </button>
        )}
        {!item.sellerBanned && (
          <button
            type="button"
            className="btn btn-outline border-red-300 text-red-800"
            onClick={() =>
              ask({
                ask: 'reason',
                title: fillText(T.banQuestion, { username: item.sellerName }),
                description: T.banDescription,
                confirmLabel: T.banSeller,
                request: { path: API.staff.banUser, params: { userId: item.sellerId } },
              })
            }
          >
            {T.banSeller}
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
  const T = useTexts().staff;
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
    <section aria-label={T.tabs.reports} className="flex flex-col gap-3">
      <label className="flex items-center gap-2 text-sm">
        <span className="font-semibold text-stone-700">{T.reportFilter}</span>
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
              {T.reportFilters[filter]}
            </option>
          ))}
        </select>
      </label>
      {moderation.notice}
      <QueryState isPending={reports.isPending} error={reports.error} onRetry={() => void reports.refetch()}>
        <ReportedReviews items={reports.data?.reviewReports ?? []} ask={moderation.ask} />
        {items.length === 0 ? (
          <EmptyState title={T.noReports} headingLevel={2} />
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
function reportCountText(T: Catalogue['staff'], open: number, total: number): string {
  if (open !== total) return fillText(T.reportCount, { open, total });
  return fillText(total === 1 ? T.reportCountAllOpen : T.reportCountAllOpenPlural, {
    total,
  });
}
