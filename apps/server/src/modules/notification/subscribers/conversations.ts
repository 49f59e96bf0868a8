/**
 * Answers to a person become entries of their centre: every chat message for its receiver, online or not (only
 * push and e-mail depend on presence), and every staff answer on a support ticket for its owner. Reading the
 * chat or the ticket reads the entry.
 */
import { NOTIFICATION_TYPES, ROUTES, fillText, messages } from '@rummage/contract';
import type { EventBus } from '../../../events/bus.js';
import type { NotificationCentre } from '../centre.service.js';

const N = messages.notifications;

/** One unread entry per chat, seen from the receiver: the listing and the other person. */
export const chatGroupKey = (productId: number, otherUserId: number) => `chat:${productId}:${otherUserId}`;
export const supportGroupKey = (ticketId: number) => `support:${ticketId}`;

export function notifyConversations(events: EventBus, centre: NotificationCentre): void {
  events.on('chat.messageSent', async ({ message, productId, senderId, receiverId }) => {
    await centre.notify(receiverId, {
      type: NOTIFICATION_TYPES.message,
      title: fillText(N.messageTitle, { name: message.userName }),
      body: message.text,
      link: ROUTES.chat(senderId, productId),
      groupKey: chatGroupKey(productId, senderId),
      actorId: senderId,
    });
  });

  // Clearing a chat is done with it too: its entry should not stay unread in the bell.
  for (const name of ['chat.read', 'chat.deleted'] as const) {
    events.on(name, async ({ userId, productId, otherUserId }) => {
      await centre.readWhere(userId, { groupKey: chatGroupKey(productId, otherUserId) });
    });
  }

  events.on('support.messageSent', async ({ message, ticketId, ownerId, byStaff }) => {
    if (!byStaff) return;
    await centre.notify(ownerId, {
      type: NOTIFICATION_TYPES.support,
      title: N.supportTitle,
      body: message.content,
      link: ROUTES.support,
      groupKey: supportGroupKey(ticketId),
    });
  });

  events.on('support.read', async ({ userId, ticketId }) => {
    await centre.readWhere(userId, { groupKey: supportGroupKey(ticketId) });
  });
}
