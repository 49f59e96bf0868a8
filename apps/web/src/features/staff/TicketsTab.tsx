import { useCallback, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { fillText, STAFF_TICKET_FILTERS, type StaffTicket } from '@rummage/contract';
import { EmptyState } from '../../shared/ui/EmptyState';
import { useRelativeNow, useTimeAgo } from '../../shared/ui/relativeTime';
import { useTicketChat } from '../support';
import { fetchTickets, STAFF_PAGE_SIZE, staffKeys } from './api';
import { StaffTicketView } from './StaffTicketView';
import { Pager, Pill, QueryState } from './ui';
import { useTexts } from '../../shared/i18n/useTexts';

type TicketFilter = (typeof STAFF_TICKET_FILTERS)[number];

function QueueRow({
  ticket,
  selected,
  now,
  onOpen,
}: {
  ticket: StaffTicket;
  selected: boolean;
  now: number;
  onOpen(): void;
}) {
  const texts = useTexts();
  const T = texts.staff;
  const timeAgo = useTimeAgo();
  const closed = ticket.status === 'closed';
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        aria-current={selected || undefined}
        className={`flex w-full flex-col gap-1 rounded-xl border px-4 py-3 text-left hover:border-brand ${
          selected ? 'border-brand bg-brand-50' : 'border-stone-200 bg-white'
        }`}
      >
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-bold text-stone-900">@{ticket.username}</span>
          <span className="text-sm text-stone-700">
            {texts.support.issues[ticket.subject] ?? ticket.title}
          </span>
          <Pill tone={closed ? 'neutral' : 'good'}>{closed ? T.statusClosed : T.statusOpen}</Pill>
          {ticket.hasUnread && <Pill tone="warn">{fillText(T.unread, { count: ticket.unreadCount })}</Pill>}
        </span>
        <span className="line-clamp-2 text-sm break-words text-stone-700">{ticket.lastMessage}</span>
        <span className="text-xs text-stone-600">
          {ticket.waitingSince && !closed
            ? fillText(T.waitingSince, { when: timeAgo(ticket.waitingSince, now) })
            : timeAgo(ticket.lastMessageAt, now)}
        </span>
      </button>
    </li>
  );
}

/**
 * The ticket queue (open first, longest waiting first, as the server orders it) beside the chosen ticket.
 * One /supporthub connection serves both: staff receive every ticket's messages, which keeps the queue fresh.
 */
export function TicketsTab({
  selectedId,
  onSelect,
}: {
  selectedId: number | null;
  onSelect(id: number | null): void;
}) {
  const T = useTexts().staff;
  const queryClient = useQueryClient();
  const now = useRelativeNow();
  const [status, setStatus] = useState<TicketFilter>('all');
  const [page, setPage] = useState(1);
  const queue = useQuery({
    queryKey: staffKeys.tickets(status, page),
    queryFn: ({ signal }) => fetchTickets(status, page, signal),
    placeholderData: keepPreviousData,
  });

  const refreshQueue = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: staffKeys.ticketsAll }),
    [queryClient],
  );
  const chat = useTicketChat({
    ticketId: selectedId,
    isUser: false,
    stayConnected: true,
    onAnyMessage: refreshQueue,
    onRead: refreshQueue,
    onTicketChanged: (ticket) => {
      refreshQueue();
      void queryClient.invalidateQueries({ queryKey: staffKeys.ticket(ticket.id) });
    },
  });

  const tickets = queue.data?.data ?? [];
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <section aria-label={T.tabs.tickets} className={selectedId !== null ? 'hidden lg:block' : ''}>
        <label className="mb-3 flex items-center gap-2 text-sm">
          <span className="font-semibold text-stone-700">{T.ticketFilter}</span>
          <select
            className="field-input w-auto"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as TicketFilter);
              setPage(1);
            }}
          >
            {STAFF_TICKET_FILTERS.map((filter) => (
              <option key={filter} value={filter}>
                {T.ticketFilters[filter]}
              </option>
            ))}
          </select>
        </label>
        <QueryState isPending={queue.isPending} error={queue.error} onRetry={() => void queue.refetch()}>
          {tickets.length === 0 ? (
            <EmptyState title={T.noTickets} headingLevel={2} />
          ) : (
            <ul className="flex flex-col gap-2">
              {tickets.map((ticket) => (
                <QueueRow
                  key={ticket.id}
                  ticket={ticket}
                  now={now}
                  selected={ticket.id === selectedId}
                  onOpen={() => onSelect(ticket.id)}
                />
              ))}
            </ul>
          )}
          <Pager page={page} pageSize={STAFF_PAGE_SIZE} total={queue.data?.total ?? 0} onPage={setPage} />
        </QueryState>
      </section>
      {selectedId !== null && (
        <StaffTicketView key={selectedId} ticketId={selectedId} chat={chat} onBack={() => onSelect(null)} />
      )}
    </div>
  );
}
