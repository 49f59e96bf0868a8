import { createContext, useContext } from 'react';
import type { CurrentUser, LoginResponse } from '@rummage/contract';
import type { StoredSession } from './storage';

export interface SessionContextValue {
  /** What browser storage holds (docs/product.md §3); null when signed out. */
  session: StoredSession | null;
  /** docs/product.md §4 loading flag: true while the token found in storage at start-up is being checked. */
  isRestoring: boolean;
  /** The signed-in account as the server sees it, once /api/Account/me has answered. */
  currentUser: CurrentUser | null;
  signIn(data: LoginResponse['data']): void;
  /**
   * Tells the server (failure ignored), then forgets the session. With `everywhere`, every session of the
   * account ends (all devices). Navigation is the caller's job.
   */
  signOut(options?: { everywhere?: boolean }): Promise<void>;
  /**
   * Asks the server again whether the stored session is alive; a 401 forgets it, so the page shows the person
   * signed out. For when something hints that the session ended elsewhere (the server closed a hub connection).
   */
  recheck(): void;
}

export const SessionContext = createContext<SessionContextValue | null>(null);

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}

/**
 * Queries whose answer belongs to the signed-in person and whose key does not name them (notifications, settings)
 * carry this meta; they are dropped whenever the person changes, so the next one never sees the last one's data.
 */
export const PERSONAL_QUERY = { personal: true } as const;
