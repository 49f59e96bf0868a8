import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { ROUTES } from '@rummage/contract';
import { ApiError } from '../../shared/api/client';
import { useSession } from '../../shared/session/SessionContext';
import { ME_QUERY_KEY } from '../../shared/session/SessionProvider';
import { Banner } from '../../shared/ui/Banner';
import { useDocumentTitle } from '../../shared/ui/useDocumentTitle';
import { followKeys } from '../follow';
import { AccountCard } from './AccountTabs';
import { verifyEmail } from './api';
import { useTexts } from '../../shared/i18n/useTexts';

type Outcome = { tone: 'success' | 'error'; text: string };

/**
 * /verify-email?token=…: the page a verification e-mail's link opens, signed in or not. It sends the token once,
 * shows the server's answer, then offers the way on: your profile when signed in, else log in.
 */
export default function VerifyEmailPage() {
  const texts = useTexts();
  const V = texts.emailVerification;
  useDocumentTitle(texts.emailVerification.documentTitle);
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const { session, isRestoring } = useSession();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome | null>(
    token ? null : { tone: 'error', text: V.tokenInvalid },
  );
  // A link works once: the token is sent once per page, even when React runs the effect twice (strict mode).
  const sentToken = useRef<string | null>(null);

  useEffect(() => {
    // Once a stored session has been checked: refreshing the current user afterwards then asks the server again
    // rather than joining a request sent before the address was verified.
    if (!token || isRestoring || sentToken.current === token) return;
    sentToken.current = token;
    setOutcome(null);
    // No cancelling on clean-up: the answer of the one request is the answer the page shows.
    verifyEmail(token).then(
      (answer) => {
        setOutcome({ tone: 'success', text: answer?.message || V.verified });
        // The badge and the reminder read these: show them fresh without a reload.
        void queryClient.invalidateQueries({ queryKey: [ME_QUERY_KEY] });
        const userId = session?.userId;
        if (userId !== undefined)
          void queryClient.invalidateQueries({ queryKey: followKeys.profile(userId) });
      },
      (caught: unknown) => {
        setOutcome({
          tone: 'error',
          text: caught instanceof ApiError ? caught.message : texts.common.somethingWentWrong,
        });
      },
    );
  }, [token, isRestoring, queryClient, session?.userId, texts, V]);

  return (
    <AccountCard>
      <h1 className="mb-6 text-2xl font-bold text-stone-900">{V.pageTitle}</h1>
      <div className="flex flex-col gap-4">
        {outcome ? (
          <Banner tone={outcome.tone}>{outcome.text}</Banner>
        ) : (
          <p role="status" className="flex items-center gap-3 text-sm text-stone-700">
            <span
              aria-hidden="true"
              className="inline-block h-5 w-5 shrink-0 animate-spin rounded-full border-3 border-brand-100 border-t-brand"
            />
            {V.checking}
          </p>
        )}
        {outcome &&
          (session ? (
            <Link to={ROUTES.userMain} className="btn btn-primary w-full">
              {V.toProfile}
            </Link>
          ) : (
            <Link to={ROUTES.login} className="btn btn-primary w-full">
              {V.toLogin}
            </Link>
          ))}
      </div>
    </AccountCard>
  );
}
