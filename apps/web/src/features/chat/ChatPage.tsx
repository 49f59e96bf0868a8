import { Link } from 'react-router';
import { ROUTES, messages } from '@rummage/contract';
import { useDocumentTitle } from '../../shared/ui/useDocumentTitle';
import { CHAT_TEXT } from './texts';

/**
 * /chat/{receiverId}/{productId}. The thread header, history and the live chat hub arrive with the
 * chat issue. Sending needs a connected channel (SPEC §4, §5), so until then the box stays disabled.
 */
export default function ChatPage() {
  useDocumentTitle(CHAT_TEXT.chatTitle);
  const connected = false;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-1 flex-col px-4 py-4 md:py-8">
      <div className="card flex flex-1 flex-col overflow-hidden">
        <div className="flex items-center justify-between gap-3 border-b border-stone-200 px-4 py-3">
          <h1 className="text-lg font-bold text-stone-900">{CHAT_TEXT.chatHeading}</h1>
          <Link
            to={ROUTES.messages}
            aria-label={CHAT_TEXT.close}
            className="flex h-10 w-10 items-center justify-center rounded-full text-2xl text-stone-700 hover:bg-stone-100"
          >
            <span aria-hidden="true">×</span>
          </Link>
        </div>
        <div
          className="flex min-h-48 flex-1 flex-col justify-end gap-3 px-4 py-4 md:max-h-[45vh]"
          aria-live="polite"
        >
          <p className="text-center text-sm text-stone-600">{CHAT_TEXT.noMessages}</p>
        </div>
        <p className="bg-accent-100 px-4 py-2 text-center text-xs font-medium text-stone-800">
          {messages.chat.safetyNotice}
        </p>
        <form
          className="flex gap-2 border-t border-stone-200 p-3"
          onSubmit={(event) => event.preventDefault()}
        >
          <label htmlFor="chat-message" className="sr-only">
            {CHAT_TEXT.messageLabel}
          </label>
          <input
            id="chat-message"
            className="field-input flex-1"
            placeholder={messages.chat.inputPlaceholder}
            disabled={!connected}
          />
          <button type="submit" className="btn btn-primary" disabled={!connected}>
            {messages.chat.send}
          </button>
        </form>
      </div>
    </div>
  );
}
