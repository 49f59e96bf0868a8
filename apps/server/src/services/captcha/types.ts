import type { CaptchaProvider } from '@rummage/contract';

/**
 * Remembers which single-use captcha proofs have been spent. ALTCHA payloads are self-verifying
 * (HMAC-signed), so without this a solved payload could be replayed until it expires.
 */
export interface ReplayStore {
  /** Records `id` as used until `expiresAt`. Resolves false when it was already used. Must be atomic. */
  markUsed(id: string, expiresAt: Date): Promise<boolean>;
}

export interface CaptchaVerifyResult {
  ok: boolean;
  /** Short machine-readable cause, for logs and tests; never shown verbatim to users. */
  reason?: string;
}

export interface CaptchaPublicConfig {
  provider: CaptchaProvider;
  siteKey?: string;
  challengeUrl?: string;
}

export interface CaptchaVerifier {
  readonly provider: CaptchaProvider;
  publicConfig(): CaptchaPublicConfig;
  /** ALTCHA only: the JSON the `<altcha-widget challenge=…>` fetches. Throws for other providers. */
  createChallenge(): Promise<object>;
  verify(token: string | undefined, remoteIp?: string): Promise<CaptchaVerifyResult>;
}

export interface CaptchaLog {
  warn(...a: unknown[]): void;
}

export interface CaptchaVerifierOptions {
  provider: CaptchaProvider;
  siteKey?: string;
  secretKey?: string;
  hmacKey: string;
  store: ReplayStore;
  fetch?: typeof fetch;
  log?: CaptchaLog;
  altchaCost?: number;
  challengeTtlMs?: number;
}
