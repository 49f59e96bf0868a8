import { useLayoutEffect, useRef } from 'react';
import { fillText, type Offer } from '@rummage/contract';
import { OfferBubble } from '../offers';
import type { LocalMessage } from './chatMessages';
import { isDeletedUser } from '../../shared/i18n/deletedUser';
import { useRelativeNow, useTimeAgo } from '../../shared/ui/relativeTime';
import { useTexts } from '../../shared/i18n/useTexts';

export interface MessageListProps {
  messages: LocalMessage[];
  selfName: string;
  otherName: string;
  hasMore: boolean;
  loadingOlder: boolean;
  onLoadOlder(): void;
  /** An offer in the chat was answered from its bubble (docs/product.md §18). */
  onOfferChanged?(offer: Offer): void;
  /** Staff hid the listing: its offers can be ended but not taken up or countered until it is shown again. */
  paused?: boolean;
}

/**
 * The conversation, oldest at the top (docs/product.md §2): ours on the right with our @name, theirs on the left with
 * theirs, each with "5 minutes ago". About 45vh tall on desktop and kept scrolled to the newest message;
 * loading older messages keeps the reader's place.
 */
export function MessageList({
  messages,
  selfName,
  otherName,
  hasMore,
  loadingOlder,
  onLoadOlder,
  onOfferChanged,
  paused = false,
}: MessageListProps) {
  const texts = useTexts();
  // A deleted account's name, as the server gives it, said in the page's language.
  const other = isDeletedUser(otherName) ? texts.chat.deletedUser : otherName;
  const now = useRelativeNow();
  const listRef = useRef<HTMLDivElement>(null);
  const newestKey = messages[messages.length - 1]?.key;
  // Height before older messages were added on top, so the view can stay on what the reader was looking at.
  const heightBeforeOlder = useRef<number | null>(null);

  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    if (heightBeforeOlder.current !== null) {
      list.scrollTop += list.scrollHeight - heightBeforeOlder.current;
      heightBeforeOlder.current = null;
      return;
    }
    list.scrollTop = list.scrollHeight;
  }, [newestKey, messages.length]);

  return (
    <div
      ref={listRef}
      className="flex min-h-56 flex-1 flex-col gap-3 overflow-y-auto px-3 py-4 md:max-h-[45vh] md:px-5"
      role="log"
      aria-live="polite"
      aria-label={fillText(texts.chat.messagesLabel, { username: other })}
      tabIndex={0}
    >
      {hasMore && (
        <button
          type="button"
          className="btn btn-outline self-center text-sm"
          disabled={loadingOlder}
          onClick={() => {
            heightBeforeOlder.current = listRef.current?.scrollHeight ?? null;
            onLoadOlder();
          }}
        >
          {loadingOlder ? texts.chat.loadingOlder : texts.chat.loadOlder}
        </button>
      )}
      {messages.length === 0 ? (
        <>
          <SafetyNote />
          <p className="my-auto text-center text-sm text-stone-600">{texts.chat.noMessages}</p>
        </>
      ) : (
        <ol className="flex flex-col gap-3">
          {messages.map((message) => (
            <MessageItem
              key={message.key}
              message={message}
              name={message.fromSelf ? selfName : other || message.username}
              now={now}
              onOfferChanged={onOfferChanged}
              paused={paused}
            />
          ))}
        </ol>
      )}
    </div>
  );
}

/** At the top of a conversation nobody has written in yet: how to deal safely with a stranger. */
function SafetyNote() {
  const texts = useTexts();
  return (
    <aside
      aria-label={texts.safety.noteTitle}
      className="rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-stone-800"
    >
      <p className="font-semibold text-brand-800">{texts.safety.noteTitle}</p>
      <p>{texts.safety.note}</p>
    </aside>
  );
}

function MessageItem({
  message,
  name,
  now,
  onOfferChanged,
  paused,
}: {
  message: LocalMessage;
  name: string;
  now: number;
  onOfferChanged?(offer: Offer): void;
  paused: boolean;
}) {
  const texts = useTexts();
  const timeAgo = useTimeAgo();
  const own = message.fromSelf;
  return (
    <li
      data-own={own}
      data-pending={message.pending || undefined}
      data-held={message.held || undefined}
      className={`flex max-w-[85%] flex-col gap-1 md:max-w-[70%] ${own ? 'ml-auto items-end' : 'mr-auto items-start'}`}
    >
      <span className="text-xs font-semibold text-stone-700">@{name}</span>
      {message.offer ? (
        <OfferBubble
          offer={message.offer}
          text={message.text}
          own={own}
          makerName={name}
          paused={paused}
          onChanged={(offer) => onOfferChanged?.(offer)}
        />
      ) : (
        <p className={`rounded-2xl px-4 py-2 break-words whitespace-pre-wrap ${bubbleClass(message)}`}>
          {message.text}
        </p>
      )}
      {message.safetyWarning && <SafetyWarning text={message.safetyWarning} />}
      <span className="text-xs text-stone-600">
        <time dateTime={message.time}>{timeAgo(message.time, now)}</time>
        {message.pending && <span> · {texts.chat.sending}</span>}
        {message.held && <span className="font-semibold text-stone-700"> · {texts.safety.held}</span>}
        {message.failed && <span className="font-semibold text-red-700"> · {texts.chat.notSent}</span>}
      </span>
    </li>
  );
}

/** Under a received message that looks like a scam: what to beware of, in the contract's words. */
function SafetyWarning({ text }: { text: string }) {
  const texts = useTexts();
  return (
    <p className="flex items-start gap-2 rounded-xl border border-accent-300 bg-accent-100 px-3 py-2 text-sm text-stone-900">
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className="mt-0.5 h-4 w-4 shrink-0 fill-current text-accent-700"
      >
        <path d="M10 2 1 18h18L10 2Zm0 5a1 1 0 0 1 1 1v4a1 1 0 1 1-2 0V8a1 1 0 0 1 1-1Zm0 9a1.25 1.25 0 1 1 0-2.5A1.25 1.25 0 0 1 10 16Z" />
      </svg>
      <span>
        <span className="sr-only">{texts.safety.label}: </span>
        {text}
      </span>
    </p>
  );
}

/** Pending messages are greyed (docs/product.md §4) with text that still reads well; failed ones get a red edge. */
function bubbleClass(message: LocalMessage): string {
  if (!message.fromSelf) return 'rounded-bl-sm bg-stone-100 text-stone-900';
  if (message.pending || message.held) return 'rounded-br-sm bg-stone-200 text-stone-700';
  if (message.failed) return 'rounded-br-sm bg-stone-100 text-stone-900 ring-2 ring-red-700';
  return 'rounded-br-sm bg-brand text-white';
}
