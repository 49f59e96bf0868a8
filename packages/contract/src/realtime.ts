/**
 * Real-time hub names (SPEC §7). Method names are what clients invoke; event names are what the server pushes.
 * The official client lower-cases event names when matching, so either case reaches `connection.on(...)`.
 */
export const HUB_METHODS = {
  general: { join: 'Join' },
  chat: { joinChat: 'JoinChat', leaveChat: 'LeaveChat', sendMessage: 'SendMessage' },
  support: { joinChat: 'JoinChat', sendMessage: 'SendMessage' },
} as const;

export const HUB_EVENTS = {
  /** general hub: number of chats with unread messages. */
  unreadMessagesCount: 'receiveunreadmessagescount',
  /** general hub: number of unread support answers. */
  unreadSupportMessagesCount: 'receiveunreadsupportmessagescount',
  /** chat hub: a ChatMessage (contract `chatMessageSchema`), sent to both sides' connections. */
  receiveMessage: 'ReceiveMessage',
  /** chat hub: a readable refusal text for the caller's SendMessage. */
  messageError: 'MessageError',
} as const;

/** SignalR server keep-alive and timeouts (notes/signalr-protocol.md §8). */
export const HUB_TIMING = {
  keepAliveMs: 15_000,
  clientTimeoutMs: 30_000,
  handshakeTimeoutMs: 15_000,
  maxMessageBytes: 32 * 1024,
} as const;
