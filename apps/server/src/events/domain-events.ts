/**
 * Every domain event the server emits, by name, with its payload. Emitted by services after their change is
 * committed (events/bus.ts). Add an event here first; the compiler then shows every emitter and subscriber.
 */
import type {
  ChatMessage,
  Deal,
  Notification,
  NotificationType,
  Offer,
  Role,
  SupportTicket,
  TicketMessage,
} from '@rummage/contract';

/** Why sessions ended; hub connections of those sessions close with the matching readable reason. */
export type SessionEndReason = 'logout' | 'logoutEverywhere' | 'passwordReset' | 'ban' | 'accountDeleted';

/** Why a reservation ended. */
export type ReservationEndReason = 'released' | 'lapsed' | 'sold';

export interface DomainEventMap {
  /** A chat message was stored. `clientMessageId` is the sender's own id for its pending copy, when it sent one. */
  'chat.messageSent': {
    /** The message as its sender reads it (never with a safety warning). */
    message: ChatMessage;
    /** The recipient's copy, when it differs: it carries the safety warning (docs/product.md §16). */
    receivedByRecipient?: ChatMessage;
    productId: number;
    buyerId: number;
    sellerId: number;
    senderId: number;
    receiverId: number;
    clientMessageId?: string;
  };
  /**
   * A chat message was held for staff instead of stored (docs/product.md §16): only the sender's own pages hear of
   * it (its `held: true` echo); nothing reaches the recipient.
   */
  'chat.messageHeld': {
    message: ChatMessage;
    productId: number;
    buyerId: number;
    sellerId: number;
    senderId: number;
    clientMessageId?: string;
  };
  /** Someone read a chat up to its newest message. */
  'chat.read': { userId: number; productId: number; otherUserId: number };
  /** Someone deleted (cleared) a chat on their side. */
  'chat.deleted': { userId: number; productId: number; otherUserId: number };
  /** A support message was stored (by the ticket's owner or by staff). */
  'support.messageSent': { message: TicketMessage; ticketId: number; ownerId: number; byStaff: boolean };
  /** A ticket's owner read it (their side), up to its newest message. */
  'support.read': { userId: number; ticketId: number };
  /** A ticket was opened, closed or reopened. */
  'support.ticketChanged': { ticket: SupportTicket };
  /** Unread support counts changed for these people, and for every staff member when `staff` is set. */
  'support.unreadChanged': { userIds: number[]; staff: boolean };
  /**
   * A listing was marked sold or available again. `buyerId`: the buyer the sale recorded a deal with, or whose
   * deal stood until the listing was available again: what the two agreed began or ended with it.
   */
  'product.soldChanged': { productId: number; sellerId: number; isSold: boolean; buyerId?: number };
  /** A new listing was stored (followers of the seller hear of it). */
  'product.listed': { productId: number; sellerId: number; title: string };
  /** Someone liked a listing they had not liked (an unlike or a repeated like is not told). */
  'product.liked': { productId: number; sellerId: number; likerId: number };
  /** The seller reserved a listing for a buyer who chats about it, until `until` (ISO time, docs/product.md §12). */
  'product.reserved': {
    productId: number;
    sellerId: number;
    buyerId: number;
    until: string;
    /** Set when accepting this offer made the hold: the offer's acceptance tells the two of it (docs/product.md §18). */
    offerId?: number;
  };
  /** A reservation ended: the seller released it, it ran out, or the listing was marked sold. */
  'product.reservationEnded': {
    productId: number;
    sellerId: number;
    buyerId: number;
    reason: ReservationEndReason;
    /** When sold with a deal: its buyer, often the one who held it (whose chat the sale itself then tells). */
    soldToId?: number;
  };
  /**
   * An offer was made, or answered by accepting, declining or countering it, or withdrawn or expired
   * (docs/product.md §18). `offer` is the one whose status changed or that was made; a counter-offer is told as
   * the answered offer (`countered`) followed by the new one (`pending`).
   */
  'offer.changed': { offer: Offer };
  /** A listing was marked sold to someone who chatted about it: a deal both sides may rate (docs/product.md §19). */
  'deal.made': { deal: Deal };
  /** A deal was called off within its rating window: by the buyer's dispute, or the seller's undoing the sale. */
  'deal.voided': { deal: Deal; by: 'seller' | 'buyer' };
  /** A deal's rating window ended: whoever had not rated by then no longer may. */
  'deal.ratingWindowEnded': { dealId: number; sellerId: number; buyerId: number };
  /** Both ratings of a deal (or the one given) became public together (docs/product.md §20). */
  'review.published': {
    dealId: number;
    title: string;
    reviews: Array<{ id: number; authorId: number; subjectId: number }>;
  };
  /** Staff removed a rating for the rule it broke; its author is told the reason. */
  'review.removed': { reviewId: number; authorId: number; subjectId: number; reason: string };
  /** Staff hid or unhid a listing. */
  'product.visibilityChanged': { productId: number; sellerId: number; hidden: boolean };
  /**
   * Sessions ended: `sessionIds` when known (logout), otherwise every session of `userId` that was live
   * (logout everywhere, password reset, ban, account deleted). Hub connections of those sessions close.
   */
  'session.ended': { userId: number; sessionIds?: number[]; reason: SessionEndReason };
  /** Staff lifted a person's ban: their listings for sale show in the feed again (docs/product.md §14). */
  'user.unbanned': { userId: number };
  /** A person's role changed (staff granted or revoked): live connections re-read what they may see. */
  'user.roleChanged': { userId: number; role: Role };
  /**
   * A notification-centre entry was created, or an unread one updated (one more message in the chat, one more like):
   * push goes out from here when the person is away. `unread` is their unread count afterwards (the bell).
   */
  'notification.created': { userId: number; notification: Notification; unread: number };
  /**
   * A person opened entries of their centre (read one by one, not "mark all read"): what they were about is seen
   * (a saved search's alert marks its search seen, docs/product.md §14).
   */
  'notification.opened': {
    userId: number;
    entries: Array<{ type: NotificationType; groupKey: string | null }>;
  };
  /** A person's unread notification count changed (entries read, or one created): the bell updates. */
  'notification.countChanged': { userId: number; unread: number };
}
