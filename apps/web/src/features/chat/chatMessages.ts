import { OFFER_STATUSES, type OfferInChat, type OfferStatus } from '@rummage/contract';

/**
 * The chat screen's list of messages (docs/product.md §3 "local" shape, §4 chat states) as pure functions: history and
 * live messages arrive in the server's several shapes, a sent message shows at once as pending until the
 * server's echo (matched by its clientMessageId) replaces it, and nothing shows twice.
 */

export interface LocalMessage {
  /** Stable React key: "id-42" for stored messages, "local-3" for ones still on their way. */
  key: string;
  /** The server's id; null while pending. */
  id: number | null;
  fromSelf: boolean;
  text: string;
  /** ISO 8601. */
  time: string;
  userId: number;
  username: string;
  pending: boolean;
  failed: boolean;
  /** Ours while pending; on a received message, the sender's id for its pending copy (only our echo has ours). */
  clientMessageId?: string;
  /** The server's warning text about a message we received that looks like a scam (never on our own). */
  safetyWarning?: string;
  /** Ours, waiting for a staff check before it is delivered (it has no chat message id yet). */
  held?: boolean;
  /** An offer's row (docs/product.md §18): its id, amount and status now. */
  offer?: OfferInChat;
}

/** Who this chat is between and about. */
export interface ChatParties {
  selfId: number;
  otherId: number;
  productId: number;
}

export interface ChatListState {
  messages: LocalMessage[];
  /** Older messages exist on the server. */
  hasMore: boolean;
}

export const EMPTY_CHAT: ChatListState = { messages: [], hasMore: false };

function numberFrom(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return null;
}

function stringFrom(...values: unknown[]): string | null {
  for (const value of values) if (typeof value === 'string') return value;
  return null;
}

/**
 * One server message (history or live, docs/product.md §3: message, messageContent or text; userId or senderId;
 * timestamp or time) in the screen's shape, or null when it is not part of this chat: another listing,
 * someone else, or no text.
 */
export function toLocalMessage(raw: unknown, parties: ChatParties): LocalMessage | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const text = stringFrom(r.message, r.messageContent, r.text);
  const userId = numberFrom(r.userId) ?? numberFrom(r.senderId);
  if (text === null || text.trim() === '' || userId === null) return null;
  if (userId !== parties.selfId && userId !== parties.otherId) return null;
  const productId = numberFrom(r.productId);
  if (productId !== null && productId !== parties.productId) return null;
  const receiverId = numberFrom(r.receiverId);
  const expectedReceiver = userId === parties.selfId ? parties.otherId : parties.selfId;
  if (receiverId !== null && receiverId !== expectedReceiver) return null;
  const id = numberFrom(r.id);
  const time = stringFrom(r.timestamp, r.time) ?? new Date().toISOString();
  const clientMessageId = stringFrom(r.clientMessageId);
  const warning = r.safetyWarning as { text?: unknown } | null | undefined;
  const safetyWarning = userId !== parties.selfId ? stringFrom(warning?.text) : null;
  // A held message's id is the held entry's, not a chat message's: it must not collide with one.
  const held = r.held === true && userId === parties.selfId;
  const offer = offerFrom(r.offer);
  return {
    key: held ? `held-${String(id)}` : id !== null ? `id-${id}` : `srv-${userId}-${time}-${text.length}`,
    id: held ? null : id,
    fromSelf: userId === parties.selfId,
    text,
    time,
    userId,
    username: stringFrom(r.userName, r.username) ?? '',
    pending: false,
    failed: false,
    ...(clientMessageId !== null && { clientMessageId }),
    ...(safetyWarning !== null && { safetyWarning }),
    ...(held && { held }),
    ...(offer !== null && { offer }),
  };
}

/** A row's `offer` when it is one (null on plain messages). */
function offerFrom(raw: unknown): OfferInChat | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const id = numberFrom(r.id);
  const amount = numberFrom(r.amount);
  const status = OFFER_STATUSES.find((known) => known === r.status);
  return id === null || amount === null || status === undefined ? null : { id, amount, status };
}

function sameInstant(a: string, b: string): boolean {
  const ta = Date.parse(a);
  const tb = Date.parse(b);
  return Number.isNaN(ta) || Number.isNaN(tb) ? a === b : ta === tb;
}

function isLocal(message: LocalMessage): boolean {
  return message.id === null && (message.pending || message.failed);
}

/** Stored messages in the server's order (ids grow), then the ones still on their way, in sending order. */
function ordered(messages: LocalMessage[]): LocalMessage[] {
  const stored = messages.filter((message) => !isLocal(message));
  const local = messages.filter(isLocal);
  stored.sort((a, b) =>
    a.id !== null && b.id !== null ? a.id - b.id : Date.parse(a.time) - Date.parse(b.time),
  );
  return [...stored, ...local];
}

/** Our pending (or failed) copy of a stored message of ours, or -1. */
function localCopyOf(messages: LocalMessage[], message: LocalMessage, fromHistory: boolean): number {
  if (!message.fromSelf) return -1;
  if (message.clientMessageId !== undefined) {
    return messages.findIndex(
      (existing) => isLocal(existing) && existing.clientMessageId === message.clientMessageId,
    );
  }
  // History carries no clientMessageId: a reload after a reconnect settles the oldest copy with that text.
  return fromHistory
    ? messages.findIndex((existing) => isLocal(existing) && existing.text === message.text)
    : -1;
}

/**
 * Adds stored messages: one already there (same id, or, lacking an id, same text, author and time) is ignored; a live echo
 * replaces the pending (or failed) copy with the same clientMessageId, never a copy that merely has its text.
 */
export function mergeStored(
  messages: LocalMessage[],
  incoming: LocalMessage[],
  fromHistory = false,
): LocalMessage[] {
  const next = [...messages];
  for (const message of incoming) {
    // Staff delivered one of our held messages: the stored message takes the held copy's place.
    const release = message.held
      ? -1
      : next.findIndex(
          (existing) =>
            existing.held &&
            existing.userId === message.userId &&
            existing.text === message.text &&
            sameInstant(existing.time, message.time),
        );
    if (release >= 0) {
      next.splice(release, 1, message);
      continue;
    }
    const echoOf = localCopyOf(next, message, fromHistory);
    const duplicate = next.some(
      (existing) =>
        !isLocal(existing) &&
        ((message.id !== null && existing.id === message.id) ||
          // Without an id on either side, text, author and time are all there is to compare.
          ((message.id === null || existing.id === null) &&
            existing.userId === message.userId &&
            existing.text === message.text &&
            sameInstant(existing.time, message.time))),
    );
    // An echo of a message a history page already showed still retires our pending copy.
    if (duplicate) {
      if (echoOf >= 0) next.splice(echoOf, 1);
      // An offer's row read again carries its status now.
      const shown = message.offer ? next.findIndex((existing) => existing.id === message.id) : -1;
      if (shown >= 0) next[shown] = { ...next[shown]!, offer: message.offer };
      continue;
    }
    if (echoOf >= 0) next.splice(echoOf, 1, message);
    else next.push(message);
  }
  return ordered(next);
}

export type ChatAction =
  /** A page of history: the newest one on open or after a reconnect, or an older one. */
  | { type: 'history'; messages: LocalMessage[]; hasMore?: boolean }
  | { type: 'received'; message: LocalMessage }
  | { type: 'sent'; message: LocalMessage }
  /** A send was refused: the given message, or else the oldest one still pending. */
  | { type: 'failed'; key?: string }
  /** An offer shown in the chat changed (receiveoffer, or the answer to the reader's own action). */
  | { type: 'offer'; offer: { id: number; amount: number; status: OfferStatus } };

export function chatReducer(state: ChatListState, action: ChatAction): ChatListState {
  switch (action.type) {
    case 'history':
      return {
        messages: mergeStored(state.messages, action.messages, true),
        hasMore: action.hasMore ?? state.hasMore,
      };
    case 'received':
      return { ...state, messages: mergeStored(state.messages, [action.message]) };
    case 'sent':
      return { ...state, messages: [...state.messages, action.message] };
    case 'offer': {
      const { id, amount, status } = action.offer;
      if (!state.messages.some((message) => message.offer?.id === id)) return state;
      return {
        ...state,
        messages: state.messages.map((message) =>
          message.offer?.id === id ? { ...message, offer: { id, amount, status } } : message,
        ),
      };
    }
    case 'failed': {
      const index = state.messages.findIndex((message) =>
        action.key ? message.key === action.key && message.pending : message.pending,
      );
      if (index < 0) return state;
      const messages = [...state.messages];
      messages[index] = { ...messages[index]!, pending: false, failed: true };
      return { ...state, messages };
    }
  }
}

/** Whether an offer already has its row on screen (else the history holds a new one). */
export function showsOffer(messages: LocalMessage[], offerId: number): boolean {
  return messages.some((message) => message.offer?.id === offerId);
}

/** The oldest stored id, for asking the server for the page before it. */
export function oldestStoredId(messages: LocalMessage[]): number | null {
  for (const message of messages) if (message.id !== null) return message.id;
  return null;
}

/** The newest stored message's id (pending sends have none), or null when none is shown. */
export function newestStoredId(messages: LocalMessage[]): number | null {
  for (let index = messages.length - 1; index >= 0; index--) {
    const id = messages[index]!.id;
    if (id !== null) return id;
  }
  return null;
}

/** SignalR wraps a hub refusal as "... HubException: <text>"; the text after it is the readable part. */
export function hubErrorText(error: unknown): string | null {
  const text = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const match = /HubException:\s*(.+)$/s.exec(text);
  return match?.[1]?.trim() || null;
}
