import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { API, HUB_EVENTS, HUB_METHODS, type UnreadCounts } from '@rummage/contract';
import { apiFetch } from '../api/client';
import { useSession } from '../session/SessionContext';
import { ChatActivityContext } from './ChatActivityContext';
import { describeHubError, type HubLike } from './hubClient';
import { invokeHub } from './hubEvents';
import { NotificationsCountContext, type NotificationsCount } from './NotificationsCountContext';
import { NO_UNREAD, UnreadCountsContext } from './UnreadCountsContext';
import { useHub } from './useHub';

/** Counts belong to the token they were fetched with, so a logout or a new login never shows old numbers. */
interface OwnedCounts extends UnreadCounts {
  token: string | null;
}

/** The shell is in every page's bundle, so numbers are checked by hand rather than with the zod schema. */
function asCount(value: unknown): number | null {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? Math.floor(n) : null;
}

/**
 * The general hub (docs/product.md §7): while a session token exists it joins with Join(false) and keeps the unread
 * message and support counts the server pushes. GET unread-count gives the first numbers and fills any gap
 * after a reconnect, since pushes sent while disconnected are lost. ChatActivity pushes are counted for the
 * inbox (useChatActivity), which reloads on each without joining any chat. The bell's number
 * (receivenotificationscount, docs/product.md §10) comes with every Join and each change.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const token = useSession().session?.authToken ?? null;
  const [owned, setOwned] = useState<OwnedCounts>({ token: null, ...NO_UNREAD });
  // A push newer than a pending GET wins over the GET's answer.
  const pushes = useRef(0);
  const [chatActivity, setChatActivity] = useState(0);
  // Belongs to a token too. No GET: the server sends the number on every Join, and Join follows each reconnect.
  const [notifications, setNotifications] = useState({ token: null as string | null, unread: 0 });
  const [notificationPushes, setNotificationPushes] = useState(0);

  const update = useCallback(
    (patch: Partial<UnreadCounts>) =>
      setOwned((previous) => {
        const base = previous.token === token ? previous : { token, ...NO_UNREAD };
        return { ...base, ...patch };
      }),
    [token],
  );

  const refresh = useCallback(async () => {
    if (!token) return;
    const pushesBefore = pushes.current;
    try {
      const body = await apiFetch<{ data?: Partial<Record<keyof UnreadCounts, unknown>> }>(
        API.message.unreadCount,
      );
      const messages = asCount(body?.data?.messages);
      const support = asCount(body?.data?.support);
      if (pushes.current !== pushesBefore) return;
      update({ ...(messages !== null && { messages }), ...(support !== null && { support }) });
    } catch (error) {
      console.warn(`Unread counts could not be loaded (${describeHubError(error)})`);
    }
  }, [token, update]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const onPushed = (key: keyof UnreadCounts) => (value: unknown) => {
    const count = asCount(value);
    if (count === null) return;
    pushes.current += 1;
    update({ [key]: count });
  };

  useHub('general', {
    enabled: token !== null,
    handlers: {
      [HUB_EVENTS.unreadMessagesCount]: onPushed('messages'),
      [HUB_EVENTS.unreadSupportMessagesCount]: onPushed('support'),
      [HUB_EVENTS.chatActivity]: () => setChatActivity((count) => count + 1),
      [HUB_EVENTS.notificationsCount]: (value: unknown) => {
        const unread = asCount(value);
        if (unread === null) return;
        setNotifications({ token, unread });
        setNotificationPushes((count) => count + 1);
      },
    },
    onConnected: (connection: HubLike, reconnected: boolean) => {
      invokeHub(connection, 'general', HUB_METHODS.general.join, false).catch((error: unknown) =>
        console.warn(`Join failed (${describeHubError(error)})`),
      );
      if (reconnected) {
        void refresh();
        // Chats may have changed while the connection was down, their pushes lost: an open inbox reads its list again.
        setChatActivity((count) => count + 1);
      }
    },
  });

  const value = useMemo<UnreadCounts>(
    () =>
      token !== null && owned.token === token
        ? { messages: owned.messages, support: owned.support }
        : NO_UNREAD,
    [token, owned],
  );
  const notificationsValue = useMemo<NotificationsCount>(
    () => ({
      unread: token !== null && notifications.token === token ? notifications.unread : 0,
      pushes: notificationPushes,
      report: (unread: number) => {
        const count = asCount(unread);
        if (token !== null && count !== null) setNotifications({ token, unread: count });
      },
    }),
    [token, notifications, notificationPushes],
  );
  return (
    <UnreadCountsContext.Provider value={value}>
      <NotificationsCountContext.Provider value={notificationsValue}>
        <ChatActivityContext.Provider value={chatActivity}>{children}</ChatActivityContext.Provider>
      </NotificationsCountContext.Provider>
    </UnreadCountsContext.Provider>
  );
}
