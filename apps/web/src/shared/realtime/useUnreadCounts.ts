import { useContext } from 'react';
import type { UnreadCounts } from '@rummage/contract';
import { UnreadCountsContext } from './UnreadCountsContext';

/**
 * Unread counts for the header, menu, footer and profile badges: what the general hub pushes
 * (docs/product.md §7 receiveunreadmessagescount / receiveunreadsupportmessagescount) through RealtimeProvider;
 * 0 when signed out. The badges hide themselves at 0.
 */
export function useUnreadCounts(): UnreadCounts {
  return useContext(UnreadCountsContext);
}
