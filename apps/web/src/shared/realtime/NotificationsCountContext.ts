import { createContext, useContext } from 'react';

export interface NotificationsCount {
  /** Unread notifications, as /generalhub last pushed it (receivenotificationscount); 0 when signed out. */
  unread: number;
  /**
   * How many counts the hub pushed since sign-in. Each push means an entry was added, updated or read (the
   * number may stay the same: a second message to an unread chat updates its one entry), so an open list reloads.
   */
  pushes: number;
  /**
   * A number the server answered outside the hub (the list's `unread`, or what marking as read left), so the
   * bell drops at once instead of waiting for the push.
   */
  report(unread: number): void;
}

const NONE: NotificationsCount = Object.freeze({ unread: 0, pushes: 0, report: () => undefined });

/** The bell's number (docs/product.md §10), kept by RealtimeProvider. */
export const NotificationsCountContext = createContext<NotificationsCount>(NONE);

export function useNotificationsCount(): NotificationsCount {
  return useContext(NotificationsCountContext);
}
