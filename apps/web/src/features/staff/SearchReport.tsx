import { useQuery } from '@tanstack/react-query';
import { fillText } from '@rummage/contract';
import { useTexts } from '../../shared/i18n/useTexts';
import { EmptyState } from '../../shared/ui/EmptyState';
import { fetchSearchReport, staffKeys } from './api';
import { QueryState } from './ui';

/** A share (0 to 1) as a percentage with at most one decimal. */
const percent = (share: number) => `${Math.round(share * 1000) / 10}%`;

/**
 * The zero-result report (docs/product.md, "Search"): how many searches the last 7 days saw, the share that found
 * nothing, and the words most often searched in vain, which tell staff what people look for and do not find.
 */
export function SearchReport() {
  const T = useTexts().staff;
  const report = useQuery({
    queryKey: staffKeys.searchReport,
    queryFn: ({ signal }) => fetchSearchReport(signal),
  });
  const data = report.data;
  return (
    <section aria-labelledby="search-report-heading" className="flex flex-col gap-3">
      <h2 id="search-report-heading" className="text-lg font-bold text-stone-900">
        {T.searchReportHeading}
      </h2>
      <QueryState isPending={report.isPending} error={report.error} onRetry={() => void report.refetch()}>
        {data && (
          <p className="text-sm text-stone-700">
            {fillText(T.searchReportSummary, {
              searches: data.searches,
              share: percent(data.zeroResultShare),
            })}
          </p>
        )}
        {data && data.topZeroResultQueries.length === 0 ? (
          <EmptyState title={T.searchReportEmpty} headingLevel={3} />
        ) : (
          <table className="w-full rounded-xl border border-stone-200 bg-white text-left text-sm">
            <thead>
              <tr className="border-b border-stone-200 text-stone-600">
                <th scope="col" className="px-4 py-2 font-medium">
                  {T.searchReportQuery}
                </th>
                <th scope="col" className="px-4 py-2 text-right font-medium">
                  {T.searchReportCount}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {data?.topZeroResultQueries.map((row) => (
                <tr key={row.query}>
                  <td className="px-4 py-2 break-words text-stone-900">{row.query}</td>
                  <td className="px-4 py-2 text-right text-stone-900">{row.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </QueryState>
    </section>
  );
}
