/** What the staff console uses of support: the ticket conversation and its live chat. */
export { TicketConversation } from './TicketConversation';
export { useTicketChat, type TicketChat } from './useTicketChat';
