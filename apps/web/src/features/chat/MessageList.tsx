import { useLayoutEffect, useRef } from 'react';
import { fillText } from '@rummage/contract';
import type { LocalMessage } from './chatMessages';
import { timeAgo, useRelativeNow } from '../../shared/ui/relativeTime';
import { CHAT_TEXT } from './texts';

export interface MessageListProps {
  messages: LocalMessage[];
  selfName: string;
  otherName: string;
  hasMore: boolean;
  loadingOlder: boolean;
  onLoadOlder(): void;
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
}: MessageListProps) {
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
      aria-label={fillText(CHAT_TEXT.messagesLabel, { username: otherName })}
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
          {loadingOlder ? CHAT_TEXT.loadingOlder : CHAT_TEXT.loadOlder}
        </button>
      )}
      {messages.length === 0 ? (
        <p className="my-auto text-center text-sm text-stone-600">{CHAT_TEXT.noMessages}</p>
      ) : (
        <ol className="flex flex-col gap-3">
          {messages.map((message) => (
            <MessageItem
              key={message.key}
              message={message}
              name={message.fromSelf ? selfName : otherName || message.username}
              now={now}
            />
          ))}
        </ol>
      )}
    </div>
  );
}

function MessageItem({ message, name, now }: { message: LocalMessage; name: string; now: number }) {
  const own = message.fromSelf;
  return (
    <li
      data-own={own}
      data-pending={message.pending || undefined}
      className={`flex max-w-[85%] flex-col gap-1 md:max-w-[70%] ${own ? 'ml-auto items-end' : 'mr-auto items-start'}`}
    >
      <span className="text-xs font-semibold text-stone-700">@{name}</span>
      <p className={`rounded-2xl px-4 py-2 break-words whitespace-pre-wrap ${bubbleClass(message)}`}>
        {message.text}
      </p>
      <span className="text-xs text-stone-600">
        <time dateTime={message.time}>{timeAgo(message.time, now)}</time>
        {message.pending && <span> · {CHAT_TEXT.sending}</span>}
        {message.failed && <span className="font-semibold text-red-700"> · {CHAT_TEXT.notSent}</span>}
      </span>
    </li>
  );
}

/** Pending messages are greyed (docs/product.md §4) with text that still reads well; failed ones get a red edge. */
function bubbleClass(message: LocalMessage): string {
  if (!message.fromSelf) return 'rounded-bl-sm bg-stone-100 text-stone-900';
  if (message.pending) return 'rounded-br-sm bg-stone-200 text-stone-700';
  if (message.failed) return 'rounded-br-sm bg-stone-100 text-stone-900 ring-2 ring-red-700';
  return 'rounded-br-sm bg-brand text-white';
}
