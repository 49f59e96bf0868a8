import { createAltchaVerifier } from './altcha.js';
import { createSiteverifyVerifier } from './siteverify.js';
import type { CaptchaVerifier, CaptchaVerifierOptions } from './types.js';

export type {
  CaptchaLog,
  CaptchaPublicConfig,
  CaptchaVerifier,
  CaptchaVerifierOptions,
  CaptchaVerifyResult,
  ReplayStore,
} from './types.js';
export { createMemoryReplayStore } from './replay-store.js';
export {
  ALTCHA_ALGORITHM,
  ALTCHA_CHALLENGE_URL,
  ALTCHA_DEFAULT_COST,
  ALTCHA_DEFAULT_TTL_MS,
} from './altcha.js';
export { RECAPTCHA_MIN_SCORE, SITEVERIFY_TIMEOUT_MS, SITEVERIFY_URLS } from './siteverify.js';

/** Logged once at start-up when CAPTCHA_PROVIDER=none, so an unprotected production install is noticed. */
export const CAPTCHA_DISABLED_WARNING =
  'CAPTCHA_PROVIDER=none: captcha checks are disabled and every registration, reset and report is accepted ' +
  'without one. Use this only for local development and tests.';

/**
 * Picks the verifier for the configured provider. Every path fails closed except `none`, which is the
 * explicit opt-out: it accepts everything, even a missing token, because no widget is rendered then.
 */
export function createCaptchaVerifier(options: CaptchaVerifierOptions): CaptchaVerifier {
  switch (options.provider) {
    case 'altcha':
      return createAltchaVerifier({
        hmacKey: options.hmacKey,
        store: options.store,
        log: options.log,
        cost: options.altchaCost,
        challengeTtlMs: options.challengeTtlMs,
      });
    case 'turnstile':
    case 'hcaptcha':
    case 'recaptcha':
      return createSiteverifyVerifier({
        provider: options.provider,
        siteKey: options.siteKey,
        secretKey: options.secretKey,
        fetch: options.fetch,
        log: options.log,
      });
    case 'none':
      return {
        provider: 'none',
        publicConfig: () => ({ provider: 'none' }),
        createChallenge: async () => {
          throw new Error('createChallenge is only available for ALTCHA, not none');
        },
        verify: async () => ({ ok: true }),
      };
    default: {
      // Exhaustiveness: a provider added to the contract must get a verifier here.
      const unknown: never = options.provider;
      throw new Error(`unknown captcha provider: ${String(unknown)}`);
    }
  }
}
