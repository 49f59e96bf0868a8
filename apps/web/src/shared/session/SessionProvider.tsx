import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { API, type CurrentUser, type LoginResponse } from '@rummage/contract';
import { ApiError, apiFetch, onUnauthorized } from '../api/client';
import { followSavedLanguage } from '../i18n/language';
import { useLocale } from '../i18n/useTexts';
import { dropPushSubscription } from '../push/device';
import { SessionContext, type SessionContextValue } from './SessionContext';
import { clearSession, onSessionChanged, readSession, writeSession } from './storage';

export const ME_QUERY_KEY = 'me';
/** Logout should not hold the user up if the server is slow or gone. */
const LOGOUT_TIMEOUT_MS = 3000;

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [session, setSession] = useState(readSession);
  // Only the token found at start-up is "being restored"; a fresh login needs no check before use.
  const [startupToken] = useState(() => readSession()?.authToken ?? null);

  useEffect(() => onSessionChanged(() => setSession(readSession())), []);
  // Any authenticated call answered 401 means the stored token is dead: forget it everywhere.
  useEffect(() => onUnauthorized(() => clearSession()), []);

  const token = session?.authToken ?? null;
  useEffect(() => {
    void queryClient.resetQueries({ predicate: (query) => query.meta?.personal === true });
  }, [queryClient, token]);
  const me = useQuery({
    queryKey: [ME_QUERY_KEY, token],
    queryFn: ({ signal }) =>
      apiFetch<{ data: CurrentUser }>(API.account.me, { signal }).then((body) => body.data),
    enabled: token !== null,
    retry: false,
    staleTime: 5 * 60 * 1000,
  });

  useEffect(() => {
    // apiFetch already reports 401 through onUnauthorized; this covers a 401 answered before that listener existed.
    if (me.error instanceof ApiError && me.error.status === 401) clearSession();
  }, [me.error]);

  // A signed-in person reads the language they saved on their account, whatever this browser chose before: once
  // /me tells it (at start, and after signing in), the page loads again in it (shared/i18n/language.ts).
  const locale = useLocale();
  const savedLanguage = token ? (me.data?.language ?? null) : null;
  useEffect(() => {
    if (savedLanguage) followSavedLanguage(savedLanguage, locale);
  }, [savedLanguage, locale]);

  const signIn = useCallback((data: LoginResponse['data']) => writeSession(data), []);

  const signOut = useCallback(
    async (options: { everywhere?: boolean } = {}) => {
      if (readSession()) {
        // Before the session ends: the server only lets a signed-in person remove their subscription.
        await dropPushSubscription();
        await apiFetch(options.everywhere ? API.account.logoutEverywhere : API.account.logout, {
          method: 'POST',
          signal: AbortSignal.timeout(LOGOUT_TIMEOUT_MS),
        }).catch(() => undefined);
      }
      clearSession();
      queryClient.removeQueries({ queryKey: [ME_QUERY_KEY] });
    },
    [queryClient],
  );

  const recheck = useCallback(() => {
    if (readSession()) void queryClient.invalidateQueries({ queryKey: [ME_QUERY_KEY] });
  }, [queryClient]);

  const isRestoring = token !== null && token === startupToken && me.isPending;

  const value = useMemo<SessionContextValue>(
    () => ({ session, isRestoring, currentUser: token ? (me.data ?? null) : null, signIn, signOut, recheck }),
    [session, isRestoring, token, me.data, signIn, signOut, recheck],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
