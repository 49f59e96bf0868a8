import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { SUPPORT_LIMITS, type SupportTicket } from '@rummage/contract';
import { useFillText } from '../../shared/config/useAppConfig';
import { Banner } from '../../shared/ui/Banner';
import { Spinner } from '../../shared/ui/Spinner';
import { useRelativeNow, useTimeAgo } from '../../shared/ui/relativeTime';
import { ticketDate } from './time';
import type { ChatLine, TicketChat } from './useTicketChat';
import { useLocale, useTexts } from '../../shared/i18n/useTexts';

export interface TicketConversationProps {
  ticket: SupportTicket;
  chat: TicketChat;
  /** Which side is looking: its own messages sit on the right. */
  isUser: boolean;
  /** Controls above the messages (the staff console's close and reopen). */
  actions?: ReactNode;
  /** A closed ticket takes no more messages. */
  readOnly?: boolean;
}

/**
 * A ticket's chat (docs/product.md §2 Support): date, thrifter and issue, then the messages (the user's as '@username',
 * staff answers as the product's support account), the safety notice and the send box.
 */
export function TicketConversation({
  ticket,
  chat,
  isUser,
  actions,
  readOnly = false,
}: TicketConversationProps) {
  const texts = useTexts();
  const locale = useLocale();
  const fill = useFillText();
  const now = useRelativeNow();
  const timeAgo = useTimeAgo();
  const inputId = useId();
  const [draft, setDraft] = useState('');
  const listRef = useRef<HTMLOListElement>(null);
  const connected = chat.hubState === 'connected';

  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [chat.lines.length]);

  function labelOf(line: ChatLine): string {
    if (line.sentByUser) return line.senderName?.startsWith('@') ? line.senderName : `@${ticket.username}`;
    return line.senderName || fill(texts.support.accountName);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (chat.send(draft)) setDraft('');
  }

  return (
    <section aria-label={texts.support.conversation} className="card flex flex-col overflow-hidden">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 border-b border-stone-200 px-4 py-3 text-sm sm:flex sm:flex-wrap sm:gap-x-6">
        <div className="contents sm:flex sm:gap-2">
          <dt className="font-semibold text-stone-600">{texts.support.dateLabel}</dt>
          <dd className="text-stone-900">{ticketDate(ticket.createdAt, locale)}</dd>
        </div>
        <div className="contents sm:flex sm:gap-2">
          <dt className="font-semibold text-stone-600">{texts.support.thrifterLabel}</dt>
          <dd className="text-stone-900">@{ticket.username}</dd>
        </div>
        <div className="contents sm:flex sm:gap-2">
          <dt className="font-semibold text-stone-600">{texts.support.issueLabel}</dt>
          <dd className="text-stone-900">{texts.support.issues[ticket.subject] ?? ticket.title}</dd>
        </div>
      </dl>
      {actions && <div className="flex flex-wrap gap-2 border-b border-stone-200 px-4 py-3">{actions}</div>}
      {chat.error && (
        <div className="px-4 pt-3">
          <Banner>{chat.error}</Banner>
        </div>
      )}
      {chat.loading && chat.lines.length === 0 ? (
        <Spinner />
      ) : chat.loadError ? (
        <div className="flex flex-col items-center gap-2 px-4 py-6 text-center">
          <p className="font-semibold text-stone-900">{texts.chat.loadFailed}</p>
          <p className="text-sm text-stone-700">{texts.chat.loadFailedHint}</p>
          <button type="button" className="btn btn-outline" onClick={chat.retry}>
            {texts.support.retry}
          </button>
        </div>
      ) : (
        <ol
          ref={listRef}
          aria-live="polite"
          aria-label={texts.support.messageList}
          // Long conversations scroll inside the list; keyboard users need to reach it to scroll it.
          tabIndex={0}
          className="flex min-h-48 flex-col gap-3 overflow-y-auto px-4 py-4 md:max-h-[45vh]"
        >
          {chat.lines.length === 0 && (
            <li className="text-center text-sm text-stone-600">{texts.support.noMessages}</li>
          )}
          {chat.lines.map((line) => {
            const own = line.sentByUser === isUser;
            return (
              <li
                key={line.id}
                data-own={own || undefined}
                className={`flex max-w-[85%] flex-col gap-1 ${own ? 'items-end self-end text-right' : 'items-start self-start'}`}
              >
                <span className="text-xs font-semibold text-stone-600">{labelOf(line)}</span>
                <p
                  className={`rounded-2xl px-4 py-2 break-words whitespace-pre-wrap ${
                    own ? 'bg-brand text-white' : 'bg-stone-100 text-stone-900'
                  } ${line.pending ? 'opacity-70' : ''}`}
                >
                  {line.content}
                </p>
                <span className="text-xs text-stone-500">
                  {line.pending
                    ? texts.support.sending
                    : line.failed
                      ? texts.support.notSent
                      : timeAgo(line.createdAt, now)}
                </span>
              </li>
            );
          })}
        </ol>
      )}
      <p className="bg-accent-100 px-4 py-2 text-center text-xs font-medium text-stone-800">
        {texts.chat.safetyNotice}
      </p>
      {!readOnly && (
        <form className="flex flex-col gap-2 border-t border-stone-200 p-3" onSubmit={handleSubmit}>
          {!connected && (
            <p role="status" className="flex flex-wrap items-center gap-2 text-xs text-stone-600">
              {chat.hubState === 'disconnected' ? texts.support.disconnected : texts.support.connecting}
              {chat.hubState === 'disconnected' && (
                <button type="button" className="font-semibold text-brand-800 underline" onClick={chat.retry}>
                  {texts.support.reconnect}
                </button>
              )}
            </p>
          )}
          <div className="flex gap-2">
            <label htmlFor={inputId} className="sr-only">
              {texts.support.messageLabel}
            </label>
            <input
              id={inputId}
              className="field-input min-w-0 flex-1"
              placeholder={texts.chat.inputPlaceholder}
              value={draft}
              maxLength={SUPPORT_LIMITS.messageMax}
              onChange={(event) => setDraft(event.target.value)}
            />
            <button type="submit" className="btn btn-primary" disabled={!connected || !draft.trim()}>
              {texts.chat.send}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
