import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CAPTCHA_DISABLED_WARNING,
  SITEVERIFY_TIMEOUT_MS,
  SITEVERIFY_URLS,
  createCaptchaVerifier,
  createMemoryReplayStore,
} from './index.js';

type Provider = 'turnstile' | 'hcaptcha' | 'recaptcha';

// The providers' published always-pass test keys (see the captcha research notes, §4).
const KEYS: Record<Provider, { site: string; secret: string }> = {
  turnstile: { site: '1x00000000000000000000AA', secret: '1x0000000000000000000000000000000AA' },
  hcaptcha: {
    site: '10000000-ffff-ffff-ffff-000000000001',
    secret: '0x0000000000000000000000000000000000000000',
  },
  recaptcha: {
    site: '6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI',
    secret: '6LeIxAcTAAAAAGG-vFI1TnRWxMZNFuojJ4WifJWe',
  },
};

const PROVIDERS = Object.keys(KEYS) as Provider[];

function jsonReply(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function setup(provider: Provider, reply: () => Promise<Response> | Response, secretKey?: string | null) {
  const fetchMock = vi.fn<typeof fetch>(async () => reply());
  const log = { warn: vi.fn() };
  const verifier = createCaptchaVerifier({
    provider,
    siteKey: KEYS[provider].site,
    secretKey: secretKey === null ? undefined : (secretKey ?? KEYS[provider].secret),
    hmacKey: 'unused-for-third-party-providers',
    store: createMemoryReplayStore(),
    fetch: fetchMock,
    log,
  });
  return { verifier, fetchMock, log };
}

function sentBody(fetchMock: ReturnType<typeof vi.fn<typeof fetch>>): URLSearchParams {
  const init = fetchMock.mock.calls[0]?.[1];
  return new URLSearchParams(String(init?.body));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe.each(PROVIDERS)('%s siteverify', (provider) => {
  it('publishes its site key and offers no ALTCHA challenge', async () => {
    const { verifier } = setup(provider, () => jsonReply({ success: true }));
    expect(verifier.provider).toBe(provider);
    expect(verifier.publicConfig()).toEqual({ provider, siteKey: KEYS[provider].site });
    await expect(verifier.createChallenge()).rejects.toThrow(/only available for ALTCHA/);
  });

  it('posts secret, response and remote IP form-encoded to the provider', async () => {
    const { verifier, fetchMock } = setup(provider, () =>
      jsonReply({ success: true, challenge_ts: '2025-01-01T00:00:00Z', hostname: 'localhost' }),
    );
    expect(await verifier.verify('token-from-widget', '203.0.113.9')).toEqual({ ok: true });

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(SITEVERIFY_URLS[provider]);
    expect(init?.method).toBe('POST');
    expect(init?.headers).toEqual({ 'content-type': 'application/x-www-form-urlencoded' });
    expect(init?.signal).toBeInstanceOf(AbortSignal);
    const body = sentBody(fetchMock);
    expect(body.get('secret')).toBe(KEYS[provider].secret);
    expect(body.get('response')).toBe('token-from-widget');
    expect(body.get('remoteip')).toBe('203.0.113.9');
    // Only hCaptcha takes the site key, to refuse tokens solved for another site.
    expect(body.get('sitekey')).toBe(provider === 'hcaptcha' ? KEYS[provider].site : null);
  });

  it('leaves remoteip out when the IP is unknown', async () => {
    const { verifier, fetchMock } = setup(provider, () => jsonReply({ success: true }));
    await verifier.verify('t');
    expect(sentBody(fetchMock).has('remoteip')).toBe(false);
  });

  it('URL-encodes tokens with reserved characters', async () => {
    const { verifier, fetchMock } = setup(provider, () => jsonReply({ success: true }));
    await verifier.verify('a+b/c=d&secret=evil');
    const body = sentBody(fetchMock);
    expect(body.get('response')).toBe('a+b/c=d&secret=evil');
    expect(body.getAll('secret')).toEqual([KEYS[provider].secret]);
  });

  it.each([undefined, ''])('reports a missing token (%j) without calling the provider', async (token) => {
    const { verifier, fetchMock } = setup(provider, () => jsonReply({ success: true }));
    expect(await verifier.verify(token)).toEqual({ ok: false, reason: 'missing' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fails closed without a secret key', async () => {
    const { verifier, fetchMock, log } = setup(provider, () => jsonReply({ success: true }), null);
    expect(await verifier.verify('t')).toEqual({ ok: false, reason: 'misconfigured' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(log.warn).toHaveBeenCalled();
  });

  it('refuses an oversized token without calling the provider', async () => {
    const { verifier, fetchMock } = setup(provider, () => jsonReply({ success: true }));
    expect(await verifier.verify('x'.repeat(20_000))).toEqual({ ok: false, reason: 'invalid' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects when the provider says success:false', async () => {
    const { verifier, log } = setup(provider, () =>
      jsonReply({ success: false, 'error-codes': ['timeout-or-duplicate'] }),
    );
    expect(await verifier.verify('t')).toEqual({ ok: false, reason: 'rejected' });
    // A visitor failing is not an operator problem: no log noise.
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('logs when the provider rejects our secret', async () => {
    const { verifier, log } = setup(provider, () =>
      jsonReply({ success: false, 'error-codes': ['invalid-input-secret'] }),
    );
    expect(await verifier.verify('t')).toEqual({ ok: false, reason: 'rejected' });
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ errorCodes: ['invalid-input-secret'] }),
      expect.any(String),
    );
  });

  it.each([{}, { success: 'true' }, { success: 1 }, [true], 'true'])(
    'rejects replies without a literal success:true (%j)',
    async (reply) => {
      const { verifier } = setup(provider, () => jsonReply(reply));
      expect((await verifier.verify('t')).ok).toBe(false);
    },
  );

  it.each([500, 403, 204])('fails closed on HTTP %i', async (status) => {
    const { verifier, log } = setup(provider, () =>
      status === 204 ? new Response(null, { status }) : jsonReply({ success: true }, status),
    );
    expect(await verifier.verify('t')).toEqual({ ok: false, reason: 'unavailable' });
    expect(log.warn).toHaveBeenCalled();
  });

  it('fails closed on a non-JSON reply', async () => {
    const { verifier } = setup(provider, () => new Response('<html>bad gateway</html>', { status: 200 }));
    expect(await verifier.verify('t')).toEqual({ ok: false, reason: 'unavailable' });
  });

  it('fails closed when the provider is unreachable', async () => {
    const { verifier, log } = setup(provider, () => Promise.reject(new TypeError('fetch failed')));
    expect(await verifier.verify('t')).toEqual({ ok: false, reason: 'unavailable' });
    expect(log.warn).toHaveBeenCalled();
  });

  it('gives up after 5 seconds', async () => {
    // Hand out a signal the test controls, so the timeout path runs without waiting 5 s.
    const controller = new AbortController();
    const timeoutSpy = vi.spyOn(AbortSignal, 'timeout').mockReturnValue(controller.signal);
    const fetchMock = vi.fn<typeof fetch>(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const verifier = createCaptchaVerifier({
      provider,
      siteKey: KEYS[provider].site,
      secretKey: KEYS[provider].secret,
      hmacKey: 'unused',
      store: createMemoryReplayStore(),
      fetch: fetchMock,
    });
    const pending = verifier.verify('t');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(timeoutSpy).toHaveBeenCalledWith(SITEVERIFY_TIMEOUT_MS);
    expect(SITEVERIFY_TIMEOUT_MS).toBe(5000);
    expect(fetchMock.mock.calls[0]?.[1]?.signal).toBe(controller.signal);
    controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
    expect(await pending).toEqual({ ok: false, reason: 'timeout' });
  });
});

describe('reCAPTCHA v3 score', () => {
  it.each([
    [0.9, true],
    [0.5, true],
    [0.3, false],
  ])('score %f passes: %s', async (score, ok) => {
    const { verifier } = setup('recaptcha', () => jsonReply({ success: true, score, action: 'register' }));
    expect((await verifier.verify('t')).ok).toBe(ok);
  });

  it('does not apply the threshold to hCaptcha, whose enterprise score means risk', async () => {
    const { verifier } = setup('hcaptcha', () => jsonReply({ success: true, score: 0.1 }));
    expect(await verifier.verify('t')).toEqual({ ok: true });
  });
});

describe('provider none', () => {
  it('accepts everything and exports the start-up warning', async () => {
    const verifier = createCaptchaVerifier({
      provider: 'none',
      hmacKey: 'x',
      store: createMemoryReplayStore(),
    });
    expect(verifier.publicConfig()).toEqual({ provider: 'none' });
    expect(await verifier.verify(undefined)).toEqual({ ok: true });
    expect(await verifier.verify('anything', '127.0.0.1')).toEqual({ ok: true });
    await expect(verifier.createChallenge()).rejects.toThrow();
    expect(CAPTCHA_DISABLED_WARNING).toMatch(/CAPTCHA_PROVIDER=none/);
  });
});
