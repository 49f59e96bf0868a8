import { useState } from 'react';
import { ApiError } from '../../shared/api/client';
import { useFillText } from '../../shared/config/useAppConfig';
import { resendVerification } from './api';
import { useTexts } from '../../shared/i18n/useTexts';

type Answer = { tone: 'success' | 'error'; text: string };

/**
 * On your own profile while your address is unconfirmed: which address the link went to, and a button that sends
 * it again. The server's answer (sent, already verified, today's limit reached) is read out as it appears.
 */
export function VerifyEmailReminder({ email }: { email: string }) {
  const texts = useTexts();
  const V = texts.emailVerification;
  const fill = useFillText();
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<Answer | null>(null);

  async function resend() {
    if (sending) return;
    setSending(true);
    setAnswer(null);
    try {
      const body = await resendVerification();
      setAnswer({ tone: 'success', text: body?.message || fill(V.sent, { email }) });
    } catch (caught) {
      setAnswer({
        tone: 'error',
        text: caught instanceof ApiError ? caught.message : texts.common.somethingWentWrong,
      });
    } finally {
      setSending(false);
    }
  }

  return (
    <section
      aria-label={V.pageTitle}
      className="mx-4 mt-4 rounded-xl border border-accent-300 bg-accent-100 px-4 py-3 text-sm text-stone-800 md:mx-8"
    >
      <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <p className="min-w-0 break-words md:flex-1">{fill(V.reminder, { email })}</p>
        <button
          type="button"
          className="btn btn-outline shrink-0 self-start md:self-center"
          onClick={() => void resend()}
          disabled={sending}
          aria-busy={sending}
        >
          {V.resend}
        </button>
      </div>
      {/* Always in the page, so screen readers hear each answer as it appears. */}
      <div role="status" aria-live="polite">
        {answer && (
          <p
            data-tone={answer.tone}
            className={`mt-2 font-semibold ${answer.tone === 'success' ? 'text-brand-800' : 'text-red-800'}`}
          >
            {answer.text}
          </p>
        )}
      </div>
    </section>
  );
}
