/** Chat texts the SPEC does not quote. */
export const CHAT_TEXT = {
  inboxTitle: 'Messages - {product}',
  chatTitle: 'Chat - {product}',
  close: 'Close chat',
  messageLabel: 'Message',
  chatHeading: 'chat',
  noMessages: 'No messages yet. Say hello!',
} as const;
