import { useQuery } from '@tanstack/react-query';
import { API, fillText } from '@rummage/contract';
import { type TicketChat, TicketConversation, useTicketChat } from '../support';
import { fetchTicket, staffKeys } from './api';
import { BackButton, Pill, QueryState } from './ui';
import { useModeration } from './useModeration';
import { useTexts } from '../../shared/i18n/useTexts';

/**
 * One ticket from the staff side: who wrote it, the live chat (JoinChat as staff, SendMessage with isUser
 * false), and close or reopen. A closed ticket is read-only until it is reopened.
 */
export function StaffTicketView({
  ticketId,
  chat,
  onBack,
  backOnWideScreens = false,
}: {
  ticketId: number;
  chat: TicketChat;
  onBack(): void;
  /** The queue sits beside the ticket on wide screens, so Back is only needed on narrow ones there. */
  backOnWideScreens?: boolean;
}) {
  const T = useTexts().staff;
  const detail = useQuery({
    queryKey: staffKeys.ticket(ticketId),
    queryFn: ({ signal }) => fetchTicket(ticketId, signal),
  });
  const moderation = useModeration();
  const ticket = detail.data?.ticket;
  const user = detail.data?.user;
  const closed = ticket?.status === 'closed';

  return (
    <div className="flex flex-col gap-3">
      <div className={backOnWideScreens ? '' : 'lg:hidden'}>
        <BackButton onClick={onBack} />
      </div>
      <QueryState isPending={detail.isPending} error={detail.error} onRetry={() => void detail.refetch()}>
        {ticket && user && (
          <>
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="text-xl font-bold text-stone-900">{fillText(T.ticketOf, { id: ticket.id })}</h2>
              <Pill tone={closed ? 'neutral' : 'good'}>{closed ? T.statusClosed : T.statusOpen}</Pill>
              {user.bannedAt && <Pill tone="bad">{T.bannedBadge}</Pill>}
            </div>
            <p className="text-sm break-all text-stone-700">
              {T.email}: {user.email}
              {closed && ticket.closedBy && ` · ${fillText(T.closedBy, { username: ticket.closedBy })}`}
            </p>
            {moderation.notice}
            <TicketConversation
              ticket={ticket}
              chat={chat}
              isUser={false}
              readOnly={closed}
              actions={
                closed ? (
                  <button
                    type="button"
                    className="btn btn-outline"
                    onClick={() =>
                      moderation.ask({
                        ask: 'confirm',
                        title: T.reopenQuestion,
                        confirmLabel: T.reopenTicket,
                        request: { path: API.staff.ticketReopen, params: { ticketId } },
                      })
                    }
                  >
                    {T.reopenTicket}
                  </button>
                ) : (
                  <button
                    type="button"
                    className="btn btn-outline"
                    onClick={() =>
                      moderation.ask({
                        ask: 'confirm',
                        title: T.closeQuestion,
                        description: T.closeDescription,
                        confirmLabel: T.closeTicket,
                        request: { path: API.staff.ticketClose, params: { ticketId } },
                      })
                    }
                  >
                    {T.closeTicket}
                  </button>
                )
              }
            />
          </>
        )}
      </QueryState>
      {moderation.dialogs}
    </div>
  );
}

/** A ticket opened from somewhere other than the queue (a user's page): it brings its own live chat. */
export function LiveStaffTicket({ ticketId, onBack }: { ticketId: number; onBack(): void }) {
  const chat = useTicketChat({ ticketId, isUser: false });
  return <StaffTicketView ticketId={ticketId} chat={chat} onBack={onBack} backOnWideScreens />;
}
