import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fillText, type Catalogue, type ModerationLogEntry } from '@rummage/contract';
import { EmptyState } from '../../shared/ui/EmptyState';
import { fetchModerationLog, STAFF_PAGE_SIZE, staffKeys } from './api';
import { SearchReport } from './SearchReport';
import { formatWhen, Pager, QueryState } from './ui';
import { useLocale, useTexts } from '../../shared/i18n/useTexts';

/** An entry's action in words; an action this console does not know yet is shown as the server names it. */
function actionText(T: Catalogue['staff'], action: string): string {
  return (T.actions as Record<string, string>)[action] ?? action;
}

function targetText(T: Catalogue['staff'], entry: ModerationLogEntry): string {
  const parts: string[] = [];
  if (entry.targetProduct) parts.push(fillText(T.logListing, { title: entry.targetProduct.title }));
  if (entry.targetUser) parts.push(`@${entry.targetUser.username}`);
  if (entry.targetTicketId !== null) parts.push(`#${entry.targetTicketId}`);
  return parts.join(' · ');
}

/** Every staff action with who and when, newest first; then what the marketplace's searches did not find. */
export function LogTab() {
  const T = useTexts().staff;
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const log = useQuery({
    queryKey: staffKeys.log(page),
    queryFn: ({ signal }) => fetchModerationLog(page, signal),
    placeholderData: keepPreviousData,
  });
  const entries = log.data?.data ?? [];
  return (
    <section aria-label={T.tabs.log}>
      <QueryState isPending={log.isPending} error={log.error} onRetry={() => void log.refetch()}>
        {entries.length === 0 ? (
          <EmptyState title={T.noLog} headingLevel={2} />
        ) : (
          <ol className="flex flex-col divide-y divide-stone-100 rounded-xl border border-stone-200 bg-white">
            {entries.map((entry) => (
              <li
                key={entry.id}
                className="flex flex-col gap-1 px-4 py-3 text-sm md:flex-row md:items-baseline md:gap-3"
              >
                <time dateTime={entry.createdAt} className="shrink-0 text-stone-500 md:w-44">
                  {formatWhen(entry.createdAt, locale)}
                </time>
                <span className="min-w-0 break-words text-stone-900">
                  <span className="font-semibold">
                    {entry.actor ? `@${entry.actor.username}` : T.someone}
                  </span>{' '}
                  {actionText(T, entry.action)} {targetText(T, entry)}
                  {entry.reason && <span className="block text-stone-600">{entry.reason}</span>}
                </span>
              </li>
            ))}
          </ol>
        )}
        <Pager page={page} pageSize={STAFF_PAGE_SIZE} total={log.data?.total ?? 0} onPage={setPage} />
      </QueryState>
      <SearchReport />
    </section>
  );
}
