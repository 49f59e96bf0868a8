import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { CHAT_LIMITS, fillText, ROUTES, type ChatThreadHeader } from '@rummage/contract';
import { Spinner } from '../../shared/ui/Spinner';
import { useDocumentTitle } from '../../shared/ui/useDocumentTitle';
import { useFormatPrice } from '../feed';
import { BlockButton } from '../blocking';
import { DEALS_QUERY_KEY, DealPanel } from '../deals';
import { FollowButton } from '../follow';
import { chatKeys } from './api';
import { MessageList } from './MessageList';
import { ReservationBar } from './ReservationBar';
import { useChatThread } from './useChatThread';
import { useTexts } from '../../shared/i18n/useTexts';
import { isDeletedUser } from '../../shared/i18n/deletedUser';

function idFrom(value: string | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** /chat/{receiverId}/{productId}. A new chat gets a fresh screen, so nothing carries over between chats. */
export default function ChatPage() {
  useDocumentTitle(useTexts().chat.documentTitle);
  const params = useParams();
  const receiverId = idFrom(params.receiverId);
  const productId = idFrom(params.productId);
  return <ChatThread key={`${receiverId}-${productId}`} receiverId={receiverId} productId={productId} />;
}

function CloseLink() {
  const texts = useTexts();
  return (
    <Link
      to={ROUTES.messages}
      aria-label={texts.chat.close}
      className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-2xl text-stone-700 hover:bg-stone-100"
    >
      <span aria-hidden="true">×</span>
    </Link>
  );
}

function ThreadHeader({ header }: { header: ChatThreadHeader }) {
  // A deleted account keeps its messages here under the contract's name, with no @ and no one left to follow.
  const formatPrice = useFormatPrice();
  const T = useTexts().chat;
  const deleted = isDeletedUser(header.userName);
  // Who and what come first: below 640 px Follow and Block move to a second row, so the name and the item keep the
  // width beside the close button; from 640 px everything sits in one row.
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-stone-200 px-3 py-3 md:px-5">
      <div className="min-w-0 flex-1">
        <h1 className="truncate text-lg font-bold text-stone-900">
          {deleted ? T.deletedUser : `@${header.userName}`}
        </h1>
        <p className="line-clamp-2 text-sm break-words text-stone-700">
          {header.agreedPrice === null ? (
            <span className="font-semibold text-brand-800">{formatPrice(header.productPrice)}</span>
          ) : (
            // The amount they agreed on is what they meet for; the asking price stays beside it.
            <>
              <span className="font-semibold text-brand-800">
                {fillText(T.agreedPrice, { amount: formatPrice(header.agreedPrice) })}
              </span>{' '}
              <span className="text-stone-600">
                · {fillText(T.askingPrice, { amount: formatPrice(header.productPrice) })} ·
              </span>
            </>
          )}{' '}
          {header.productName}
        </p>
      </div>
      {!deleted && (
        <div className="order-last flex w-full gap-2 sm:order-none sm:w-auto">
          <FollowButton
            userId={header.userId}
            initialFollowing={header.isFollowedByCurrentUser}
            userName={header.userName}
            className="shrink-0"
          />
          <BlockButton
            userId={header.userId}
            userName={header.userName}
            initialBlocked={header.isBlockedByCurrentUser}
            className="shrink-0"
          />
        </div>
      )}
      <CloseLink />
    </div>
  );
}

function ChatThread({ receiverId, productId }: { receiverId: number | null; productId: number | null }) {
  const T = useTexts().chat;
  const thread = useChatThread(receiverId, productId);
  const [draft, setDraft] = useState('');
  const queryClient = useQueryClient();

  /** Marked sold to the other person here: the header reads sold, and the deal it made shows with its form. */
  function sold() {
    if (receiverId === null || productId === null) return;
    void queryClient.invalidateQueries({ queryKey: chatKeys.header(productId, receiverId) });
    void queryClient.invalidateQueries({ queryKey: [DEALS_QUERY_KEY] });
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (thread.send(draft)) setDraft('');
  }

  // Staff hid the listing: its chats are paused, and sending would only be refused with the same words.
  const paused = thread.header?.isHidden === true;
  let body;
  if (thread.loadFailed) {
    body = (
      <>
        <div className="flex items-center justify-between gap-3 border-b border-stone-200 px-3 py-3 md:px-5">
          <h1 className="text-lg font-bold text-stone-900">{T.heading}</h1>
          <CloseLink />
        </div>
        <div
          role="alert"
          className="flex flex-1 flex-col items-center justify-center gap-2 px-4 py-10 text-center"
        >
          <p className="font-semibold text-stone-900">{T.loadFailed}</p>
          <p className="text-stone-700">{thread.loadRefusal ?? T.loadFailedHint}</p>
        </div>
      </>
    );
  } else if (thread.loading || !thread.header) {
    body = <Spinner label={T.loading} />;
  } else {
    body = (
      <>
        <ThreadHeader header={thread.header} />
        {/* Keyed by the hold: an accepted offer reserves the listing (§18), and the header read again shows it. */}
        <ReservationBar
          key={`${thread.header.reservedUntil ?? ''}:${String(thread.header.isReservedInThisChat)}`}
          header={thread.header}
          onSold={sold}
        />
        <DealPanel productId={thread.header.productId} otherId={thread.header.userId} />
        <MessageList
          messages={thread.messages}
          selfName={thread.selfName}
          otherName={thread.header.userName}
          hasMore={thread.hasMore}
          loadingOlder={thread.loadingOlder}
          onLoadOlder={() => void thread.loadOlder()}
          onOfferChanged={thread.offerChanged}
          paused={paused}
        />
      </>
    );
  }

  const canType = !thread.loadFailed && !thread.loading && !paused;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-1 flex-col px-0 py-0 md:px-4 md:py-8">
      <div className="card flex flex-1 flex-col overflow-hidden rounded-none md:flex-none md:rounded-2xl">
        {body}
        <p className="bg-accent-100 px-4 py-2 text-center text-xs font-medium text-stone-800">
          {T.safetyNotice}
        </p>
        <form className="flex flex-col gap-1 border-t border-stone-200 p-3" onSubmit={handleSubmit}>
          <div className="flex gap-2">
            <label htmlFor="chat-message" className="sr-only">
              {T.messageLabel}
            </label>
            <input
              id="chat-message"
              className="field-input min-w-0 flex-1"
              placeholder={T.inputPlaceholder}
              value={draft}
              maxLength={CHAT_LIMITS.messageMax}
              autoComplete="off"
              disabled={!canType}
              aria-describedby={thread.sendError ? 'chat-send-error' : undefined}
              onChange={(event) => setDraft(event.target.value)}
            />
            <button
              type="submit"
              className="btn btn-primary shrink-0"
              disabled={!canType || !thread.connected}
            >
              {T.send}
            </button>
          </div>
          {paused ? (
            <p role="status" className="text-sm text-stone-700">
              {T.listingHidden}
            </p>
          ) : (
            <ConnectionLine thread={thread} />
          )}
          {thread.sendError && (
            <p id="chat-send-error" role="alert" className="text-sm text-red-700">
              {thread.sendError}
            </p>
          )}
        </form>
      </div>
    </div>
  );
}

/** Why "send" is greyed out, when it is not just the first moment of connecting. */
function ConnectionLine({ thread }: { thread: ReturnType<typeof useChatThread> }) {
  const T = useTexts().chat;
  if (thread.loadFailed || thread.hubState === 'connected' || thread.hubState === 'connecting') return null;
  if (thread.hubState === 'reconnecting') {
    return (
      <p role="status" className="text-sm text-stone-700">
        {T.notConnected}
      </p>
    );
  }
  return (
    <p role="status" className="flex flex-wrap items-center gap-2 text-sm text-stone-700">
      {T.offline}
      <button type="button" className="font-semibold text-brand-800 underline" onClick={thread.reconnect}>
        {T.reconnect}
      </button>
    </p>
  );
}
