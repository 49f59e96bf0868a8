import type { SupportTicket, TicketMessage } from '@rummage/contract';

/**
 * What the support service tells the rest of the app after a change is committed. The hubs implement it
 * (realtime/hubs/support.hub.ts) to push to open pages; the service neither knows nor waits for who listens.
 */
export interface SupportNotifier {
  /** A message was stored: the ticket's owner and every staff member should see it live. */
  messageSent(message: TicketMessage, ticket: { id: number; userId: number }): Promise<void> | void;
  /** A ticket was opened, closed or reopened (staff queues and the owner's page refresh). */
  ticketChanged(ticket: SupportTicket): Promise<void> | void;
  /** Unread support counts may have changed for these people, and for every staff member when `staff` is set. */
  unreadChanged(change: { userIds: number[]; staff: boolean }): Promise<void> | void;
}

/** For apps without hubs (and tests of the REST API alone): nobody is told. */
export const noopSupportNotifier: SupportNotifier = {
  messageSent() {},
  ticketChanged() {},
  unreadChanged() {},
};
