import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ROUTES, type ChatRoom } from '@rummage/contract';
import { useChatActivity } from '../../shared/realtime/ChatActivityContext';
import { useSession } from '../../shared/session/SessionContext';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { EmptyState } from '../../shared/ui/EmptyState';
import { Spinner } from '../../shared/ui/Spinner';
import { useDocumentTitle } from '../../shared/ui/useDocumentTitle';
import { useUnreadCounts } from '../../shared/realtime/useUnreadCounts';
import { chatKeys, deleteChat, fetchChatRooms, markChatRead } from './api';
import { InboxRow } from './InboxRow';
import { useTexts } from '../../shared/i18n/useTexts';

const sameRoom = (a: ChatRoom, b: ChatRoom) => a.productId === b.productId && a.otherUserId === b.otherUserId;

/**
 * /messages (docs/product.md §2, §4): one row per chat; a click marks it read and opens it, the trash icon deletes it
 * after a confirmation. A change to one of the person's chats (ChatActivity on /generalhub, or a changed unread
 * count) reloads the list, so a new chat appears without a reload of the page.
 */
export default function InboxPage() {
  const T = useTexts().inbox;
  useDocumentTitle(T.documentTitle);
  const token = useSession().session?.authToken ?? null;
  const queryClient = useQueryClient();
  const roomsKey = chatKeys.rooms(token);
  const rooms = useQuery({
    queryKey: roomsKey,
    queryFn: ({ signal }) => fetchChatRooms(signal),
    staleTime: 0,
  });
  const [pendingDelete, setPendingDelete] = useState<ChatRoom | null>(null);

  const unreadMessages = useUnreadCounts().messages;
  const activity = useChatActivity();
  const seen = useRef({ unreadMessages, activity });
  useEffect(() => {
    if (seen.current.unreadMessages === unreadMessages && seen.current.activity === activity) return;
    seen.current = { unreadMessages, activity };
    void queryClient.invalidateQueries({ queryKey: chatKeys.allRooms });
  }, [unreadMessages, activity, queryClient]);

  const updateRooms = (change: (list: ChatRoom[]) => ChatRoom[]) =>
    queryClient.setQueryData<ChatRoom[]>(roomsKey, (list) => change(list ?? []));

  function openRoom(room: ChatRoom) {
    updateRooms((list) =>
      list.map((r) => (sameRoom(r, room) ? { ...r, hasUnread: false, unreadCount: 0 } : r)),
    );
    void markChatRead(room.productId, room.otherUserId);
  }

  function confirmDelete() {
    const room = pendingDelete;
    setPendingDelete(null);
    if (!room) return;
    // The row goes at once; a failed delete is only logged (docs/product.md §8), and the next load shows the truth.
    updateRooms((list) => list.filter((r) => !sameRoom(r, room)));
    void deleteChat(room.productId, room.otherUserId);
  }

  const list = rooms.data ?? [];
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6 md:gap-6">
      {/* SPEC: the heading is a desktop element; phones keep it for screen readers only. */}
      <h1 className="sr-only text-3xl font-bold text-stone-900 md:not-sr-only">{T.heading}</h1>
      {rooms.isPending ? (
        <Spinner label={T.loading} />
      ) : list.length === 0 ? (
        <EmptyState title={T.emptyTitle} text={T.emptyText}>
          <Link to={ROUTES.marketplace} className="btn btn-primary">
            {T.goToMarketplace}
          </Link>
        </EmptyState>
      ) : (
        <ul aria-label={T.chatsLabel} className="flex flex-col gap-3">
          {list.map((room) => (
            <InboxRow
              key={`${room.productId}-${room.otherUserId}`}
              room={room}
              onOpen={() => openRoom(room)}
              onDelete={() => setPendingDelete(room)}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={pendingDelete !== null}
        title={T.deleteConfirm}
        confirmLabel={T.confirmDelete}
        cancelLabel={T.cancel}
        onConfirm={confirmDelete}
        onCancel={() => setPendingDelete(null)}
      />
    </div>
  );
}
