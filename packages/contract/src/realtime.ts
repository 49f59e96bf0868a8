// Constants only: the browser's shell imports these, and the payload schemas (realtime-events.ts) would bring zod
// into every page with them. Types from the schemas are free: they leave nothing in the build.
import type { SupportHubMessage } from './schemas/support.js';

/**
 * Real-time hub names (docs/product.md §7). Method names are what clients invoke; event names are what the server pushes.
 * The official client lower-cases event names when matching, so either case reaches `connection.on(...)`.
 */
export const HUB_METHODS = {
  general: { join: 'Join' },
  chat: { joinChat: 'JoinChat', leaveChat: 'LeaveChat', sendMessage: 'SendMessage' },
  support: { joinChat: 'JoinChat', leaveChat: 'LeaveChat', sendMessage: 'SendMessage' },
} as const;

/**
 * The arguments of each hub method, in order: what the web app sends, and the arity of the server's handlers,
 * which read each argument as unknown (a client may send anything) and check it.
 */
export interface HubMethodArguments {
  general: {
    /** isSupport: what the SPEC's client sends (always false); both unread counts come back either way. */
    [HUB_METHODS.general.join]: [isSupport: boolean];
  };
  chat: {
    [HUB_METHODS.chat.joinChat]: [receiverId: number, productId: number];
    [HUB_METHODS.chat.leaveChat]: [receiverId: number, productId: number];
    /** The SPEC's four arguments, and the page's own id for its pending copy, echoed in ReceiveMessage. */
    [HUB_METHODS.chat.sendMessage]: [
      receiverId: number,
      message: string,
      productId: number,
      timestamp: string,
      clientMessageId?: string,
    ];
  };
  support: {
    [HUB_METHODS.support.joinChat]: [ticketId: number];
    [HUB_METHODS.support.leaveChat]: [ticketId: number];
    [HUB_METHODS.support.sendMessage]: [message: SupportHubMessage];
  };
}
export type HubMethodName<H extends keyof HubMethodArguments> = keyof HubMethodArguments[H] & string;

export const HUB_EVENTS = {
  /** general hub: number of chats with unread messages. */
  unreadMessagesCount: 'receiveunreadmessagescount',
  /** general hub: number of unread support answers. */
  unreadSupportMessagesCount: 'receiveunreadsupportmessagescount',
  /** general hub: number of unread notifications (the bell). */
  notificationsCount: 'receivenotificationscount',
  /** general hub: one of the person's chats changed (new message, read, deleted): the inbox reloads. */
  chatActivity: 'ChatActivity',
  /** chat hub: a ChatMessage (contract `chatMessageSchema`), sent to the connections that joined that chat. */
  receiveMessage: 'ReceiveMessage',
  /**
   * chat hub: an offer made, answered, withdrawn or expired in that chat (contract `offerSchema`,
   * docs/product.md §18), sent to the connections that joined it.
   */
  receiveOffer: 'receiveoffer',
  /**
   * chat hub: what the two agreed may have changed (docs/product.md §18, §19): the listing was held for this chat's
   * buyer or let go, or sold to them in a deal or that deal called off. Sent to the connections that joined that
   * chat; the page reads the chat's header again.
   */
  agreementChanged: 'AgreementChanged',
  /** chat and support hubs: a readable refusal text for the caller's SendMessage. */
  messageError: 'MessageError',
} as const;

/** SignalR server keep-alive and timeouts (docs/realtime.md#keep-alive-and-timeouts). */
export const HUB_TIMING = {
  keepAliveMs: 15_000,
  clientTimeoutMs: 30_000,
  handshakeTimeoutMs: 15_000,
  maxMessageBytes: 32 * 1024,
} as const;
