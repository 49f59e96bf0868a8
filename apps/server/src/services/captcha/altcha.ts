import { randomUUID } from 'node:crypto';
import { createChallenge, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { CaptchaLog, CaptchaVerifier, CaptchaVerifyResult, ReplayStore } from './types.js';

/** Where the web app's `<altcha-widget challenge=…>` fetches a fresh challenge. */
export const ALTCHA_CHALLENGE_URL = '/api/Captcha/challenge';

/** PBKDF2 flavour the altcha 3.2.2 widget ships a worker for (its bundle registers PBKDF2/SHA-256|384|512). */
export const ALTCHA_ALGORITHM = 'PBKDF2/SHA-256';

/**
 * PBKDF2 iterations per attempt. With the default key prefix `00` (one byte) the solver needs 256
 * attempts on average (geometric distribution, so p90 ≈ 590, p99 ≈ 1180).
 * Measured in Node 20.20 on one core of this sandbox's x86-64 server, 150 challenges each, solving the
 * way the widget does (its own PBKDF2 worker code, WebCrypto, one worker):
 *   cost 1000 → mean 145 ms, median 96 ms, p90 323 ms (altcha-lib's node:crypto solver: mean 111 ms).
 *   For comparison, cost 5000 → mean 443 ms, p90 1171 ms on the same core (40 challenges).
 * A mid-range phone runs PBKDF2 roughly 2–4× slower per core but the widget splits the search over up
 * to 4 Web Workers on such devices, so a typical solve stays in the low hundreds of milliseconds,
 * hidden behind the widget's own 500 ms minimum duration. Verifying costs one derivation (~0.5 ms).
 */
export const ALTCHA_DEFAULT_COST = 1000;

/** Challenges outlive a slow form fill, but not by much: a spent-id record is kept this long. */
export const ALTCHA_DEFAULT_TTL_MS = 10 * 60_000;

/** A genuine payload is ~700 characters; refuse anything far larger before decoding or hashing it. */
const MAX_PAYLOAD_CHARS = 4096;

interface DecodedPayload {
  challenge: Challenge;
  solution: Solution;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Decodes the widget's form field. altcha 3.2.2 builds it in `dist/main/altcha.js` (verify(), ~line 6983) as
 * `btoa(JSON.stringify({ challenge: { parameters, signature }, solution }))`, where `solution` is the worker's
 * `{ counter, derivedKey, time }`. Its `test` mode sends `{ challenge: null, solution: null, test: true }`,
 * which the shape checks below refuse.
 */
function decodePayload(token: string): DecodedPayload | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
  } catch {
    return null;
  }
  if (!isRecord(parsed) || !isRecord(parsed.challenge) || !isRecord(parsed.solution)) return null;
  const { challenge, solution } = parsed;
  if (!isRecord(challenge.parameters) || typeof challenge.signature !== 'string') return null;
  return {
    // Only the two signed members go to verifySolution; anything else the client added is dropped.
    challenge: {
      parameters: challenge.parameters as unknown as Challenge['parameters'],
      signature: challenge.signature,
    },
    solution: solution as unknown as Solution,
  };
}

export function createAltchaVerifier(options: {
  hmacKey: string;
  store: ReplayStore;
  log?: CaptchaLog;
  cost?: number;
  challengeTtlMs?: number;
}): CaptchaVerifier {
  const { hmacKey, store, log } = options;
  const cost = options.cost ?? ALTCHA_DEFAULT_COST;
  const ttlMs = options.challengeTtlMs ?? ALTCHA_DEFAULT_TTL_MS;
  // Fail at start-up rather than on the first form post: an empty key would sign nothing.
  if (!hmacKey) throw new Error('ALTCHA needs a non-empty HMAC key');
  if (!Number.isInteger(cost) || cost < 1) throw new Error('altchaCost must be a positive integer');
  if (!(ttlMs > 0)) throw new Error('challengeTtlMs must be positive');

  return {
    provider: 'altcha',

    publicConfig() {
      return { provider: 'altcha', challengeUrl: ALTCHA_CHALLENGE_URL };
    },

    async createChallenge() {
      const challenge = await createChallenge({
        algorithm: ALTCHA_ALGORITHM,
        cost,
        deriveKey,
        hmacSignatureSecret: hmacKey,
        // Seconds on the wire; the widget also uses it to show "expired" (expiresAt * 1000 - Date.now()).
        expiresAt: new Date(Date.now() + ttlMs),
        // The random id is what the replay store records; being inside the signed parameters, it
        // cannot be swapped for a fresh one to replay a payload.
        data: { challengeId: randomUUID() },
      });
      // Hand back exactly what goes over the wire (the lib's object may carry undefined members).
      return JSON.parse(JSON.stringify(challenge)) as Challenge;
    },

    async verify(token): Promise<CaptchaVerifyResult> {
      if (!token) return { ok: false, reason: 'missing' };
      if (token.length > MAX_PAYLOAD_CHARS) return { ok: false, reason: 'invalid' };
      const payload = decodePayload(token);
      if (!payload) return { ok: false, reason: 'invalid' };

      let result: Awaited<ReturnType<typeof verifySolution>>;
      try {
        // Checks expiry, then the HMAC over the parameters, and only then re-derives the key, so a
        // forged high-cost challenge cannot make the server burn CPU.
        result = await verifySolution({
          challenge: payload.challenge,
          solution: payload.solution,
          deriveKey,
          hmacSignatureSecret: hmacKey,
        });
      } catch {
        // Malformed hex, unknown algorithm and the like: the client sent garbage.
        return { ok: false, reason: 'invalid' };
      }
      if (result.expired) return { ok: false, reason: 'expired' };
      if (!result.verified) return { ok: false, reason: 'invalid' };

      // Signed by us, so these exist for every challenge we issued; a missing one means the key
      // signed something else, which must not pass.
      const { data, expiresAt } = payload.challenge.parameters;
      const challengeId = data?.challengeId;
      if (typeof challengeId !== 'string' || typeof expiresAt !== 'number') {
        return { ok: false, reason: 'invalid' };
      }

      let fresh: boolean;
      try {
        fresh = await store.markUsed(challengeId, new Date(expiresAt * 1000));
      } catch (err) {
        // Fail closed: without the store we cannot tell a replay from a first use.
        log?.warn({ err }, 'captcha replay store failed');
        return { ok: false, reason: 'unavailable' };
      }
      return fresh ? { ok: true } : { ok: false, reason: 'replayed' };
    },
  };
}
