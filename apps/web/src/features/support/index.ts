/** What the staff console uses of support: the ticket conversation, its live chat and relative times. */
export { TicketConversation } from './TicketConversation';
export { timeAgo, useRelativeNow } from './time';
export { useTicketChat, type TicketChat } from './useTicketChat';
