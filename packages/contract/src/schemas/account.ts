import { z } from 'zod';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import {
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH_LOGIN,
} from '../constants.js';
import { installationCountryCode, LOCALES } from '../locale.js';
import { fillText, messages } from '../messages.js';

const reg = messages.register;

export const USERNAME_PATTERN = /^[A-Za-z0-9]+$/;
/** At least 6 characters with an uppercase letter, a digit and a non-alphanumeric character (docs/product.md §5). */
export const PASSWORD_PATTERN = new RegExp(
  `^(?=.*[A-Z])(?=.*[0-9])(?=.*[^A-Za-z0-9]).{${PASSWORD_MIN_LENGTH},${PASSWORD_MAX_LENGTH}}$`,
  's',
);

/**
 * Parses a phone number as a person types it (in the installation's country unless it starts with +) into E.164, or undefined when it cannot be one.
 * "Possible" (digits and length fit the country), not "valid" (an assigned range): docs/product.md §5 asks for 10
 * characters, and a number plan check would turn away 555 numbers and ranges opened after this library's data
 * (decision 0008).
 */
export function normalizePhoneNumber(
  value: string,
  defaultCountry = installationCountryCode(),
): string | undefined {
  // extract: false, so a number is not fished out of other text ("call me 4155552671 now").
  const parsed = parsePhoneNumberFromString(value, {
    defaultCountry: defaultCountry as CountryCode,
    extract: false,
  });
  return parsed?.isPossible() ? parsed.number : undefined;
}

export const passwordSchema = z
  .string({ error: reg.passwordRule })
  .regex(PASSWORD_PATTERN, { error: reg.passwordRule });

const emailSchema = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(EMAIL_MAX_LENGTH, { error: message })
    .pipe(z.email({ error: message }));

export const registerRequestSchema = z.object({
  userName: z
    .string({ error: reg.usernameRequired })
    .trim()
    .min(1, { error: reg.usernameRequired })
    .regex(USERNAME_PATTERN, { error: reg.usernameChars })
    .max(USERNAME_MAX_LENGTH, { error: fillText(reg.usernameTooLong, { max: USERNAME_MAX_LENGTH }) }),
  email: emailSchema(reg.emailInvalid),
  password: passwordSchema,
  phoneNumber: z
    .string({ error: reg.phoneRequired })
    .trim()
    .min(1, { error: reg.phoneRequired })
    .min(PHONE_MIN_LENGTH, { error: reg.phoneInvalid })
    .max(32, { error: reg.phoneInvalid })
    .refine((value) => normalizePhoneNumber(value) !== undefined, { error: reg.phoneInvalid }),
  latitude: z.number({ error: reg.locationRequired }).finite().min(-90).max(90),
  longitude: z.number({ error: reg.locationRequired }).finite().min(-180).max(180),
  /** The chosen "City, ST" text, kept for the profile's location line. */
  address: z.string().trim().max(200).optional(),
  /** Sent by the SPEC's client; never trusted: the server verifies `captchaToken` itself. */
  isCaptchaVerified: z.boolean().optional(),
  /** The captcha widget's answer (ALTCHA payload or a provider token). */
  captchaToken: z.string().max(20_000).optional(),
  /**
   * The terms checkbox. The SPEC's client checks it in the form and does not send it, so it may be absent; a form
   * that sends it unticked (false) is refused. Either way the time of registration is kept as the consent's time
   * (decision 0003).
   */
  acceptTerms: z.literal(true, { error: reg.termsRequired }).optional(),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const registerResponseSchema = z.object({
  message: z.string(),
  data: z.object({ id: z.number().int(), username: z.string() }),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

export const loginRequestSchema = z.object({
  userName: z
    .string({ error: messages.login.fillFieldsProperly })
    .trim()
    .min(USERNAME_MIN_LENGTH_LOGIN, { error: messages.login.fillFieldsProperly })
    .max(EMAIL_MAX_LENGTH, { error: messages.login.fillFieldsProperly }),
  password: z
    .string({ error: messages.login.fillFieldsProperly })
    .min(PASSWORD_MIN_LENGTH, { error: messages.login.fillFieldsProperly })
    .max(PASSWORD_MAX_LENGTH, { error: messages.login.fillFieldsProperly }),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const passwordResetRequestSchema = z.object({
  email: emailSchema(messages.passwordReset.emailInvalid),
});
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

export const resetPasswordSchema = z.object({
  token: z
    .string({ error: messages.passwordReset.tokenInvalid })
    .min(1, { error: messages.passwordReset.tokenInvalid })
    .max(200),
  password: passwordSchema,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordSchema>;

export const verifyEmailSchema = z.object({
  token: z
    .string({ error: messages.emailVerification.tokenInvalid })
    .min(1, { error: messages.emailVerification.tokenInvalid })
    .max(200, { error: messages.emailVerification.tokenInvalid }),
});
export type VerifyEmailRequest = z.infer<typeof verifyEmailSchema>;

export const loginResponseSchema = z.object({
  message: z.string().optional(),
  data: z.object({
    authToken: z.string(),
    id: z.number().int(),
    username: z.string(),
    imageUrl: z.string().nullable(),
    coverPhotoUrl: z.string().nullable(),
  }),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const ROLES = ['user', 'staff', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const currentUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  imageUrl: z.string().nullable(),
  coverPhotoUrl: z.string().nullable(),
  role: z.enum(ROLES),
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** True once the person opened the verification link sent to this address; false again when it changes. */
  emailVerified: z.boolean(),
  /** The language the person saved (update-user-details); null while their browser's decides. */
  language: z.enum(LOCALES).nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
export const meResponseSchema = z.object({ data: currentUserSchema });
