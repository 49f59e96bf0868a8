import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { chatTextSchema, HUB_EVENTS, HUB_METHODS, type ChatRoom, type Offer } from '@rummage/contract';
import { refusalMessage } from '../../shared/api/client';
import { useSession } from '../../shared/session/SessionContext';
import { inLanguage } from '../../shared/i18n/inLanguage';
import { useTexts } from '../../shared/i18n/useTexts';
import type { HubLike } from '../../shared/realtime/hubClient';
import { invokeHub } from '../../shared/realtime/hubEvents';
import { useHub } from '../../shared/realtime/useHub';
import { DEALS_QUERY_KEY } from '../deals';
import { chatKeys, fetchHistory, fetchThreadHeader, markChatRead } from './api';
import {
  chatReducer,
  EMPTY_CHAT,
  hubErrorText,
  newestStoredId,
  oldestStoredId,
  showsOffer,
  toLocalMessage,
  type ChatParties,
} from './chatMessages';

export type HistoryStatus = 'loading' | 'ready' | 'failed';

let localSequence = 0;
/** This page load's prefix for clientMessageIds, so another tab of the same person never claims our echo. */
const pageId = Math.random().toString(36).slice(2, 10);

/**
 * Everything the chat screen does (docs/product.md §2, §4, §7): header and history over HTTP, the chat hub for live
 * messages, pending sends replaced by their echo, and marking the chat read.
 */
export function useChatThread(receiverId: number | null, productId: number | null) {
  const { session, currentUser } = useSession();
  const queryClient = useQueryClient();
  // Hub callbacks outlive renders; they read the page's texts through this ref.
  const pageTexts = useTexts();
  const textsRef = useRef(pageTexts);
  textsRef.current = pageTexts;
  const selfId = session?.userId ?? null;
  const selfName = session?.username ?? currentUser?.username ?? '';
  const valid = receiverId !== null && productId !== null && selfId !== null && receiverId !== selfId;
  const parties: ChatParties | null = valid ? { selfId, otherId: receiverId, productId } : null;

  const header = useQuery({
    queryKey: chatKeys.header(productId ?? 0, receiverId ?? 0),
    queryFn: ({ signal }) => fetchThreadHeader(productId!, receiverId!, signal),
    enabled: valid,
    retry: false,
    // A hold released or a deal called off in another tab, or by the other person, changes what the header says
    // was agreed: read it again whenever the page comes back into view (one small answer).
    refetchOnWindowFocus: 'always',
  });

  const [chat, dispatch] = useReducer(chatReducer, EMPTY_CHAT);
  const [historyStatus, setHistoryStatus] = useState<HistoryStatus>(valid ? 'loading' : 'failed');
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);

  // Hub callbacks outlive renders; they read the current chat through this ref.
  const partiesRef = useRef(parties);
  partiesRef.current = parties;

  const markRead = useCallback(() => {
    const current = partiesRef.current;
    if (!current) return;
    void markChatRead(current.productId, current.otherId);
    // The inbox shows "Seen" without waiting for its next load (docs/product.md §4).
    queryClient.setQueriesData<ChatRoom[]>({ queryKey: chatKeys.allRooms }, (rooms) =>
      rooms?.map((room) =>
        room.productId === current.productId && room.otherUserId === current.otherId
          ? { ...room, hasUnread: false, unreadCount: 0 }
          : room,
      ),
    );
  }, [queryClient]);

  const messagesRef = useRef(chat.messages);
  messagesRef.current = chat.messages;
  /**
   * The newest message shown when the connection dropped: everything after it may be missing, even once a live
   * message newer than the gap arrives on rejoining, before the catch-up reads it. (With nothing shown there is no
   * gap: "load older" pages back from the oldest message shown.)
   */
  const shownAtDrop = useRef<number | null>(null);

  /**
   * The newest page, merged into what is shown (on open, and after a reconnect so nothing is missed). A long drop
   * may have brought more than a page: older pages are read until they meet `knownUpTo` (by default the newest
   * message shown), so no gap is left that "load older" (which pages back from the oldest shown) would never fill.
   * Answers whether it brought a message from the other person to a chat that already showed others.
   */
  const loadNewest = useCallback(async (signal?: AbortSignal, knownUpTo?: number): Promise<boolean> => {
    const current = partiesRef.current;
    if (!current) return false;
    const shown = new Set(
      messagesRef.current.flatMap((message) => (message.id === null ? [] : [message.id])),
    );
    const newestShown = knownUpTo ?? newestStoredId(messagesRef.current);
    const stored = (rows: unknown[]) =>
      rows.map((raw) => toLocalMessage(raw, current)).filter((message) => message !== null);
    try {
      const newest = await fetchHistory(current.productId, current.otherId, undefined, signal);
      let messages = stored(newest.messages);
      for (let page = newest, oldest = oldestStoredId(messages); ; oldest = oldestStoredId(messages)) {
        if (newestShown === null || !page.hasMore || oldest === null || oldest <= newestShown) break;
        page = await fetchHistory(current.productId, current.otherId, oldest, signal);
        messages = [...stored(page.messages), ...messages];
      }
      // Whether older messages exist is the newest page's to say on open; after a reconnect, the older part shown
      // already knows.
      dispatch({ type: 'history', messages, hasMore: newestShown === null ? newest.hasMore : undefined });
      setHistoryStatus('ready');
      // Before anything showed, opening the chat reads it.
      if (newestShown === null) return false;
      return messages.some((message) => !message.fromSelf && message.id !== null && !shown.has(message.id));
    } catch (error) {
      if (signal?.aborted) return false;
      console.warn('Chat history could not be loaded', error);
      // A failed reload after a reconnect keeps what is already on screen.
      setHistoryStatus((status) => (status === 'ready' ? status : 'failed'));
      return false;
    }
  }, []);

  useEffect(() => {
    if (!valid) return;
    const controller = new AbortController();
    void loadNewest(controller.signal).then(() => {
      if (!controller.signal.aborted) markRead();
    });
    return () => controller.abort();
  }, [valid, productId, receiverId, loadNewest, markRead]);

  /**
   * An offer of this chat changed (docs/product.md §18): its row takes the new status, a new offer's row comes
   * with the newest history page, and an accepted one reserves the listing, which the header shows.
   */
  const offerChanged = useCallback(
    (offer: Offer) => {
      const current = partiesRef.current;
      if (!current || offer.productId !== current.productId) return;
      if (showsOffer(messagesRef.current, offer.id)) dispatch({ type: 'offer', offer });
      // A new offer from the other side is read here, as a message is.
      else
        void loadNewest().then(() => {
          if (offer.fromUserId !== current.selfId) markRead();
        });
      if (offer.status === 'accepted')
        void queryClient.invalidateQueries({ queryKey: chatKeys.header(current.productId, current.otherId) });
    },
    [loadNewest, markRead, queryClient],
  );

  const loadOlder = useCallback(async () => {
    const current = partiesRef.current;
    const before = oldestStoredId(chat.messages);
    if (!current || before === null || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const page = await fetchHistory(current.productId, current.otherId, before);
      const stored = page.messages
        .map((raw) => toLocalMessage(raw, current))
        .filter((message) => message !== null);
      dispatch({ type: 'history', messages: stored, hasMore: page.hasMore });
    } catch (error) {
      console.warn('Older messages could not be loaded', error);
    } finally {
      setLoadingOlder(false);
    }
  }, [chat.messages, loadingOlder]);

  /** What the two agreed, read again: the header's hold or agreed price, and the deals the deal panel shows. */
  const readAgreementAgain = useCallback(
    (current: ChatParties) => {
      void queryClient.invalidateQueries({ queryKey: chatKeys.header(current.productId, current.otherId) });
      void queryClient.invalidateQueries({ queryKey: [DEALS_QUERY_KEY] });
    },
    [queryClient],
  );

  const hub = useHub('chat', {
    enabled: valid,
    handlers: {
      [HUB_EVENTS.receiveMessage]: (raw) => {
        const current = partiesRef.current;
        const message = current && toLocalMessage(raw, current);
        if (!message) return;
        dispatch({ type: 'received', message });
        if (!message.fromSelf) markRead();
      },
      [HUB_EVENTS.receiveOffer]: (offer) => offerChanged(offer),
      // Held, let go, sold or called off, by either person in any tab: the header says what stands now, and the
      // deal's panel whether there is a deal to rate.
      [HUB_EVENTS.agreementChanged]: ({ productId: changed }) => {
        const current = partiesRef.current;
        if (current && changed === current.productId) readAgreementAgain(current);
      },
      [HUB_EVENTS.messageError]: (text) => {
        setSendError(typeof text === 'string' && text.trim() ? text : textsRef.current.listing.messageFailed);
        dispatch({ type: 'failed' });
      },
    },
    onDropped: () => {
      // The first drop counts: a second one before the catch-up ran leaves the same messages to read.
      shownAtDrop.current ??= newestStoredId(messagesRef.current);
    },
    onConnected: (connection: HubLike) => {
      const current = partiesRef.current;
      if (!current) return;
      const knownUpTo = shownAtDrop.current ?? undefined;
      shownAtDrop.current = null;
      invokeHub(connection, 'chat', HUB_METHODS.chat.joinChat, current.otherId, current.productId)
        .catch((error: unknown) => console.warn('JoinChat failed', error))
        // What changed while this screen was not yet (or no longer) in the chat is read again: the messages from
        // history, and the header, since a hold or a deal may have begun or ended meanwhile (AgreementChanged
        // reaches only pages in the chat).
        .then(() => {
          readAgreementAgain(current);
          return loadNewest(undefined, knownUpTo);
        })
        // What came from the other person meanwhile is read now that it shows, as a live message is.
        .then((brought) => {
          if (brought) markRead();
        });
    },
    onStopping: (connection: HubLike) => {
      const current = partiesRef.current;
      if (!current) return;
      return invokeHub(connection, 'chat', HUB_METHODS.chat.leaveChat, current.otherId, current.productId);
    },
  });

  const connected = hub.state === 'connected' && hub.connection !== null;

  /** Sends `text`; false when nothing was sent (blank, too long, or no connection), so the box keeps it. */
  const send = useCallback(
    (text: string): boolean => {
      const current = partiesRef.current;
      const connection = hub.connection;
      const parsed = chatTextSchema.safeParse(text);
      if (!current || !connection || !connected) return false;
      if (!parsed.success) {
        // Blank is simply ignored (docs/product.md §5); anything else is worth saying.
        const texts = textsRef.current;
        if (text.trim() !== '')
          setSendError(inLanguage(texts, parsed.error.issues[0]?.message ?? texts.listing.messageFailed));
        return false;
      }
      const time = new Date().toISOString();
      localSequence += 1;
      const key = `local-${localSequence}`;
      // Sent as SendMessage's fifth argument and carried back by the echo, which swaps this copy by it.
      const clientMessageId = `${pageId}-${localSequence}`;
      setSendError(null);
      dispatch({
        type: 'sent',
        message: {
          key,
          id: null,
          fromSelf: true,
          text: parsed.data,
          time,
          userId: current.selfId,
          username: selfName,
          pending: true,
          failed: false,
          clientMessageId,
        },
      });
      invokeHub(
        connection,
        'chat',
        HUB_METHODS.chat.sendMessage,
        current.otherId,
        parsed.data,
        current.productId,
        time,
        clientMessageId,
      ).catch((error: unknown) => {
        console.warn('SendMessage failed', error);
        setSendError(hubErrorText(error) ?? textsRef.current.listing.messageFailed);
        dispatch({ type: 'failed', key });
      });
      return true;
    },
    [hub.connection, connected, selfName],
  );

  // A header read again (back in view, a join, an agreement changed) that fails keeps the one shown: only a chat
  // that never had one cannot be shown.
  const loadFailed = !valid || (header.isError && header.data === undefined) || historyStatus === 'failed';
  const loading = !loadFailed && (header.isPending || historyStatus === 'loading');
  // Refused rather than unreachable (a listing gone or hidden, a person blocked): the server's words say why, where
  // "check your connection" would send the reader looking for a fault that is not there.
  const loadRefusal = loadFailed ? refusalMessage(header.error) : null;

  return {
    header: header.data ?? null,
    messages: chat.messages,
    hasMore: chat.hasMore,
    loading,
    loadFailed,
    loadRefusal,
    loadingOlder,
    loadOlder,
    hubState: hub.state,
    connected,
    reconnect: hub.retry,
    send,
    sendError,
    selfName,
    offerChanged,
  };
}
