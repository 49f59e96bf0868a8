import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { REGISTRATION_REDIRECT_MS, ROUTES, passwordSchema } from '@rummage/contract';
import { ApiError } from '../../shared/api/client';
import { Banner } from '../../shared/ui/Banner';
import { TextField } from '../../shared/ui/TextField';
import { useDocumentTitle } from '../../shared/ui/useDocumentTitle';
import { AccountCard } from './AccountTabs';
import { resetPassword } from './api';
import { useTexts } from '../../shared/i18n/useTexts';

/** /reset-password/new?token=…: the page the e-mailed link opens; sets a new password, then /login. */
export default function NewPasswordPage() {
  const texts = useTexts();
  useDocumentTitle(texts.passwordReset.newPasswordTitle);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [error, setError] = useState<string | null>(token ? null : texts.passwordReset.tokenInvalid);
  const [submitting, setSubmitting] = useState(false);
  const [changed, setChanged] = useState(false);

  useEffect(() => {
    if (!changed) return;
    // Same pause as after registration: long enough to read the confirmation, then on to log in.
    const timer = window.setTimeout(() => navigate(ROUTES.login), REGISTRATION_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [changed, navigate]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting || changed || !token) return;
    setError(null);
    const next: typeof errors = {};
    if (!passwordSchema.safeParse(password).success) next.password = texts.register.passwordRule;
    if (confirm !== password) next.confirm = texts.passwordReset.passwordsDiffer;
    setErrors(next);
    if (next.password || next.confirm) return;
    setSubmitting(true);
    try {
      await resetPassword(token, password);
      setChanged(true);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : texts.passwordReset.failed);
    } finally {
      setSubmitting(false);
    }
  }

  const locked = submitting || changed || !token;

  return (
    <AccountCard>
      <h1 className="mb-6 text-2xl font-bold text-stone-900">{texts.passwordReset.setNewPassword}</h1>
      <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4" aria-busy={submitting}>
        {error && (
          <Banner onDismiss={token ? () => setError(null) : undefined}>
            {error}{' '}
            {!token && (
              <Link to={ROUTES.resetPassword} className="font-semibold underline">
                {texts.passwordReset.requestNewLink}
              </Link>
            )}
          </Banner>
        )}
        {changed && (
          <Banner tone="success">
            {texts.passwordReset.passwordChanged}{' '}
            <Link to={ROUTES.login} className="font-semibold underline">
              {texts.passwordReset.goToLogin}
            </Link>
          </Banner>
        )}
        <TextField
          id="new-password"
          name="password"
          type="password"
          label={texts.passwordReset.newPassword}
          autoComplete="new-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setErrors((current) => ({ ...current, password: undefined }));
          }}
          error={errors.password}
          disabled={locked}
        />
        <TextField
          id="confirm-password"
          name="confirm"
          type="password"
          label={texts.passwordReset.confirmPassword}
          autoComplete="new-password"
          value={confirm}
          onChange={(event) => {
            setConfirm(event.target.value);
            setErrors((current) => ({ ...current, confirm: undefined }));
          }}
          error={errors.confirm}
          disabled={locked}
        />
        <button type="submit" className="btn btn-primary w-full" disabled={locked}>
          {submitting ? texts.passwordReset.saving : texts.passwordReset.savePassword}
        </button>
      </form>
    </AccountCard>
  );
}
