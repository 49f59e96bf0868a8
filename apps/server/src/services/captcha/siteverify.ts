import type { CaptchaLog, CaptchaVerifier, CaptchaVerifyResult } from './types.js';

export type SiteverifyProvider = 'turnstile' | 'hcaptcha' | 'recaptcha';

/** The three providers' documented server-side verification endpoints; all take a form-encoded POST. */
export const SITEVERIFY_URLS: Readonly<Record<SiteverifyProvider, string>> = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
};

/** A hung provider must not hold a form submission open; 5 s is generous for one round trip. */
export const SITEVERIFY_TIMEOUT_MS = 5000;

/** Google's suggested default cut-off for reCAPTCHA v3 scores (v2 replies carry no score). */
export const RECAPTCHA_MIN_SCORE = 0.5;

/** Turnstile tokens are at most 2048 characters; the cap keeps abusive bodies off the provider call. */
const MAX_TOKEN_CHARS = 10_000;

/**
 * Error codes that mean the operator's keys are wrong rather than the visitor failing the check.
 * Only these are logged: a bot failing captchas should not flood the log.
 */
const MISCONFIGURATION = /secret|sitekey|site-key|invalid-keys|not-using-dummy/i;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function createSiteverifyVerifier(options: {
  provider: SiteverifyProvider;
  siteKey?: string;
  secretKey?: string;
  fetch?: typeof fetch;
  log?: CaptchaLog;
}): CaptchaVerifier {
  const { provider, siteKey, secretKey, log } = options;
  const fetchImpl = options.fetch ?? fetch;
  const url = SITEVERIFY_URLS[provider];

  return {
    provider,

    publicConfig() {
      return siteKey ? { provider, siteKey } : { provider };
    },

    async createChallenge() {
      throw new Error(`createChallenge is only available for ALTCHA, not ${provider}`);
    },

    async verify(token, remoteIp): Promise<CaptchaVerifyResult> {
      if (!token) return { ok: false, reason: 'missing' };
      // Fail closed: without a secret there is nothing to verify against, so nothing passes.
      if (!secretKey) {
        log?.warn({ provider }, 'captcha secret key is not configured; rejecting');
        return { ok: false, reason: 'misconfigured' };
      }
      if (token.length > MAX_TOKEN_CHARS) return { ok: false, reason: 'invalid' };

      const body = new URLSearchParams({ secret: secretKey, response: token });
      if (remoteIp) body.set('remoteip', remoteIp);
      // hCaptcha recommends sending the site key so a token solved on another site is refused.
      if (provider === 'hcaptcha' && siteKey) body.set('sitekey', siteKey);

      let response: Response;
      try {
        response = await fetchImpl(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: body.toString(),
          signal: AbortSignal.timeout(SITEVERIFY_TIMEOUT_MS),
        });
      } catch (err) {
        const timedOut = err instanceof Error && err.name === 'TimeoutError';
        log?.warn(
          { provider, err: timedOut ? undefined : err },
          `captcha siteverify ${timedOut ? 'timed out' : 'failed'}`,
        );
        return { ok: false, reason: timedOut ? 'timeout' : 'unavailable' };
      }
      if (response.status !== 200) {
        log?.warn({ provider, status: response.status }, 'captcha siteverify returned an error status');
        return { ok: false, reason: 'unavailable' };
      }

      let reply: unknown;
      try {
        reply = await response.json();
      } catch (err) {
        // Also lands here when the body stalls past the timeout: the same signal aborts the read.
        const timedOut = err instanceof Error && err.name === 'TimeoutError';
        log?.warn({ provider }, `captcha siteverify ${timedOut ? 'timed out' : 'returned non-JSON'}`);
        return { ok: false, reason: timedOut ? 'timeout' : 'unavailable' };
      }
      if (!isRecord(reply)) {
        log?.warn({ provider }, 'captcha siteverify returned an unexpected body');
        return { ok: false, reason: 'unavailable' };
      }

      // Strict: only a literal `true` passes, not "true", 1 or a missing field.
      if (reply.success !== true) {
        const codes = Array.isArray(reply['error-codes']) ? reply['error-codes'].map(String) : [];
        if (codes.some((code) => MISCONFIGURATION.test(code))) {
          log?.warn({ provider, errorCodes: codes }, 'captcha siteverify rejected our keys');
        }
        return { ok: false, reason: 'rejected' };
      }
      if (provider === 'recaptcha' && typeof reply.score === 'number' && reply.score < RECAPTCHA_MIN_SCORE) {
        return { ok: false, reason: 'low-score' };
      }
      return { ok: true };
    },
  };
}
