import { HUB_EVENTS, type AgreementChanged, type ReceivedChatMessage } from '@rummage/contract';
import type { EventBus } from '../../events/bus.js';
import type { HubLookup } from '../hub.js';
import { chatGroup, chatSideGroup } from '../hubs/chat.hub.js';

/**
 * ReceiveMessage goes to the chat's group only: the connections whose page joined this chat (JoinChat), both
 * people's and the sender's own, whose echo carries its clientMessageId back. A person's other tabs, showing
 * other chats, get nothing; the inbox and badges learn of it on /generalhub (delivery/inbox.ts). A message with a
 * safety warning goes to each side's own group instead, so only the recipient's copy carries the warning.
 * receiveoffer goes to the same group on every change of an offer made in that chat, AgreementChanged when a hold
 * or a deal of the chat's buyer begins or ends.
 */
export function deliverChatMessages(events: EventBus, hubs: HubLookup): void {
  events.on('chat.messageSent', async (sent) => {
    const payload: ReceivedChatMessage = {
      ...sent.message,
      ...(sent.clientMessageId !== undefined && { clientMessageId: sent.clientMessageId }),
    };
    const clients = hubs('chat').clients;
    if (!sent.receivedByRecipient) {
      await clients.group(chatGroup(sent.productId, sent.buyerId)).send(HUB_EVENTS.receiveMessage, payload);
      return;
    }
    // A warned message: the recipient's pages read the warning, the sender's own never do.
    await Promise.all([
      clients
        .group(chatSideGroup(sent.productId, sent.buyerId, sent.senderId))
        .send(HUB_EVENTS.receiveMessage, payload),
      clients
        .group(chatSideGroup(sent.productId, sent.buyerId, sent.receiverId))
        .send(HUB_EVENTS.receiveMessage, sent.receivedByRecipient),
    ]);
  });
  // Offers (docs/product.md §18): every change reaches both people's open pages of the chat, so a bubble's
  // status and buttons follow it. An offer below the seller's lowest is never told, so never sent.
  events.on('offer.changed', async ({ offer }) => {
    await hubs('chat')
      .clients.group(chatGroup(offer.productId, offer.buyerId))
      .send(HUB_EVENTS.receiveOffer, offer);
  });
  // What the two agreed (docs/product.md §18, §19): a hold for the chat's buyer or a sale to them began or ended,
  // here or in another tab; the chat's open pages read their header again. A listing sold to nobody in a chat
  // concerns no chat in particular: a page reads it when next in view.
  const agreementChanged = async (productId: number, buyerId: number) => {
    const payload: AgreementChanged = { productId, buyerId };
    await hubs('chat')
      .clients.group(chatGroup(productId, buyerId))
      .send(HUB_EVENTS.agreementChanged, payload);
  };
  events.on('product.reserved', ({ productId, buyerId }) => agreementChanged(productId, buyerId));
  events.on('product.reservationEnded', async ({ productId, buyerId, soldToId }) => {
    // Sold to the one who held it: the sale (product.soldChanged) tells their chat, once.
    if (soldToId !== buyerId) await agreementChanged(productId, buyerId);
  });
  events.on('product.soldChanged', async ({ productId, buyerId }) => {
    if (buyerId !== undefined) await agreementChanged(productId, buyerId);
  });
  // The seller calls a deal off by marking the listing available again (told above); the buyer by a dispute.
  events.on('deal.voided', async ({ deal, by }) => {
    if (by === 'buyer') await agreementChanged(deal.productId, deal.buyerId);
  });
  // A held message: its sender's pages show it as waiting for a check; the recipient's hear nothing.
  events.on('chat.messageHeld', async (held) => {
    const payload: ReceivedChatMessage = {
      ...held.message,
      ...(held.clientMessageId !== undefined && { clientMessageId: held.clientMessageId }),
    };
    await hubs('chat')
      .clients.group(chatSideGroup(held.productId, held.buyerId, held.senderId))
      .send(HUB_EVENTS.receiveMessage, payload);
  });
}
