import { messages } from '@rummage/contract';

/** Notification-list texts the contract does not hold (the tab title, what screen readers hear). */
export const NOTIFICATIONS_TEXT = {
  title: `${messages.notifications.pageTitle} - {product}`,
  loading: 'Loading notifications',
  loadingMore: 'Loading older notifications',
  unread: 'Unread',
} as const;
