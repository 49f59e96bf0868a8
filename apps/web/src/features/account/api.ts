import {
  API,
  type LoginRequest,
  type LoginResponse,
  type MessageBody,
  type RegisterRequest,
  type RegisterResponse,
} from '@rummage/contract';
import { apiFetch } from '../../shared/api/client';
import { browserTexts } from '../../shared/i18n/i18n';

/** The login answer as it arrives; the page checks token and id itself (docs/product.md §8 "success without token or id"). */
export type LoginAnswer =
  { message?: string; data?: Partial<LoginResponse['data']> | null } | null | undefined;

export function login(body: LoginRequest): Promise<LoginAnswer> {
  return apiFetch<LoginAnswer>(API.account.login, {
    method: 'POST',
    body,
    fallbackMessage: browserTexts().login.failed,
  });
}

export function register(body: RegisterRequest): Promise<RegisterResponse> {
  return apiFetch<RegisterResponse>(API.account.register, {
    method: 'POST',
    body,
    fallbackMessage: browserTexts().register.failed,
  });
}

export function requestPasswordReset(email: string): Promise<MessageBody> {
  return apiFetch<MessageBody>(API.account.sendPasswordResetLink, {
    method: 'POST',
    body: { email },
    fallbackMessage: browserTexts().passwordReset.failed,
  });
}

export function resetPassword(token: string, password: string): Promise<MessageBody> {
  return apiFetch<MessageBody>(API.account.resetPassword, {
    method: 'POST',
    body: { token, password },
    fallbackMessage: browserTexts().passwordReset.failed,
  });
}

/** POST /api/Account/verify-email { token }: the server's message (verified, or already verified). */
export function verifyEmail(token: string): Promise<MessageBody> {
  return apiFetch<MessageBody>(API.account.verifyEmail, { method: 'POST', body: { token } });
}
