import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ROUTES, firstErrorMessage, messages, passwordResetRequestSchema } from '@rummage/contract';
import { inLanguage } from '../../shared/i18n/inLanguage';
import { ApiError } from '../../shared/api/client';
import { Banner } from '../../shared/ui/Banner';
import { TextField } from '../../shared/ui/TextField';
import { useDocumentTitle } from '../../shared/ui/useDocumentTitle';
import { AccountCard } from './AccountTabs';
import { requestPasswordReset } from './api';
import { useTexts } from '../../shared/i18n/useTexts';

/** /reset-password: asks for the account email and sends a reset link (docs/product.md §2, §4, §5, §8). */
export default function PasswordResetPage() {
  const texts = useTexts();
  useDocumentTitle(texts.passwordReset.documentTitle);
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting || sent) return;
    setError(null);
    const parsed = passwordResetRequestSchema.safeParse({ email });
    if (!parsed.success) {
      setFieldError(inLanguage(texts, firstErrorMessage(parsed.error, messages.passwordReset.emailInvalid)));
      return;
    }
    setFieldError(null);
    setSubmitting(true);
    try {
      await requestPasswordReset(parsed.data.email);
      setSent(true);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : texts.passwordReset.failed);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AccountCard>
      <h1 className="mb-2 text-2xl font-bold text-stone-900">{texts.passwordReset.heading}</h1>
      <p className="mb-6 text-sm text-stone-700">{texts.passwordReset.intro}</p>
      <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4" aria-busy={submitting}>
        {error && <Banner onDismiss={() => setError(null)}>{error}</Banner>}
        {sent && <Banner tone="success">{texts.passwordReset.sent}</Banner>}
        <TextField
          id="reset-email"
          name="email"
          type="email"
          label={texts.passwordReset.emailLabel}
          autoComplete="email"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setFieldError(null);
          }}
          error={fieldError ?? undefined}
          // docs/product.md §4: after success the email and the button stay disabled.
          disabled={submitting || sent}
        />
        <button type="submit" className="btn btn-primary w-full" disabled={submitting || sent}>
          {submitting ? texts.passwordReset.sending : texts.passwordReset.requestButton}
        </button>
        <Link
          to={ROUTES.login}
          className="self-center text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          {texts.passwordReset.backToLogin}
        </Link>
      </form>
    </AccountCard>
  );
}
