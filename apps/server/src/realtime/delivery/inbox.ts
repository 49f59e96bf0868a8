import { HUB_EVENTS, type ChatActivity } from '@rummage/contract';
import type { Database } from '../../db/client.js';
import type { EventBus } from '../../events/bus.js';
import { countUnreadChats } from '../../modules/message/inbox.repository.js';
import type { HubLookup } from '../hub.js';

interface Log {
  warn(object: object, message: string): void;
}

/**
 * A person's inbox and unread-chat badge, on /generalhub to every connection of that person (clients.user):
 * ChatActivity names the chat that changed from their side, so an open inbox reloads without joining any chat,
 * and receiveunreadmessagescount carries their new number of unread chats.
 */
export function deliverInboxChanges(events: EventBus, hubs: HubLookup, db: Database, log?: Log): void {
  async function tell(userId: number, activity: ChatActivity, countChanged: boolean): Promise<void> {
    const person = hubs('general').clients.user(userId);
    await person.send(HUB_EVENTS.chatActivity, activity);
    if (!countChanged) return;
    try {
      await person.send(HUB_EVENTS.unreadMessagesCount, await countUnreadChats(db, userId));
    } catch (error) {
      // One person's badge failing must not keep the other's inbox from updating.
      log?.warn({ err: error, userId }, 'unread message count not pushed');
    }
  }

  events.on('chat.messageSent', async (sent) => {
    const { productId, senderId, receiverId } = sent;
    await Promise.all([
      tell(senderId, { productId, otherUserId: receiverId }, false),
      tell(receiverId, { productId, otherUserId: senderId }, true),
    ]);
  });
  // A new offer is a new row in the chat (docs/product.md §18): unread for the side it was made to.
  events.on('offer.changed', async ({ offer }) => {
    if (offer.status !== 'pending') return;
    const to = offer.fromUserId === offer.buyerId ? offer.sellerId : offer.buyerId;
    const { productId, fromUserId } = offer;
    await Promise.all([
      tell(fromUserId, { productId, otherUserId: to }, false),
      tell(to, { productId, otherUserId: fromUserId }, true),
    ]);
  });
  for (const name of ['chat.read', 'chat.deleted'] as const) {
    events.on(name, ({ userId, productId, otherUserId }) => tell(userId, { productId, otherUserId }, true));
  }
}
