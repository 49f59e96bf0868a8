import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, fillText, messages, textsFor } from '@rummage/contract';
import { passwordResetTokens, users } from '../../db/schema.js';
import { HttpError, sqlState, violatedConstraint } from '../../lib/http-error.js';
import { hashToken } from '../../lib/tokens.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { bearer, createUser, signIn } from '../../test/factories.js';
import { insertUser } from './account.repository.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });

/** The token from the newest reset mail to `email`, read from the outbox the way a person reads their inbox. */
async function tokenFromMail(email: string): Promise<string> {
  const mails = (await t.outbox()).filter((mail) => mail.to.includes(email));
  const text = mails.at(-1)?.text ?? '';
  const match = /http:\/\/rummage\.test\/reset-password\/new\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no reset link in mail to ${email}: ${text}`);
  return match[1];
}

describe('send-password-reset-link', () => {
  it('answers an unknown address exactly as a known one, and mails only the known one', async () => {
    const user = await createUser(t.app);
    const known = await post(API.account.sendPasswordResetLink, { email: user.email.toUpperCase() });
    const unknown = await post(API.account.sendPasswordResetLink, { email: 'nobody-at-all@example.test' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: messages.passwordReset.sent });
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers['content-type']).toBe(known.headers['content-type']);

    const mails = await t.outbox();
    expect(mails.filter((mail) => mail.to.includes('nobody-at-all'))).toHaveLength(0);
    expect(mails.filter((mail) => mail.to.includes(user.email))).toHaveLength(1);
    expect(await tokenFromMail(user.email)).toHaveLength(43);
  });

  it('writes the e-mail in the language the person saved, and the SPEC’s English to everyone else', async () => {
    const [spanish, english] = await Promise.all([createUser(t.app), createUser(t.app)]);
    await t.app.parts.storage.database.db
      .update(users)
      .set({ language: 'es' })
      .where(eq(users.id, spanish.id));
    // The browser asking says nothing about the language of an e-mail read elsewhere.
    const headers = { 'accept-language': 'de' };
    for (const who of [spanish, english])
      await t.app.inject({
        method: 'POST',
        url: API.account.sendPasswordResetLink,
        payload: { email: who.email },
        headers,
      });
    const mails = await t.outbox();
    const mailTo = (email: string) => mails.find((mail) => mail.to.includes(email));
    const es = textsFor('es').passwordReset;
    expect(mailTo(spanish.email)?.subject).toBe(fillText(es.emailSubject, { product: 'Rummage' }));
    expect(mailTo(spanish.email)?.text).toContain(es.emailBody.split('{link}')[1]!.trim());
    expect(mailTo(english.email)?.subject).toBe('Reset your Rummage password');
    expect(await tokenFromMail(spanish.email)).toHaveLength(43);
  });

  it('refuses a malformed address with the SPEC message', async () => {
    const response = await post(API.account.sendPasswordResetLink, { email: 'nope' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: messages.passwordReset.emailInvalid,
      errors: { email: messages.passwordReset.emailInvalid },
    });
  });

  it('stores only the hash of the token', async () => {
    const user = await createUser(t.app);
    await post(API.account.sendPasswordResetLink, { email: user.email });
    const token = await tokenFromMail(user.email);
    const rows = await t.app.parts.storage.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});

describe('reset-password', () => {
  it('changes the password, ends every session, and works once', async () => {
    const user = await createUser(t.app);
    const sessionA = await signIn(t.app, user);
    const sessionB = await signIn(t.app, user);
    await post(API.account.sendPasswordResetLink, { email: user.email });
    const token = await tokenFromMail(user.email);

    const reset = await post(API.account.resetPassword, { token, password: 'Brand-New1' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: messages.passwordReset.passwordChanged });

    for (const session of [sessionA, sessionB]) {
      expect((await t.app.inject({ url: API.account.me, headers: bearer(session) })).statusCode).toBe(401);
    }
    const oldLogin = await post(API.account.login, { userName: user.username, password: user.password });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await post(API.account.login, { userName: user.username, password: 'Brand-New1' });
    expect(newLogin.statusCode).toBe(200);

    const again = await post(API.account.resetPassword, { token, password: 'Another-New2' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(messages.passwordReset.tokenInvalid);
  });

  it('retires older links once one has been used', async () => {
    const user = await createUser(t.app);
    await post(API.account.sendPasswordResetLink, { email: user.email });
    const first = await tokenFromMail(user.email);
    await post(API.account.sendPasswordResetLink, { email: user.email });
    const second = await tokenFromMail(user.email);
    expect(second).not.toBe(first);
    expect(
      (await post(API.account.resetPassword, { token: second, password: 'Brand-New1' })).statusCode,
    ).toBe(200);
    expect((await post(API.account.resetPassword, { token: first, password: 'Brand-New2' })).statusCode).toBe(
      400,
    );
  });

  it('refuses an expired link', async () => {
    const user = await createUser(t.app);
    await post(API.account.sendPasswordResetLink, { email: user.email });
    const token = await tokenFromMail(user.email);
    await t.app.parts.storage.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.tokenHash, hashToken(token)));
    const response = await post(API.account.resetPassword, { token, password: 'Brand-New1' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: messages.passwordReset.tokenInvalid,
      errors: { token: messages.passwordReset.tokenInvalid },
    });
    const stillOld = await post(API.account.login, { userName: user.username, password: user.password });
    expect(stillOld.statusCode).toBe(200);
  });

  it('refuses made-up tokens and weak new passwords', async () => {
    const madeUp = await post(API.account.resetPassword, { token: 'made-up', password: 'Brand-New1' });
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.json().message).toBe(messages.passwordReset.tokenInvalid);
    const weak = await post(API.account.resetPassword, { token: 'made-up', password: 'weak' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(messages.register.passwordRule);
  });

  it('lets only one of two simultaneous submits of the same link win', async () => {
    const user = await createUser(t.app);
    await post(API.account.sendPasswordResetLink, { email: user.email });
    const token = await tokenFromMail(user.email);
    const answers = await Promise.all([
      post(API.account.resetPassword, { token, password: 'Brand-New1' }),
      post(API.account.resetPassword, { token, password: 'Brand-New2' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
  });
});

describe('database errors carry what the service needs', () => {
  it('exposes SQLSTATE 23505 and the constraint name on a duplicate, on this driver', async () => {
    const user = await createUser(t.app);
    const duplicate = insertUser(t.app.parts.storage.database.db, {
      username: `${user.username}x`,
      email: user.email.toUpperCase(),
      passwordHash: 'x',
    });
    const error = await duplicate.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeDefined();
    expect(error).not.toBeInstanceOf(HttpError);
    expect(sqlState(error)).toBe('23505');
    expect(violatedConstraint(error)).toBe('users_email_lower_key');
  });
});
