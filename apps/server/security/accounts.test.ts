import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, messages } from '@rummage/contract';
import { banUser, bearer, createUser, registration, solveCaptcha } from '../src/test/factories.js';
import { buildWorld, type World } from './world.js';

/**
 * Account enumeration, brute force and replay: login and reset answers do not tell whether an account
 * exists; the login, reset and register limits answer 429 (configured low here, counted per client address, which a
 * client cannot choose through X-Forwarded-For; the global limit counts a signed-in person by their session);
 * captcha payloads and reset links work once.
 */
const LIMITS = { login: 3, reset: 2, register: 2, global: 60 };

let w: World;
let ipCounter = 0;
/** Limits count per client address: every test speaks from its own. */
const freshIp = () => `10.77.${++ipCounter >> 8}.${ipCounter & 255}`;

beforeAll(async () => {
  w = await buildWorld({
    RATE_LIMIT_LOGIN_MAX: String(LIMITS.login),
    RATE_LIMIT_RESET_MAX: String(LIMITS.reset),
    RATE_LIMIT_REGISTER_MAX: String(LIMITS.register),
    RATE_LIMIT_GLOBAL_MAX: String(LIMITS.global),
  });
});
afterAll(async () => {
  await w?.t.close();
});

function post(url: string, payload: object, remoteAddress: string, headers: Record<string, string> = {}) {
  return w.app.inject({ method: 'POST', url, payload, remoteAddress, headers });
}

/** What a client can compare between two answers: status and body (headers differ only by date and request id). */
const answer = (response: { statusCode: number; body: string }) => ({
  status: response.statusCode,
  body: response.body,
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

async function timed(send: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await send();
  return performance.now() - start;
}

describe('account enumeration', () => {
  it('login answers an unknown user, a wrong password and a banned account’s wrong password alike', async () => {
    const known = await createUser(w.app);
    const banned = await createUser(w.app);
    await banUser(w.app, banned.id);
    const attempts = [
      { userName: known.username, password: 'Wrong123!' },
      { userName: known.email, password: 'Wrong123!' },
      { userName: 'nobody-like-this', password: 'Wrong123!' },
      { userName: 'nobody@example.test', password: 'Wrong123!' },
      { userName: banned.username, password: 'Wrong123!' },
    ];
    const answers = [];
    for (const payload of attempts) answers.push(answer(await post(API.account.login, payload, freshIp())));
    expect(answers[0]).toEqual({
      status: 401,
      body: JSON.stringify({ message: messages.login.invalidCredentials }),
    });
    for (const other of answers.slice(1)) expect(other).toEqual(answers[0]);
  });

  it('login spends about as long on an unknown user as on a wrong password (no fast path to probe)', async () => {
    const known = await createUser(w.app);
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    // Interleaved, each from its own address, so load on the machine hits both sides alike.
    for (let i = 0; i < 5; i++) {
      knownTimes.push(
        await timed(() =>
          post(API.account.login, { userName: known.username, password: 'Wrong1!' }, freshIp()),
        ),
      );
      unknownTimes.push(
        await timed(() => post(API.account.login, { userName: `ghost${i}`, password: 'Wrong1!' }, freshIp())),
      );
    }
    const [k, u] = [median(knownTimes), median(unknownTimes)];
    console.info(`login medians: wrong password ${k.toFixed(1)} ms, unknown user ${u.toFixed(1)} ms`);
    // Loose on purpose (a shared 2-core machine): skipping the password hash would make unknown users ~50× faster.
    expect(u).toBeGreaterThan(k / 4);
  });

  it('a reset request answers a known and an unknown address alike, and mails only the known one', async () => {
    const known = await createUser(w.app);
    const ip = freshIp();
    const forKnown = await post(API.account.sendPasswordResetLink, { email: known.email }, ip);
    const forUnknown = await post(
      API.account.sendPasswordResetLink,
      { email: 'nobody@example.test' },
      freshIp(),
    );
    expect(answer(forKnown)).toEqual({
      status: 200,
      body: JSON.stringify({ message: messages.passwordReset.sent }),
    });
    expect(answer(forUnknown)).toEqual(answer(forKnown));
    const mails = await w.t.outbox();
    expect(mails.filter((mail) => mail.to.includes(known.email))).toHaveLength(1);
    expect(mails.filter((mail) => mail.to.includes('nobody@example.test'))).toHaveLength(0);
  });

  it('a reset request takes about as long for a known address as for an unknown one (the mail goes out later)', async () => {
    const known = await createUser(w.app);
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    // Spaced like an attacker's probes: the work a known address sets off must not show in the answer's time.
    const settle = () => w.app.parts.people.accounts.settleDeliveries();
    for (let i = 0; i < 5; i++) {
      await settle();
      knownTimes.push(
        await timed(() => post(API.account.sendPasswordResetLink, { email: known.email }, freshIp())),
      );
      await settle();
      unknownTimes.push(
        await timed(() =>
          post(API.account.sendPasswordResetLink, { email: `ghost${i}@example.test` }, freshIp()),
        ),
      );
    }
    const [k, u] = [median(knownTimes), median(unknownTimes)];
    console.info(`reset-link medians: known ${k.toFixed(1)} ms, unknown ${u.toFixed(1)} ms`);
    // Loose on purpose: sending the mail inside the request (SMTP round trips) would cost far more than this.
    expect(Math.abs(k - u)).toBeLessThan(50);
  });
});

describe('brute force', () => {
  it('stops login attempts at the limit, even with the right password, and a forged X-Forwarded-For does not help', async () => {
    const victim = await createUser(w.app);
    const ip = freshIp();
    for (let i = 0; i < LIMITS.login; i++) {
      const guess = await post(
        API.account.login,
        { userName: victim.username, password: `Guess${i}!x` },
        ip,
        {
          'x-forwarded-for': `203.0.113.${i}`,
        },
      );
      expect(guess.statusCode).toBe(401);
    }
    const spoofs: Array<Record<string, string>> = [
      {},
      { 'x-forwarded-for': '203.0.113.99' },
      { 'x-real-ip': '203.0.113.98' },
    ];
    for (const headers of spoofs) {
      const limited = await post(
        API.account.login,
        { userName: victim.username, password: victim.password },
        ip,
        headers,
      );
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ message: messages.common.tooManyRequests });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
    // The owner, from their own address, still gets in: the limit is per client, not an account lock-out.
    expect(
      (await post(API.account.login, { userName: victim.username, password: victim.password }, freshIp()))
        .statusCode,
    ).toBe(200);
  });

  it('limits reset-link requests, reset-token guesses and registrations', async () => {
    const cases: Array<[string, object, number]> = [
      [API.account.sendPasswordResetLink, { email: 'someone@example.test' }, LIMITS.reset],
      [API.account.resetPassword, { token: 'guessed-token', password: 'Newpass123!' }, LIMITS.reset],
      [API.account.register, registration(), LIMITS.register],
    ];
    for (const [url, payload, limit] of cases) {
      const ip = freshIp();
      for (let i = 0; i < limit; i++) expect((await post(url, payload, ip)).statusCode, url).not.toBe(429);
      const limited = await post(url, payload, ip);
      expect(limited.statusCode, url).toBe(429);
      expect(limited.json()).toEqual({ message: messages.common.tooManyRequests });
    }
  });

  it('applies the global limit to every API call of one visitor address, and of one person from any address', async () => {
    const ip = freshIp();
    for (let i = 0; i < LIMITS.global; i++) {
      expect((await w.app.inject({ url: API.category, remoteAddress: ip })).statusCode).toBe(200);
    }
    const limited = await w.app.inject({ url: API.account.me, remoteAddress: ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: messages.common.tooManyRequests });

    // Signed in, the budget is the person's: moving from address to address does not renew it.
    const person = await createUser(w.app);
    const token = (await w.app.parts.people.accounts.login(person.username, person.password)).authToken;
    for (let i = 0; i < LIMITS.global; i++) {
      const call = await w.app.inject({
        url: API.category,
        remoteAddress: freshIp(),
        headers: bearer(token),
      });
      expect(call.statusCode).toBe(200);
    }
    const moved = await w.app.inject({
      url: API.account.me,
      remoteAddress: freshIp(),
      headers: bearer(token),
    });
    expect(moved.statusCode).toBe(429);
    expect(moved.json()).toEqual({ message: messages.common.tooManyRequests });
  });
});

describe('replay', () => {
  it('accepts a solved captcha once; a second registration with it is refused, also when both race', async () => {
    const payload = await solveCaptcha(w.app);
    const first = await post(API.account.register, registration({ captchaToken: payload }), freshIp());
    expect(first.statusCode, first.body).toBe(201);
    const replay = await post(API.account.register, registration({ captchaToken: payload }), freshIp());
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(messages.register.captchaRequired);

    const raced = await solveCaptcha(w.app);
    const both = await Promise.all(
      [0, 1].map(() => post(API.account.register, registration({ captchaToken: raced }), freshIp())),
    );
    expect(both.map((response) => response.statusCode).sort()).toEqual([201, 400]);
  });

  it('refuses a captcha payload whose signature was tampered with', async () => {
    const decoded = JSON.parse(Buffer.from(await solveCaptcha(w.app), 'base64').toString()) as {
      challenge: { signature: string };
    };
    decoded.challenge.signature = decoded.challenge.signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'));
    const forged = Buffer.from(JSON.stringify(decoded)).toString('base64');
    const response = await post(API.account.register, registration({ captchaToken: forged }), freshIp());
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(messages.register.captchaRequired);
  });

  it('accepts a reset link once: the second use is refused and the password stays the first new one', async () => {
    const person = await createUser(w.app);
    const oldSession = await w.session(person.id);
    await post(API.account.sendPasswordResetLink, { email: person.email }, freshIp());
    const mail = (await w.t.outbox()).filter((item) => item.to.includes(person.email)).at(-1);
    const token = /reset-password\/new\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeDefined();

    const used = await post(API.account.resetPassword, { token: token!, password: 'Firstnew1!' }, freshIp());
    expect(used.statusCode, used.body).toBe(200);
    const replay = await post(
      API.account.resetPassword,
      { token: token!, password: 'Attacker1!' },
      freshIp(),
    );
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(messages.passwordReset.tokenInvalid);

    const login = (password: string) =>
      post(API.account.login, { userName: person.username, password }, freshIp());
    expect((await login('Attacker1!')).statusCode).toBe(401);
    expect((await login('Firstnew1!')).statusCode).toBe(200);
    // Whoever held a session before the reset is signed out.
    expect(
      (await w.app.inject({ url: API.account.me, headers: bearer(oldSession), remoteAddress: freshIp() }))
        .statusCode,
    ).toBe(401);
  });
});
