import { useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fillText } from '@rummage/contract';
import { EmptyState } from '../../shared/ui/EmptyState';
import { fetchUsers, STAFF_PAGE_SIZE, staffKeys } from './api';
import { formatWhen, Pager, Pill, QueryState } from './ui';
import { UserDetail } from './UserDetail';
import { useLocale, useTexts } from '../../shared/i18n/useTexts';

/** Find people by username or e-mail, then open one to see and act on their account. */
export function UsersTab() {
  const T = useTexts().staff;
  const locale = useLocale();
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [userId, setUserId] = useState<number | null>(null);
  const users = useQuery({
    queryKey: staffKeys.users(query, page),
    queryFn: ({ signal }) => fetchUsers(query, page, signal),
    placeholderData: keepPreviousData,
    enabled: userId === null,
  });

  if (userId !== null) return <UserDetail userId={userId} onBack={() => setUserId(null)} />;

  function handleSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setQuery(draft.trim());
    setPage(1);
  }

  const people = users.data?.data ?? [];
  return (
    <section aria-label={T.tabs.users} className="flex flex-col gap-3">
      <form role="search" onSubmit={handleSearch} className="flex flex-wrap gap-2">
        <label htmlFor="staff-user-search" className="sr-only">
          {T.searchLabel}
        </label>
        <input
          id="staff-user-search"
          type="search"
          className="field-input min-w-0 flex-1"
          placeholder={T.searchPlaceholder}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <button type="submit" className="btn btn-primary">
          {T.search}
        </button>
      </form>
      <QueryState isPending={users.isPending} error={users.error} onRetry={() => void users.refetch()}>
        {people.length === 0 ? (
          <EmptyState title={T.noUsers} headingLevel={2} />
        ) : (
          <ul className="flex flex-col gap-2">
            {people.map((person) => (
              <li key={person.id}>
                <button
                  type="button"
                  onClick={() => setUserId(person.id)}
                  className="flex w-full flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-stone-200 bg-white px-4 py-3 text-left hover:border-brand"
                >
                  <span className="font-bold break-all text-stone-900">@{person.username}</span>
                  <span className="text-sm break-all text-stone-700">{person.email}</span>
                  {person.role !== 'user' && <Pill tone="good">{T.roles[person.role] ?? person.role}</Pill>}
                  {person.bannedAt && <Pill tone="bad">{T.bannedBadge}</Pill>}
                  <span className="text-xs text-stone-500">
                    {fillText(T.joined, { when: formatWhen(person.createdAt, locale) })}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <Pager page={page} pageSize={STAFF_PAGE_SIZE} total={users.data?.total ?? 0} onPage={setPage} />
      </QueryState>
    </section>
  );
}
