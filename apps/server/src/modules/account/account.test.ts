import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, fillText, messages } from '@rummage/contract';
import { eq } from 'drizzle-orm';
import { sessions, users } from '../../db/schema.js';
import { hashToken } from '../../lib/tokens.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { banUser, bearer, createUser, registration, solveCaptcha } from '../../test/factories.js';
import { SESSION_TTL_MS, createSessionService } from './session.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ SUPPORT_EMAIL: 'help@rummage.test' });
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });

describe('register → login → me → logout', () => {
  it('walks the whole session life cycle, and the token is refused after logout', async () => {
    const form = registration({
      userName: 'Walker',
      email: 'Walker@Example.test',
      captchaToken: await solveCaptcha(t.app),
    });
    const registered = await post(API.account.register, form);
    expect(registered.statusCode).toBe(201);
    const body = registered.json();
    expect(body).toEqual({
      message: messages.register.success,
      data: { id: expect.any(Number), username: 'Walker' },
    });

    // Either the username or the e-mail, in any letter case.
    for (const userName of ['walker', 'WALKER@example.TEST']) {
      const login = await post(API.account.login, { userName, password: form.password });
      expect(login.statusCode).toBe(200);
      expect(login.json().data).toMatchObject({
        id: body.data.id,
        username: 'Walker',
        imageUrl: null,
        coverPhotoUrl: null,
      });
    }
    const login = await post(API.account.login, { userName: 'Walker', password: form.password });
    const { authToken } = login.json().data as { authToken: string };
    expect(login.json().message).toBe(messages.login.success);
    expect(authToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const me = await t.app.inject({ method: 'GET', url: API.account.me, headers: bearer(authToken) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      data: {
        id: body.data.id,
        username: 'Walker',
        email: 'Walker@Example.test',
        imageUrl: null,
        coverPhotoUrl: null,
        role: 'user',
        address: 'Chicago, IL',
        latitude: 41.8781,
        longitude: -87.6298,
        // Just registered: the link is on its way, and signing in did not wait for it.
        emailVerified: false,
        // None saved: the browser's Accept-Language decides.
        language: null,
      },
    });

    const logout = await post(API.account.logout, {}, bearer(authToken));
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ message: messages.login.loggedOut });

    const after = await t.app.inject({ method: 'GET', url: API.account.me, headers: bearer(authToken) });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: messages.common.loginRequired });
    expect((await post(API.account.logout, {}, bearer(authToken))).statusCode).toBe(401);
  });

  it('stores the phone number as E.164 and never answers the password hash', async () => {
    const form = registration({ phoneNumber: '312.555.0199', captchaToken: await solveCaptcha(t.app) });
    const response = await post(API.account.register, form);
    expect(response.statusCode).toBe(201);
    const user = await t.app.parts.storage.database.db.query.users.findFirst({
      where: (users, { eq }) => eq(users.id, response.json().data.id),
    });
    expect(user?.phoneE164).toBe('+13125550199');
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(response.body).not.toContain('argon2');
  });
});

describe('login failures', () => {
  it('answers the same 401 for a wrong password and an unknown user', async () => {
    const user = await createUser(t.app);
    const wrong = await post(API.account.login, { userName: user.username, password: 'Wrong123!' });
    const unknown = await post(API.account.login, { userName: 'nobodyhere', password: 'Wrong123!' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: messages.login.invalidCredentials });
    expect(unknown.body).toBe(wrong.body);
  });

  it('refuses a banned user with the support address, and ends their sessions', async () => {
    const user = await createUser(t.app);
    const token = (await post(API.account.login, { userName: user.username, password: user.password })).json()
      .data.authToken as string;
    await banUser(t.app, user.id);
    const response = await post(API.account.login, { userName: user.username, password: user.password });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: fillText(messages.login.banned, { email: 'help@rummage.test' }),
    });
    expect((await t.app.inject({ url: API.account.me, headers: bearer(token) })).statusCode).toBe(401);
  });

  it('treats garbage and unknown bearer tokens as signed out', async () => {
    for (const authorization of ['Bearer nope', 'Bearer ' + 'x'.repeat(5000), 'Basic abc', 'Bearer']) {
      const response = await t.app.inject({ url: API.account.me, headers: { authorization } });
      expect(response.statusCode).toBe(401);
    }
  });
});

describe('register conflicts', () => {
  it('refuses a taken username in any letter case, and a taken e-mail, with 409', async () => {
    const existing = await createUser(t.app, { username: 'TakenName', email: 'taken@example.test' });
    const sameName = await post(
      API.account.register,
      registration({ userName: 'takenNAME', captchaToken: await solveCaptcha(t.app) }),
    );
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toEqual({
      message: messages.register.usernameTaken,
      errors: { userName: messages.register.usernameTaken },
    });
    const sameEmail = await post(
      API.account.register,
      registration({ email: existing.email.toUpperCase(), captchaToken: await solveCaptcha(t.app) }),
    );
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toEqual({
      message: messages.register.emailTaken,
      errors: { email: messages.register.emailTaken },
    });
  });

  it('turns the unique-index race into 409, never 500', async () => {
    const forms = await Promise.all(
      [0, 1, 2].map(async () =>
        registration({ userName: 'RaceName', captchaToken: await solveCaptcha(t.app) }),
      ),
    );
    const answers = await Promise.all(forms.map((form) => post(API.account.register, form)));
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([201, 409, 409]);
  });
});

describe('captcha', () => {
  it('is required: missing, forged or isCaptchaVerified alone is refused', async () => {
    for (const captchaToken of [undefined, '', 'bm90IGEgY2FwdGNoYQ==']) {
      const response = await post(
        API.account.register,
        registration({ captchaToken, isCaptchaVerified: true }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(messages.register.captchaRequired);
    }
  });

  it('refuses a solved challenge the second time', async () => {
    const captchaToken = await solveCaptcha(t.app);
    expect((await post(API.account.register, registration({ captchaToken }))).statusCode).toBe(201);
    const replay = await post(API.account.register, registration({ captchaToken }));
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({
      message: messages.register.captchaRequired,
      errors: { captchaToken: messages.register.captchaRequired },
    });
  });

  it('serves single-use challenges that are never cached', async () => {
    const response = await t.app.inject({ url: API.captcha.challenge });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toHaveProperty('signature');
  });
});

describe('register validation gives the SPEC message per field', () => {
  const reg = messages.register;
  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    ['missing username', { userName: '' }, 'userName', reg.usernameRequired],
    ['username with a space', { userName: 'two words' }, 'userName', reg.usernameChars],
    ['bad e-mail', { email: 'not-an-email' }, 'email', reg.emailInvalid],
    ['weak password', { password: 'password' }, 'password', reg.passwordRule],
    ['missing phone', { phoneNumber: '' }, 'phoneNumber', reg.phoneRequired],
    ['short phone', { phoneNumber: '12345' }, 'phoneNumber', reg.phoneInvalid],
    ['no location', { latitude: undefined }, 'latitude', reg.locationRequired],
    ['terms not accepted', { acceptTerms: false }, 'acceptTerms', reg.termsRequired],
  ];
  it.each(cases)('%s', async (_name, change, field, message) => {
    const response = await post(API.account.register, { ...registration(), ...change });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.message).toBe(message);
    expect(body.errors[field]).toBe(message);
  });

  it("accepts exactly the SPEC client's payload (its form checks the terms box) and keeps the consent's time", async () => {
    const response = await post(API.account.register, {
      userName: 'SpecClient',
      email: 'spec.client@example.com',
      password: 'Spec123!',
      phoneNumber: '(312) 555-0142',
      latitude: 41.8781,
      longitude: -87.6298,
      isCaptchaVerified: true,
      // Not a SPEC field, but this installation's captcha (ALTCHA) wants its answer; with CAPTCHA_PROVIDER=none
      // the SPEC's seven fields are the whole payload.
      captchaToken: await solveCaptcha(t.app),
    });
    expect(response.statusCode).toBe(201);
    const [row] = await t.app.parts.storage.database.db
      .select({ termsAcceptedAt: users.termsAcceptedAt })
      .from(users)
      .where(eq(users.username, 'SpecClient'));
    expect(row?.termsAcceptedAt).toBeInstanceOf(Date);
  });

  it('lists every wrong field at once', async () => {
    const response = await post(API.account.register, { userName: 'a b', email: 'x', password: 'x' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(
      expect.arrayContaining(['userName', 'email', 'password', 'phoneNumber', 'latitude', 'longitude']),
    );
  });

  it('login: short fields get the SPEC banner text', async () => {
    const response = await post(API.account.login, { userName: 'ab', password: '123' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(messages.login.fillFieldsProperly);
  });
});

describe('sessions', () => {
  it('slide: last use is written at most once a minute, and an unused session expires after 30 days', async () => {
    const user = await createUser(t.app);
    const start = new Date('2030-01-01T00:00:00Z');
    let now = start;
    const service = createSessionService(t.app.parts.storage.database.db, () => now);
    const token = await service.open(user.id, { ip: '203.0.113.5', userAgent: 'test' });
    const row = async () =>
      (
        await t.app.parts.storage.database.db
          .select()
          .from(sessions)
          .where(eq(sessions.tokenHash, hashToken(token)))
      )[0]!;
    expect((await row()).ip).toBe('203.0.113.5');

    now = new Date(start.getTime() + 30_000);
    expect((await service.authenticate(token))?.user.id).toBe(user.id);
    expect((await row()).lastSeenAt.getTime()).toBe(start.getTime());

    now = new Date(start.getTime() + 61_000);
    await service.authenticate(token);
    expect((await row()).lastSeenAt.getTime()).toBe(now.getTime());
    expect((await row()).expiresAt.getTime()).toBe(now.getTime() + SESSION_TTL_MS);

    now = new Date(now.getTime() + SESSION_TTL_MS + 1);
    expect(await service.authenticate(token)).toBeNull();
  });
});
