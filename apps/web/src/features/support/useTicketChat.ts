import { useCallback, useEffect, useRef, useState } from 'react';
import {
  HUB_EVENTS,
  HUB_METHODS,
  SUPPORT_HUB_EVENTS,
  type SupportTicket,
  type TicketMessage,
} from '@rummage/contract';
import { describeHubError, type HubLike, type HubState } from '../../shared/realtime/hubClient';
import { invokeHub } from '../../shared/realtime/hubEvents';
import { useHub } from '../../shared/realtime/useHub';
import { fetchTicketHistory, markTicketRead } from './api';
import { useTexts } from '../../shared/i18n/useTexts';
import { browserTexts } from '../../shared/i18n/i18n';

/** A message on screen: from the server, or sent by this side and waiting for the server's echo (docs/product.md §4). */
export interface ChatLine extends TicketMessage {
  pending?: boolean;
  failed?: boolean;
}

export interface TicketChatOptions {
  ticketId: number | null;
  /** true on /support (the ticket's owner), false in the staff console. */
  isUser: boolean;
  /** Told when the server refuses a message because the ticket was closed meanwhile. */
  onClosed?: () => void;
  /** Staff closed or reopened this ticket (SUPPORT_HUB_EVENTS.ticketChanged). */
  onTicketChanged?: (ticket: SupportTicket) => void;
  /** Every message the hub pushes, for any ticket (staff receive the whole team's traffic). */
  onAnyMessage?: (message: TicketMessage) => void;
  /** After this side's read position was saved. */
  onRead?: () => void;
  /** Stay connected with no ticket chosen (the staff queue listens for new messages). */
  stayConnected?: boolean;
}

export interface TicketChat {
  lines: ChatLine[];
  loading: boolean;
  /** The history could not be loaded. */
  loadError: string | null;
  /** JoinChat or SendMessage was refused; the server's words when it gave any. */
  error: string | null;
  hubState: HubState;
  /** Sends through the hub; false (and nothing sent) when the text is blank or the channel is down. */
  send(text: string): boolean;
  retry(): void;
}

function isTicketMessage(value: unknown): value is TicketMessage {
  const candidate = value as TicketMessage | null;
  return (
    !!candidate &&
    typeof candidate === 'object' &&
    typeof candidate.id === 'number' &&
    typeof candidate.content === 'string'
  );
}

/** SignalR wraps a HubException's text ("... HubException: <text>"); people should read only the text. */
function hubErrorText(error: unknown): string {
  const raw = describeHubError(error);
  const marker = 'HubException:';
  const at = raw.lastIndexOf(marker);
  return at >= 0 ? raw.slice(at + marker.length).trim() : browserTexts().common.somethingWentWrong;
}

/** Newest history wins; live messages it does not hold yet, and unanswered pending ones, stay after it. */
function mergeHistory(history: TicketMessage[], current: ChatLine[]): ChatLine[] {
  const known = new Set(history.map((message) => message.id));
  const extra = current.filter((line) => line.pending || line.failed || !known.has(line.id));
  return [...history, ...extra];
}

/**
 * One support ticket's conversation, for either side: the history from ticket-history, then /supporthub
 * (JoinChat on connect and after every reconnect, with the history read again once joined: messages sent before
 * the join took effect, while connecting or disconnected, are not pushed). The other side's messages are marked
 * read while the chat is open.
 */
export function useTicketChat(options: TicketChatOptions): TicketChat {
  const texts = useTexts();
  const { ticketId, isUser } = options;
  const [lines, setLines] = useState<ChatLine[]>([]);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pendingIds = useRef(0);
  const loads = useRef(0);
  // The latest callbacks, so the hub handlers never go stale.
  const callbacks = useRef(options);
  callbacks.current = options;

  const loadHistory = useCallback(async () => {
    if (ticketId === null) return;
    const load = ++loads.current;
    try {
      const history = await fetchTicketHistory(ticketId);
      if (load !== loads.current) return;
      setLines((current) => mergeHistory(history, current));
      setLoadError(null);
      void markTicketRead(ticketId, isUser).then(() => callbacks.current.onRead?.());
    } catch (failure) {
      if (load !== loads.current) return;
      setLoadError(failure instanceof Error ? failure.message : texts.chat.loadFailed);
    } finally {
      if (load === loads.current) setLoading(false);
    }
  }, [ticketId, isUser, texts]);

  useEffect(() => {
    setLines([]);
    setError(null);
    setLoadError(null);
    setLoading(true);
    void loadHistory();
  }, [loadHistory]);

  /** A refusal names no message (MessageError), so every unanswered one is marked, unless `id` says which. */
  const refuse = useCallback(
    (text: string, id?: number) => {
      setError(text);
      setLines((current) =>
        current.map((line) =>
          line.pending && (id === undefined || line.id === id)
            ? { ...line, pending: false, failed: true }
            : line,
        ),
      );
      if (text === texts.support.closed) callbacks.current.onClosed?.();
    },
    [texts],
  );

  const receive = useCallback(
    (payload: unknown) => {
      if (!isTicketMessage(payload)) return;
      callbacks.current.onAnyMessage?.(payload);
      if (Number(payload.ticketId) !== ticketId) return;
      const mine = payload.sentByUser === isUser;
      setLines((current) => {
        if (current.some((line) => line.id === payload.id && !line.pending)) return current;
        if (mine) {
          const echoOf = current.findIndex((line) => line.pending && line.content === payload.content);
          if (echoOf >= 0) return current.map((line, index) => (index === echoOf ? payload : line));
        }
        return [...current, payload];
      });
      if (!mine && ticketId !== null)
        void markTicketRead(ticketId, isUser).then(() => callbacks.current.onRead?.());
    },
    [ticketId, isUser],
  );

  // Which ticket was joined on which connection: staff switch tickets on one connection.
  const joined = useRef<{ connection: HubLike | null; ticketId: number | null }>({
    connection: null,
    ticketId: null,
  });
  const joinNow = useCallback(
    (connection: HubLike) => {
      joined.current = { connection, ticketId };
      if (ticketId === null) return;
      invokeHub(connection, 'support', HUB_METHODS.support.joinChat, ticketId).then(
        () => {
          setError(null);
          // A message sent after the history was read and before the join took effect reached neither: it is
          // read again now that every later one is pushed.
          void loadHistory();
        },
        (failure: unknown) => setError(hubErrorText(failure)),
      );
    },
    [ticketId, loadHistory],
  );

  const hub = useHub('support', {
    enabled: ticketId !== null || options.stayConnected === true,
    handlers: {
      [HUB_EVENTS.receiveMessage]: receive,
      [HUB_EVENTS.messageError]: (text) => {
        if (typeof text === 'string' && text) refuse(text);
      },
      [SUPPORT_HUB_EVENTS.ticketChanged]: (ticket) => {
        if (ticket && typeof ticket.id === 'number') callbacks.current.onTicketChanged?.(ticket);
      },
    },
    // Joining reads the history again: messages sent while disconnected are not replayed.
    onConnected: (connection) => joinNow(connection),
  });

  const { connection, state: hubState } = hub;
  useEffect(() => {
    if (hubState !== 'connected' || !connection) return;
    if (joined.current.connection !== connection || joined.current.ticketId !== ticketId) joinNow(connection);
  }, [connection, hubState, ticketId, joinNow]);

  const send = useCallback(
    (text: string) => {
      const content = text.trim();
      if (!content || ticketId === null || !connection || hubState !== 'connected') return false;
      pendingIds.current -= 1;
      const pending: ChatLine = {
        id: pendingIds.current,
        content,
        createdAt: new Date().toISOString(),
        sentByUser: isUser,
        isNew: false,
        ticketId,
        senderName: '',
        pending: true,
      };
      setError(null);
      setLines((current) => [...current, pending]);
      invokeHub(connection, 'support', HUB_METHODS.support.sendMessage, {
        TicketId: ticketId,
        isUser,
        Message: content,
      }).then(
        (stored: unknown) => {
          // The stored message comes back with the completion too; whichever of it and the echo is first wins.
          if (!isTicketMessage(stored)) return;
          setLines((current) => {
            const echoed = current.some((line) => line.id === stored.id);
            return echoed
              ? current.filter((line) => line.id !== pending.id)
              : current.map((line) => (line.id === pending.id ? { ...stored, isNew: false } : line));
          });
        },
        (failure: unknown) => refuse(hubErrorText(failure), pending.id),
      );
      return true;
    },
    [connection, hubState, ticketId, isUser, refuse],
  );

  const { retry: reconnect } = hub;
  const retry = useCallback(() => {
    setLoading(true);
    void loadHistory();
    if (hubState === 'disconnected') reconnect();
  }, [hubState, reconnect, loadHistory]);

  return { lines, loading, loadError, error, hubState, send, retry };
}
