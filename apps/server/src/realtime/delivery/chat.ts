import { HUB_EVENTS, type ReceivedChatMessage } from '@rummage/contract';
import type { EventBus } from '../../events/bus.js';
import type { HubLookup } from '../hub.js';
import { chatGroup } from '../hubs/chat.hub.js';

/**
 * ReceiveMessage goes to the chat's group only: the connections whose page joined this chat (JoinChat), both
 * people's and the sender's own, whose echo carries its clientMessageId back. A person's other tabs, showing
 * other chats, get nothing; the inbox and badges learn of it on /generalhub (delivery/inbox.ts).
 */
export function deliverChatMessages(events: EventBus, hubs: HubLookup): void {
  events.on('chat.messageSent', async (sent) => {
    const payload: ReceivedChatMessage = {
      ...sent.message,
      ...(sent.clientMessageId !== undefined && { clientMessageId: sent.clientMessageId }),
    };
    await hubs('chat')
      .clients.group(chatGroup(sent.productId, sent.buyerId))
      .send(HUB_EVENTS.receiveMessage, payload);
  });
}
