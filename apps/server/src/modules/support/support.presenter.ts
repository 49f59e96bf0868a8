import { fillText, messages, type SupportTicket, type TicketMessage } from '@rummage/contract';
import type { MessageRow, Side, TicketRow } from './support.repository.js';

export function toTicket(row: TicketRow): SupportTicket {
  return {
    id: row.id,
    title: messages.support.issues[row.subject],
    subject: row.subject,
    message: row.message,
    username: row.username,
    userId: row.userId,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * A message as one side sees it: `isNew` when it came from the other side after this side's read position.
 * User messages are signed '@username'; staff answers carry the product's support account name, never a person.
 */
export function toTicketMessage(
  row: MessageRow,
  ticket: Pick<TicketRow, 'username' | 'userLastReadId' | 'staffLastReadId'>,
  viewer: Side,
  productName: string,
): TicketMessage {
  const fromOtherSide = viewer === 'user' ? !row.sentByUser : row.sentByUser;
  const readUpTo = viewer === 'user' ? ticket.userLastReadId : ticket.staffLastReadId;
  return {
    id: row.id,
    content: row.body,
    createdAt: row.createdAt.toISOString(),
    sentByUser: row.sentByUser,
    isNew: fromOtherSide && row.id > readUpTo,
    ticketId: row.ticketId,
    senderName: row.sentByUser
      ? `@${ticket.username}`
      : fillText(messages.support.accountName, { product: productName }),
  };
}
