import { Link } from 'react-router';
import { ROUTES, messages } from '@rummage/contract';
import { EmptyState } from '../../shared/ui/EmptyState';
import { useDocumentTitle } from '../../shared/ui/useDocumentTitle';
import { CHAT_TEXT } from './texts';

/**
 * /messages: the inbox. Chat rooms (GET /api/Message/chat-rooms) arrive with the chat issue; with no
 * rooms the SPEC's welcome state shows, which is also what a failed load shows (SPEC §8).
 */
export default function InboxPage() {
  useDocumentTitle(CHAT_TEXT.inboxTitle);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6">
      {/* SPEC: the heading is a desktop element; phones keep it for screen readers only. */}
      <h1 className="sr-only text-3xl font-bold text-stone-900 md:not-sr-only">{messages.inbox.heading}</h1>
      <EmptyState title={messages.inbox.emptyTitle} text={messages.inbox.emptyText}>
        <Link to={ROUTES.marketplace} className="btn btn-primary">
          {messages.inbox.goToMarketplace}
        </Link>
      </EmptyState>
    </div>
  );
}
