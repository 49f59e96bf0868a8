import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ROUTES, loginRequestSchema } from '@rummage/contract';
import { ApiError } from '../../shared/api/client';
import { useFillText } from '../../shared/config/useAppConfig';
import { useSession } from '../../shared/session/SessionContext';
import { clearSessionEndNotice, onSessionChanged, peekSessionEndNotice } from '../../shared/session/storage';
import { Banner } from '../../shared/ui/Banner';
import { TextField } from '../../shared/ui/TextField';
import { useDocumentTitle } from '../../shared/ui/useDocumentTitle';
import { AccountCard, AccountTabs } from './AccountTabs';
import { login } from './api';
import { useTexts } from '../../shared/i18n/useTexts';

type LoginField = 'userName' | 'password';

/** /login: username and password; idle → submitting → error banner or /user-main (docs/product.md §2, §4, §5, §8). */
export default function LoginPage() {
  const texts = useTexts();
  useDocumentTitle(texts.titles.login);
  const fill = useFillText();
  const navigate = useNavigate();
  const { signIn } = useSession();
  const [values, setValues] = useState({ userName: '', password: '' });
  const [invalid, setInvalid] = useState<ReadonlySet<LoginField>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // Arriving after the account was deleted (AccountDataSection): the page says it worked, once. The notice may
  // also come after the page: the server ends the session everywhere, and the hub closing it can bring this page
  // up before the deletion's own answer arrives, even between the page's first render and its effects (Preact runs
  // them a frame later), so the effect takes a notice that came meanwhile instead of dropping it.
  const [notice, setNotice] = useState(peekSessionEndNotice);
  useEffect(() => {
    const take = () => {
      const later = peekSessionEndNotice();
      if (!later) return;
      setNotice(later);
      clearSessionEndNotice();
    };
    take();
    return onSessionChanged(take);
  }, []);

  function update(field: LoginField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (invalid.has(field)) setInvalid((current) => new Set([...current].filter((name) => name !== field)));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const parsed = loginRequestSchema.safeParse(values);
    if (!parsed.success) {
      setInvalid(new Set(parsed.error.issues.map((issue) => issue.path[0] as LoginField)));
      setError(texts.login.fillFieldsProperly);
      return;
    }
    setInvalid(new Set());
    setError(null);
    setSubmitting(true);
    try {
      const answer = await login(parsed.data);
      const data = answer?.data;
      if (!data?.authToken || data.id === undefined || data.id === null) {
        setError(texts.login.unexpected);
        return;
      }
      signIn({
        authToken: data.authToken,
        id: data.id,
        username: data.username ?? parsed.data.userName,
        imageUrl: data.imageUrl ?? null,
        coverPhotoUrl: data.coverPhotoUrl ?? null,
      });
      navigate(ROUTES.userMain, { replace: true });
    } catch (caught) {
      setError(caught instanceof ApiError ? fill(caught.message) : texts.login.failed);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AccountCard>
      <AccountTabs />
      <h1 className="sr-only">{texts.login.heading}</h1>
      <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4" aria-busy={submitting}>
        {error && <Banner onDismiss={() => setError(null)}>{error}</Banner>}
        {notice && !error && (
          <Banner tone="success" onDismiss={() => setNotice(null)}>
            {notice}
          </Banner>
        )}
        <TextField
          id="login-username"
          name="username"
          label={texts.login.username}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={values.userName}
          onChange={(event) => update('userName', event.target.value)}
          invalid={invalid.has('userName')}
          disabled={submitting}
        />
        <TextField
          id="login-password"
          name="password"
          type="password"
          label={texts.login.password}
          autoComplete="current-password"
          value={values.password}
          onChange={(event) => update('password', event.target.value)}
          invalid={invalid.has('password')}
          disabled={submitting}
        />
        <button type="submit" className="btn btn-primary mt-2 w-full" disabled={submitting}>
          {submitting ? texts.login.submitting : texts.login.submit}
        </button>
        <Link
          to={ROUTES.resetPassword}
          className="self-center text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          {texts.login.resetPassword}
        </Link>
      </form>
    </AccountCard>
  );
}
