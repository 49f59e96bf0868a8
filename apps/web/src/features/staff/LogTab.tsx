import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ModerationLogEntry } from '@rummage/contract';
import { EmptyState } from '../../shared/ui/EmptyState';
import { fetchModerationLog, STAFF_PAGE_SIZE, staffKeys } from './api';
import { SearchReport } from './SearchReport';
import { STAFF_TEXT } from './texts';
import { formatWhen, Pager, QueryState } from './ui';

/** An entry's action in words; an action this console does not know yet is shown as the server names it. */
function actionText(action: string): string {
  return (STAFF_TEXT.actions as Record<string, string>)[action] ?? action;
}

function targetText(entry: ModerationLogEntry): string {
  const parts: string[] = [];
  if (entry.targetProduct) parts.push(`"${entry.targetProduct.title}"`);
  if (entry.targetUser) parts.push(`@${entry.targetUser.username}`);
  if (entry.targetTicketId !== null) parts.push(`#${entry.targetTicketId}`);
  return parts.join(' · ');
}

/** Every staff action with who and when, newest first; then what the marketplace's searches did not find. */
export function LogTab() {
  const [page, setPage] = useState(1);
  const log = useQuery({
    queryKey: staffKeys.log(page),
    queryFn: ({ signal }) => fetchModerationLog(page, signal),
    placeholderData: keepPreviousData,
  });
  const entries = log.data?.data ?? [];
  return (
    <section aria-label={STAFF_TEXT.tabs.log}>
      <QueryState isPending={log.isPending} error={log.error} onRetry={() => void log.refetch()}>
        {entries.length === 0 ? (
          <EmptyState title={STAFF_TEXT.noLog} headingLevel={2} />
        ) : (
          <ol className="flex flex-col divide-y divide-stone-100 rounded-xl border border-stone-200 bg-white">
            {entries.map((entry) => (
              <li
                key={entry.id}
                className="flex flex-col gap-1 px-4 py-3 text-sm md:flex-row md:items-baseline md:gap-3"
              >
                <time dateTime={entry.createdAt} className="shrink-0 text-stone-500 md:w-44">
                  {formatWhen(entry.createdAt)}
                </time>
                <span className="min-w-0 break-words text-stone-900">
                  <span className="font-semibold">
                    {entry.actor ? `@${entry.actor.username}` : STAFF_TEXT.someone}
                  </span>{' '}
                  {actionText(entry.action)} {targetText(entry)}
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
