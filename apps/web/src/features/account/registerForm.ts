import {
  fieldErrors,
  normalizePhoneNumber,
  type Catalogue,
  registerRequestSchema,
  type RegisterRequest,
} from '@rummage/contract';
import type { ChosenLocation } from '../location';
import type { CaptchaResult } from './Captcha';
import { inLanguage } from '../../shared/i18n/inLanguage';

/** The fields the register form shows an error under. */
export type RegisterField =
  'userName' | 'email' | 'password' | 'phoneNumber' | 'location' | 'captcha' | 'acceptTerms';
export type RegisterErrors = Partial<Record<RegisterField, string>>;

export interface RegisterValues {
  userName: string;
  email: string;
  password: string;
  phone: string;
  location: ChosenLocation | null;
  acceptTerms: boolean;
  captcha: CaptchaResult;
}

/** Payload keys (and the server's `errors` keys) → the field that shows the message. */
const FIELD_FOR_KEY: Record<string, RegisterField> = {
  userName: 'userName',
  username: 'userName',
  email: 'email',
  password: 'password',
  phoneNumber: 'phoneNumber',
  latitude: 'location',
  longitude: 'location',
  address: 'location',
  location: 'location',
  captchaToken: 'captcha',
  isCaptchaVerified: 'captcha',
  captcha: 'captcha',
  acceptTerms: 'acceptTerms',
};

/** Spreads a `{ key: message }` map over the form's fields; the first message per field wins. */
export function toFieldErrors(byKey: Record<string, string>): RegisterErrors {
  const out: RegisterErrors = {};
  for (const [key, message] of Object.entries(byKey)) {
    const field = FIELD_FOR_KEY[key];
    if (field && !out[field]) out[field] = message;
  }
  return out;
}

/** The docs/product.md §7 registration payload (plus the address text, captcha token and terms acceptance). */
export function buildPayload(values: RegisterValues): Record<string, unknown> {
  return {
    userName: values.userName,
    email: values.email,
    password: values.password,
    // E.164 when the number parses, so the server stores one format; otherwise as typed, for the schema to judge.
    phoneNumber: normalizePhoneNumber(values.phone) ?? values.phone.trim(),
    latitude: values.location?.latitude,
    longitude: values.location?.longitude,
    address: values.location?.address,
    isCaptchaVerified: values.captcha.verified,
    captchaToken: values.captcha.token,
    acceptTerms: values.acceptTerms,
  };
}

/**
 * Checks the form with the contract schema, so the browser shows the server's own docs/product.md §5 messages, in
 * the language of `texts`.
 */
export function validateRegistration(
  values: RegisterValues,
  texts: Catalogue,
): { ok: true; payload: RegisterRequest } | { ok: false; errors: RegisterErrors } {
  const parsed = registerRequestSchema.safeParse(buildPayload(values));
  const errors: RegisterErrors = {};
  if (!parsed.success) {
    for (const [field, message] of Object.entries(toFieldErrors(fieldErrors(parsed.error))))
      errors[field as RegisterField] = inLanguage(texts, message);
  }
  if (!values.captcha.verified) errors.captcha = texts.register.captchaRequired;
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, payload: parsed.data };
  return { ok: false, errors };
}
