import { createContext } from 'react';
import type { UnreadCounts } from '@rummage/contract';

export const NO_UNREAD: UnreadCounts = Object.freeze({ messages: 0, support: 0 });

/** Live unread numbers for the badges; zeros when signed out or outside RealtimeProvider. */
export const UnreadCountsContext = createContext<UnreadCounts>(NO_UNREAD);
