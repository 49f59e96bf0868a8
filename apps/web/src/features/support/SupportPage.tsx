import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type SupportTicket } from '@rummage/contract';
import { useSession } from '../../shared/session/SessionContext';
import { Spinner } from '../../shared/ui/Spinner';
import { useDocumentTitle } from '../../shared/ui/useDocumentTitle';
import { fetchActiveTicket, supportKeys } from './api';
import { SupportForm } from './SupportForm';
import { TicketConversation } from './TicketConversation';
import { useTicketChat } from './useTicketChat';
import { useTexts } from '../../shared/i18n/useTexts';

/** The user's side of an open ticket, live through /supporthub. */
function ActiveTicket({ ticket, onClosed }: { ticket: SupportTicket; onClosed(): void }) {
  const chat = useTicketChat({
    ticketId: ticket.id,
    isUser: true,
    onClosed,
    onTicketChanged: (changed) => {
      if (changed.id === ticket.id && changed.status === 'closed') onClosed();
    },
  });
  return <TicketConversation ticket={ticket} chat={chat} isUser />;
}

/**
 * /support (docs/product.md §2, §4): a spinner while the active-ticket check runs; the open ticket's chat when there
 * is one; otherwise the "thrift support" form, which turns into the chat once the ticket is created.
 */
export default function SupportPage() {
  const texts = useTexts();
  useDocumentTitle(texts.support.documentTitle);
  const queryClient = useQueryClient();
  const { session, currentUser } = useSession();
  const token = session?.authToken ?? null;
  const username = session?.username || currentUser?.username || '';
  const key = useMemo(() => supportKeys.activeTicket(token), [token]);
  const [notice, setNotice] = useState<string | null>(null);

  // A failed check shows the form: a second ticket is refused by the server with the open one's text.
  const active = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchActiveTicket(signal),
    staleTime: 0,
  });
  const ticket = active.data ?? null;

  // The ticket on screen went away (staff closed it): say why the form is back.
  const shownTicket = useRef<number | null>(null);
  useEffect(() => {
    if (active.isPending) return;
    if (ticket) setNotice(null);
    else if (shownTicket.current !== null) setNotice(texts.support.closed);
    shownTicket.current = ticket?.id ?? null;
  }, [ticket, active.isPending, texts]);

  const showTicket = useCallback(
    (created: SupportTicket | null) => {
      if (created) queryClient.setQueryData(key, created);
      else void queryClient.invalidateQueries({ queryKey: key });
    },
    [queryClient, key],
  );

  const showOpenTicket = useCallback(async () => {
    const open = await queryClient.fetchQuery({
      queryKey: key,
      queryFn: ({ signal }) => fetchActiveTicket(signal),
      staleTime: 0,
    });
    return open !== null;
  }, [queryClient, key]);

  const closed = useCallback(() => void queryClient.invalidateQueries({ queryKey: key }), [queryClient, key]);

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-6 md:py-10">
      {active.isPending ? (
        <Spinner />
      ) : ticket ? (
        <>
          <h1 className="mb-4 text-2xl font-extrabold text-brand-800">{texts.support.title}</h1>
          <ActiveTicket key={ticket.id} ticket={ticket} onClosed={closed} />
        </>
      ) : (
        <SupportForm
          username={username}
          notice={notice}
          onCreated={showTicket}
          onAlreadyOpen={showOpenTicket}
        />
      )}
    </div>
  );
}
