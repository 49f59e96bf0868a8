import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { AsYouType } from 'libphonenumber-js/min';
import {
  REGISTRATION_REDIRECT_MS,
  ROUTES,
  SUGGESTION_LIMIT,
  installationCountryCode,
} from '@rummage/contract';
import type { CountryCode } from 'libphonenumber-js/min';
import { ApiError } from '../../shared/api/client';
import { saveLocation } from '../../shared/session/storage';
import { Banner } from '../../shared/ui/Banner';
import { FieldError, TextField } from '../../shared/ui/TextField';
import { useDocumentTitle } from '../../shared/ui/useDocumentTitle';
import { LocationField, type ChosenLocation } from '../location';
import { AccountCard, AccountTabs } from './AccountTabs';
import { register } from './api';
import { Captcha, UNVERIFIED, type CaptchaResult } from './Captcha';
import { toFieldErrors, validateRegistration, type RegisterErrors, type RegisterField } from './registerForm';
import { useTexts } from '../../shared/i18n/useTexts';

/** Formats as the person types (in the installation's country), but never while deleting (re-adding a ")" would trap the backspace). */
function formatPhone(next: string, previous: string): string {
  if (next.length <= previous.length) return next;
  const formatted = new AsYouType(installationCountryCode() as CountryCode).input(next);
  // Formatting never loses what was typed or pasted: text it cannot read stays as it is, for the check to explain.
  const digits = (text: string) => text.replace(/\D/g, '');
  return formatted !== '' && digits(formatted) === digits(next) ? formatted : next;
}

/** /register: the account form with per-field docs/product.md §5 messages, then "Registration successful!" and /login. */
export default function RegisterPage() {
  const texts = useTexts();
  useDocumentTitle(texts.titles.register);
  const navigate = useNavigate();
  const [userName, setUserName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [phone, setPhone] = useState('');
  const [location, setLocation] = useState<ChosenLocation | null>(null);
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [captcha, setCaptcha] = useState<CaptchaResult>(UNVERIFIED);
  // A captcha answer is single-use; a new key remounts the widget for a fresh one after a failed attempt.
  const [captchaKey, setCaptchaKey] = useState(0);
  const [errors, setErrors] = useState<RegisterErrors>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [registered, setRegistered] = useState(false);

  useEffect(() => {
    if (!registered) return;
    const timer = window.setTimeout(() => navigate(ROUTES.login), REGISTRATION_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [registered, navigate]);

  const clearError = useCallback((field: RegisterField) => {
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }, []);

  const handleCaptcha = useCallback(
    (result: CaptchaResult) => {
      setCaptcha(result);
      if (result.verified) clearError('captcha');
    },
    [clearError],
  );

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting || registered) return;
    setBanner(null);
    const checked = validateRegistration(
      {
        userName,
        email,
        password,
        phone,
        location,
        acceptTerms,
        captcha,
      },
      texts,
    );
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await register(checked.payload);
      // The city chosen here is where the newcomer looks for things too: it becomes the saved location.
      if (location) saveLocation(location.address, location.latitude, location.longitude);
      setRegistered(true);
    } catch (caught) {
      const error = caught instanceof ApiError ? caught : null;
      setBanner(error?.message || texts.register.failed);
      setErrors(toFieldErrors(error?.fieldErrors ?? {}));
      setCaptcha(UNVERIFIED);
      setCaptchaKey((key) => key + 1);
    } finally {
      setSubmitting(false);
    }
  }

  const locked = submitting || registered;

  return (
    <AccountCard>
      <AccountTabs />
      <h1 className="sr-only">{texts.register.heading}</h1>
      <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4" aria-busy={submitting}>
        {banner && <Banner onDismiss={() => setBanner(null)}>{banner}</Banner>}
        {registered && <Banner tone="success">{texts.register.success}</Banner>}
        <TextField
          id="register-username"
          name="username"
          label={texts.login.username}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={userName}
          onChange={(event) => {
            setUserName(event.target.value);
            clearError('userName');
          }}
          error={errors.userName}
          disabled={locked}
        />
        <TextField
          id="register-email"
          name="email"
          type="email"
          label={texts.register.email}
          autoComplete="email"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            clearError('email');
          }}
          error={errors.email}
          disabled={locked}
        />
        <TextField
          id="register-password"
          name="password"
          type="password"
          label={texts.login.password}
          autoComplete="new-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            clearError('password');
          }}
          error={errors.password}
          disabled={locked}
        />
        <TextField
          id="register-phone"
          name="phone"
          type="tel"
          inputMode="tel"
          label={texts.register.phone}
          autoComplete="tel-national"
          value={phone}
          onChange={(event) => {
            setPhone(formatPhone(event.target.value, phone));
            clearError('phoneNumber');
          }}
          error={errors.phoneNumber}
          disabled={locked}
        />
        <div>
          <LocationField
            id="register-location"
            label={texts.register.location}
            placeholder={texts.location.cityPlaceholder}
            limit={SUGGESTION_LIMIT.registration}
            value={location}
            onChange={(next) => {
              setLocation(next);
              if (next) clearError('location');
            }}
            invalid={Boolean(errors.location)}
            describedBy={errors.location ? 'register-location-error' : undefined}
            disabled={locked}
          />
          <FieldError id="register-location-error" message={errors.location} />
        </div>
        <div>
          <Captcha key={captchaKey} onChange={handleCaptcha} describedBy="register-captcha-error" />
          <FieldError id="register-captcha-error" message={errors.captcha} />
        </div>
        <div>
          <div className="flex items-start gap-3">
            <input
              id="register-terms"
              type="checkbox"
              checked={acceptTerms}
              onChange={(event) => {
                setAcceptTerms(event.target.checked);
                clearError('acceptTerms');
              }}
              aria-invalid={errors.acceptTerms ? true : undefined}
              aria-describedby={errors.acceptTerms ? 'register-terms-error' : undefined}
              disabled={locked}
              className="mt-0.5 h-5 w-5 shrink-0 accent-brand"
            />
            <label htmlFor="register-terms" className="text-sm text-stone-800">
              {texts.register.termsBefore}
              <Link to={ROUTES.terms} className="font-semibold text-brand-700 underline underline-offset-2">
                {texts.register.termsLink}
              </Link>
            </label>
          </div>
          <FieldError id="register-terms-error" message={errors.acceptTerms} />
        </div>
        <button type="submit" className="btn btn-primary mt-2 w-full" disabled={locked}>
          {submitting ? texts.register.submitting : texts.register.submit}
        </button>
      </form>
    </AccountCard>
  );
}
