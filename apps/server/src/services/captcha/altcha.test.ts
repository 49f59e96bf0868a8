import { afterEach, describe, expect, it, vi } from 'vitest';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import {
  ALTCHA_CHALLENGE_URL,
  ALTCHA_DEFAULT_COST,
  createCaptchaVerifier,
  createMemoryReplayStore,
  type ReplayStore,
} from './index.js';

const HMAC_KEY = 'test-hmac-key-0123456789abcdef';
// Low cost keeps these tests fast; the widget test exercises the default cost.
const TEST_COST = 50;

function makeVerifier(overrides: { store?: ReplayStore; hmacKey?: string; challengeTtlMs?: number } = {}) {
  const log = { warn: vi.fn() };
  const verifier = createCaptchaVerifier({
    provider: 'altcha',
    hmacKey: overrides.hmacKey ?? HMAC_KEY,
    store: overrides.store ?? createMemoryReplayStore(),
    altchaCost: TEST_COST,
    challengeTtlMs: overrides.challengeTtlMs,
    log,
  });
  return { verifier, log };
}

function encode(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64');
}

/** Fetches and solves a challenge, returning the wire challenge and the widget-format payload. */
async function solved(verifier: ReturnType<typeof makeVerifier>['verifier']) {
  const challenge = JSON.parse(JSON.stringify(await verifier.createChallenge())) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('no solution');
  const body = { challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution };
  return { challenge, solution, body, payload: encode(body) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ALTCHA verifier', () => {
  it('publishes the challenge URL and no site key', () => {
    const { verifier } = makeVerifier();
    expect(verifier.provider).toBe('altcha');
    expect(verifier.publicConfig()).toEqual({ provider: 'altcha', challengeUrl: ALTCHA_CHALLENGE_URL });
    expect(ALTCHA_CHALLENGE_URL).toBe('/api/Captcha/challenge');
  });

  it('issues signed PBKDF2 challenges with a random id and a 10-minute expiry', async () => {
    const { verifier } = makeVerifier();
    const before = Math.floor(Date.now() / 1000);
    const a = (await verifier.createChallenge()) as Challenge;
    const b = (await verifier.createChallenge()) as Challenge;
    expect(a.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(a.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: TEST_COST, keyPrefix: '00' });
    expect(a.parameters.data?.challengeId).toEqual(expect.any(String));
    expect(a.parameters.data?.challengeId).not.toBe(b.parameters.data?.challengeId);
    expect(a.parameters.expiresAt).toBeGreaterThanOrEqual(before + 600);
    expect(a.parameters.expiresAt).toBeLessThanOrEqual(before + 601);
  });

  it('uses the phone-friendly default cost when none is given', async () => {
    const verifier = createCaptchaVerifier({
      provider: 'altcha',
      hmacKey: HMAC_KEY,
      store: createMemoryReplayStore(),
    });
    const challenge = (await verifier.createChallenge()) as Challenge;
    expect(challenge.parameters.cost).toBe(ALTCHA_DEFAULT_COST);
  });

  it('accepts a solved payload once and refuses its replay', async () => {
    const { verifier } = makeVerifier();
    const { payload } = await solved(verifier);
    expect(await verifier.verify(payload, '203.0.113.7')).toEqual({ ok: true });
    expect(await verifier.verify(payload)).toEqual({ ok: false, reason: 'replayed' });
  });

  it('lets exactly one of two concurrent submissions of the same payload through', async () => {
    const { verifier } = makeVerifier();
    const { payload } = await solved(verifier);
    const results = await Promise.all([verifier.verify(payload), verifier.verify(payload)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => r.reason === 'replayed')).toHaveLength(1);
  });

  it('records the challenge id with its expiry in the replay store', async () => {
    const markUsed = vi.fn<ReplayStore['markUsed']>(async () => true);
    const { verifier } = makeVerifier({ store: { markUsed } });
    const { challenge, payload } = await solved(verifier);
    expect(await verifier.verify(payload)).toEqual({ ok: true });
    expect(markUsed).toHaveBeenCalledWith(
      challenge.parameters.data?.challengeId,
      new Date((challenge.parameters.expiresAt ?? 0) * 1000),
    );
  });

  it('does not touch the store for payloads that fail verification', async () => {
    const markUsed = vi.fn<ReplayStore['markUsed']>(async () => true);
    const { verifier } = makeVerifier({ store: { markUsed } });
    const { body } = await solved(verifier);
    await verifier.verify(
      encode({ ...body, solution: { ...body.solution, counter: body.solution.counter + 1 } }),
    );
    expect(markUsed).not.toHaveBeenCalled();
  });

  it('fails closed when the replay store is down', async () => {
    const { verifier, log } = makeVerifier({
      store: {
        markUsed: async () => {
          throw new Error('db down');
        },
      },
    });
    const { payload } = await solved(verifier);
    expect(await verifier.verify(payload)).toEqual({ ok: false, reason: 'unavailable' });
    expect(log.warn).toHaveBeenCalled();
  });

  it.each([undefined, ''])('reports a missing token (%j)', async (token) => {
    const { verifier } = makeVerifier();
    expect(await verifier.verify(token)).toEqual({ ok: false, reason: 'missing' });
  });

  it('refuses expired payloads', async () => {
    const { verifier } = makeVerifier({ challengeTtlMs: 1000 });
    const { payload } = await solved(verifier);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 3000);
    expect(await verifier.verify(payload)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a payload whose expiry was pushed back (signature no longer matches)', async () => {
    const { verifier } = makeVerifier({ challengeTtlMs: 1000 });
    const { body } = await solved(verifier);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 3000);
    const params = { ...body.challenge.parameters, expiresAt: Math.floor(Date.now() / 1000) + 600 };
    const forged = encode({ ...body, challenge: { ...body.challenge, parameters: params } });
    expect(await verifier.verify(forged)).toEqual({ ok: false, reason: 'invalid' });
  });

  it.each([
    ['keyPrefix', ''],
    ['cost', 1],
    ['data', { challengeId: 'another-id' }],
    ['extra', 'field'],
  ])('refuses tampered parameters (%s)', async (key, value) => {
    const { verifier } = makeVerifier();
    const { body } = await solved(verifier);
    const params = { ...body.challenge.parameters, [key]: value };
    const forged = encode({ ...body, challenge: { ...body.challenge, parameters: params } });
    expect(await verifier.verify(forged)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses a wrong solution', async () => {
    const { verifier } = makeVerifier();
    const { body } = await solved(verifier);
    const wrongCounter = encode({
      ...body,
      solution: { ...body.solution, counter: body.solution.counter + 1 },
    });
    const wrongKey = encode({ ...body, solution: { ...body.solution, derivedKey: '00'.repeat(32) } });
    expect(await verifier.verify(wrongCounter)).toEqual({ ok: false, reason: 'invalid' });
    expect(await verifier.verify(wrongKey)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses a challenge signed with another key', async () => {
    const { verifier: other } = makeVerifier({ hmacKey: 'some-other-installation-key' });
    const { verifier } = makeVerifier();
    const { payload } = await solved(other);
    expect(await verifier.verify(payload)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses an unsigned challenge the client made up', async () => {
    const { verifier } = makeVerifier();
    const { body } = await solved(verifier);
    const unsigned = encode({
      challenge: { parameters: body.challenge.parameters },
      solution: body.solution,
    });
    expect(await verifier.verify(unsigned)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses a validly signed challenge that carries no challenge id', async () => {
    // Simulates the same key signing something other than our challenges: it must not pass.
    const { createChallenge } = await import('altcha-lib');
    const challenge = await createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: TEST_COST,
      deriveKey,
      hmacSignatureSecret: HMAC_KEY,
      expiresAt: new Date(Date.now() + 60_000),
    });
    const solution = await solveChallenge({ challenge, deriveKey });
    const { verifier } = makeVerifier();
    expect(await verifier.verify(encode({ challenge, solution }))).toEqual({ ok: false, reason: 'invalid' });
  });

  it.each([
    ['not base64 JSON', 'definitely-not-a-payload'],
    ['JSON null', encode(null)],
    ['JSON array', encode([1, 2])],
    ['widget test mode', encode({ challenge: null, solution: null, test: true })],
    [
      'v1 payload',
      encode({ algorithm: 'SHA-256', challenge: 'ab', number: 1, salt: 's', signature: 'x', took: 1 }),
    ],
    ['non-hex nonce', encode({ challenge: { parameters: { nonce: 'zz' }, signature: 'a' }, solution: {} })],
    ['oversized', 'A'.repeat(5000)],
  ])('refuses garbage: %s', async (_label, token) => {
    const { verifier } = makeVerifier();
    expect(await verifier.verify(token)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses to start without an HMAC key', () => {
    expect(() =>
      createCaptchaVerifier({ provider: 'altcha', hmacKey: '', store: createMemoryReplayStore() }),
    ).toThrow(/HMAC key/);
  });
});

describe('memory replay store', () => {
  it('reports the first use as fresh and later ones as used', async () => {
    const store = createMemoryReplayStore();
    const until = new Date(Date.now() + 60_000);
    expect(await store.markUsed('a', until)).toBe(true);
    expect(await store.markUsed('a', until)).toBe(false);
    expect(await store.markUsed('b', until)).toBe(true);
  });

  it('forgets ids once their challenge has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const store = createMemoryReplayStore();
    expect(await store.markUsed('a', new Date(Date.now() + 1000))).toBe(true);
    expect(await store.markUsed('a', new Date(Date.now() + 1000))).toBe(false);
    // Past both the expiry and the sweep interval, the id is dropped (an expired payload fails anyway).
    vi.setSystemTime(Date.now() + 120_000);
    expect(await store.markUsed('a', new Date(Date.now() + 1000))).toBe(true);
  });
});
