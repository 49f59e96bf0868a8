import { API, apiPath, type ChatRoom, type ChatThreadHeader } from '@rummage/contract';
import { apiFetch } from '../../shared/api/client';

/** Every chat query starts with this key. */
export const CHAT_QUERY_KEY = 'chat';

export const chatKeys = {
  rooms: (token: string | null) => [CHAT_QUERY_KEY, 'rooms', token] as const,
  allRooms: [CHAT_QUERY_KEY, 'rooms'] as const,
  header: (productId: number, receiverId: number) =>
    [CHAT_QUERY_KEY, 'header', productId, receiverId] as const,
};

function isRoom(value: unknown): value is ChatRoom {
  const room = value as Partial<ChatRoom> | null;
  return !!room && typeof room.otherUserId === 'number' && typeof room.productId === 'number';
}

/** docs/product.md §7: the rooms come as an array or in `data`. Rows without the two ids cannot be opened, so they go. */
export function roomsFrom(body: unknown): ChatRoom[] {
  const rows = Array.isArray(body) ? body : (body as { data?: unknown } | null)?.data;
  return Array.isArray(rows) ? rows.filter(isRoom) : [];
}

/** docs/product.md §8: a failed inbox load shows the empty inbox; the error is only logged. */
export async function fetchChatRooms(signal?: AbortSignal): Promise<ChatRoom[]> {
  try {
    return roomsFrom(await apiFetch(API.message.chatRooms, { signal }));
  } catch (error) {
    if (signal?.aborted) throw error;
    console.warn('Chats could not be loaded', error);
    return [];
  }
}

/** Marks what `senderId` wrote about `productId` as read; failure is only logged (docs/product.md §8). */
export async function markChatRead(productId: number, senderId: number): Promise<void> {
  try {
    await apiFetch(API.message.read, { method: 'POST', body: { productId, senderId } });
  } catch (error) {
    console.warn('Chat could not be marked read', error);
  }
}

/** Deletes the chat for the caller; failure is only logged (docs/product.md §8). */
export async function deleteChat(productId: number, otherUserId: number): Promise<boolean> {
  try {
    await apiFetch(apiPath(API.message.deleteChat, { productId, otherUserId }), { method: 'DELETE' });
    return true;
  } catch (error) {
    console.warn('Chat could not be deleted', error);
    return false;
  }
}

export async function fetchThreadHeader(
  productId: number,
  receiverId: number,
  signal?: AbortSignal,
): Promise<ChatThreadHeader> {
  const body = await apiFetch<{ data?: ChatThreadHeader } | ChatThreadHeader>(
    apiPath(API.message.chatThrifter, { productId, receiverId }),
    { signal },
  );
  const header = (body as { data?: ChatThreadHeader }).data ?? (body as ChatThreadHeader);
  if (!header || typeof header.userName !== 'string') throw new Error('Chat header missing');
  return header;
}

export interface HistoryPage {
  /** Raw messages, oldest first (normalised by chatMessages.ts). */
  messages: unknown[];
  hasMore: boolean;
}

export async function fetchHistory(
  productId: number,
  receiverId: number,
  before?: number,
  signal?: AbortSignal,
): Promise<HistoryPage> {
  const body = await apiFetch<unknown>(apiPath(API.message.history, { productId, receiverId }), {
    query: { before },
    signal,
  });
  const rows = Array.isArray(body) ? body : (body as { data?: unknown } | null)?.data;
  return {
    messages: Array.isArray(rows) ? rows : [],
    hasMore: (body as { hasMore?: unknown } | null)?.hasMore === true,
  };
}
