import { HUB_EVENTS } from '@rummage/contract';
import type { ChatNotifier } from '../../modules/message/chat-notifier.js';
import type { HubContext } from '../hub.js';
import type { UnreadCountsProvider } from './general.hub.js';

interface Log {
  warn(object: object, message: string): void;
}

/**
 * Pushes chat events through the hubs: ReceiveMessage on /chathub to both people (every chat connection they
 * have; the page keeps the ones for the chat it shows), and the unread-chat count on /generalhub.
 * `getHub` answers undefined for a hub this server does not have; that push is skipped.
 */
export function createHubChatNotifier(
  getHub: (name: 'general' | 'chat') => HubContext | undefined,
  unreadCounts: UnreadCountsProvider,
  log?: Log,
): ChatNotifier {
  return {
    async messageSent(message, { senderId, receiverId }) {
      await getHub('chat')?.clients.users([senderId, receiverId]).send(HUB_EVENTS.receiveMessage, message);
    },

    async unreadChanged(userIds) {
      const general = getHub('general');
      if (!general) return;
      for (const userId of new Set(userIds)) {
        try {
          const counts = await unreadCounts(userId);
          await general.clients.user(userId).send(HUB_EVENTS.unreadMessagesCount, counts.messages);
        } catch (error) {
          // One person's badge failing must not keep the others' from updating.
          log?.warn({ err: error, userId }, 'unread message count not pushed');
        }
      }
    },
  };
}
