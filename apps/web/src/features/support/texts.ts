/** Support texts the SPEC does not quote. */
export const SUPPORT_TEXT = {
  title: 'Support - {product}',
  issueLabel: 'issue',
  issuePlaceholder: 'choose an issue',
  descriptionLabel: 'description',
  descriptionPlaceholder: 'tell us what happened',
  dateLabel: 'date',
  thrifterLabel: 'thrifter',
  conversation: 'Support conversation',
  messages: 'Support messages',
  messageLabel: 'Message',
  noMessages: 'No messages yet.',
  sending: 'sending…',
  notSent: 'not sent',
  connecting: 'Connecting to support…',
  disconnected: 'The connection to support was lost.',
  reconnect: 'Reconnect',
  retry: 'Try again',
} as const;

/** docs/product.md §2 Support: the issue options, value → label (labels in messages.support.issues). */
export { SUPPORT_SUBJECTS as SUPPORT_ISSUES } from '@rummage/contract';
