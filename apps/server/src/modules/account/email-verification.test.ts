/**
 * Verified e-mail (docs/product.md §15) end to end: the real app, its durable queue and a real SMTP server. The link
 * and its expiry, the three-a-day cap per address across accounts, no notification e-mail to an unverified
 * address, disposable addresses, and an e-mail change. REQUIRE_VERIFIED_EMAIL is in realtime/hubs/verified-email-required.test.ts.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  API,
  EMAIL_VERIFICATION_TTL_MS,
  apiPath,
  ROUTES,
  fillText,
  messages,
  type AccountExport,
  type CurrentUser,
  type ProfileDetails,
} from '@rummage/contract';
import { emailVerificationSends, emailVerificationTokens, jobs, users } from '../../db/schema.js';
import { hashToken } from '../../lib/tokens.js';
import {
  bearer,
  deleteAccount,
  createUser,
  registration,
  signIn,
  solveCaptcha,
} from '../../test/factories.js';
import { createProduct } from '../../test/products.js';
import { ageAccount } from '../message/chat.fixtures.js';
import { PUBLIC_URL, until, useMailingApp } from '../notification/email/email.fixtures.js';
import { VERIFICATION_JOB } from './email-verification.js';

const V = messages.emailVerification;
const m = useMailingApp();
const db = () => m.t.app.parts.storage.database.db;

const post = (url: string, payload?: object, token?: string) =>
  m.t.app.inject({ method: 'POST', url, ...(payload && { payload }), headers: token ? bearer(token) : {} });

async function register(fields: Parameters<typeof registration>[0] = {}) {
  const form = registration({ ...fields, captchaToken: await solveCaptcha(m.t.app) });
  const response = await post(API.account.register, form);
  return { response, form };
}

/** Every verification job has run (none waiting or running). */
const verificationJobsSettled = () =>
  until('the verification jobs to finish', async () => {
    const rows = await db().select({ state: jobs.state }).from(jobs).where(eq(jobs.name, VERIFICATION_JOB));
    return rows.every((row) => row.state === 'done' || row.state === 'dead');
  });

const mailsTo = (address: string) => m.smtp.to(address);
const waitForMails = (address: string, count: number) =>
  until(`${count} e-mail(s) to ${address}`, () => mailsTo(address).length >= count && mailsTo(address));

/** The token of the newest verification link sent to `address`, read from the mail as a person reads it. */
function tokenIn(address: string): string {
  const text = mailsTo(address).at(-1)?.parsed.text ?? '';
  const match = new RegExp(`${PUBLIC_URL}${ROUTES.verifyEmail}\\?token=([A-Za-z0-9_-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no verification link in the mail to ${address}: ${text}`);
  return match[1];
}

const me = async (token: string) =>
  (await m.t.app.inject({ method: 'GET', url: API.account.me, headers: bearer(token) })).json<{
    data: CurrentUser;
  }>().data;

const profileOf = async (id: number, token?: string) =>
  (
    await m.t.app.inject({
      method: 'GET',
      url: apiPath(API.user.profileDetails, { userId: id }),
      headers: token ? bearer(token) : {},
    })
  ).json<{ data: ProfileDetails }>().data;

describe('the verification link', () => {
  it('is e-mailed at registration; opening it verifies the address, once, and the profile shows it', async () => {
    const { response, form } = await register();
    expect(response.statusCode).toBe(201);
    const [mail] = await waitForMails(form.email, 1);
    expect(mail!.parsed.subject).toBe(fillText(V.emailSubject, { product: 'Rummage' }));
    expect(mail!.parsed.text).toContain(form.email);
    const token = tokenIn(form.email);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);

    const user = { id: response.json<{ data: { id: number } }>().data.id, username: form.userName };
    const session = (await m.t.app.parts.people.accounts.login(form.userName, form.password)).authToken;
    // Signing in never waits for the address.
    expect((await me(session)).emailVerified).toBe(false);
    expect((await profileOf(user.id)).emailVerified).toBe(false);

    // Only the token's hash is stored, and the link lasts 24 hours.
    const [row] = await db()
      .select()
      .from(emailVerificationTokens)
      .where(eq(emailVerificationTokens.userId, user.id));
    expect(row?.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(EMAIL_VERIFICATION_TTL_MS);

    const opened = await post(API.account.verifyEmail, { token });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({ message: V.verified });
    expect((await me(session)).emailVerified).toBe(true);
    // Everyone sees the badge; only the owner sees the address.
    const seen = await profileOf(user.id);
    expect(seen).toMatchObject({ emailVerified: true, email: null });

    // The same link again: the address is verified, so it says so; it verifies nothing new.
    const again = await post(API.account.verifyEmail, { token });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: V.alreadyVerified });
  });

  it('refuses an unknown, an empty and an expired token with one readable 400', async () => {
    for (const token of ['x'.repeat(43), '']) {
      const response = await post(API.account.verifyEmail, { token });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(V.tokenInvalid);
    }
    const { response, form } = await register();
    expect(response.statusCode).toBe(201);
    await waitForMails(form.email, 1);
    const token = tokenIn(form.email);
    // A day later: the link has lapsed.
    await db()
      .update(emailVerificationTokens)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(emailVerificationTokens.tokenHash, hashToken(token)));
    const late = await post(API.account.verifyEmail, { token });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ message: V.tokenInvalid, errors: { token: V.tokenInvalid } });
    const [person] = await db()
      .select({ verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.email, form.email));
    expect(person?.verifiedAt).toBeNull();
  });

  it('sends at most three links a day to one address, across accounts', async () => {
    const victim = `victim-${Date.now().toString(36)}@example.test`;
    const first = await register({ email: victim });
    expect(first.response.statusCode).toBe(201);
    await waitForMails(victim, 1);
    const token = (await m.t.app.parts.people.accounts.login(first.form.userName, first.form.password))
      .authToken;
    for (const expected of [2, 3]) {
      const resent = await post(API.account.resendVerification, undefined, token);
      expect(resent.statusCode).toBe(200);
      expect(resent.json()).toEqual({ message: fillText(V.sent, { email: victim }) });
      await waitForMails(victim, expected);
    }
    const fourth = await post(API.account.resendVerification, undefined, token);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toBe(V.dailyLimit);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(23 * 3600);

    // The attacker moves that account away and registers another with the same address: no fourth e-mail.
    const moved = await m.t.app.inject({
      method: 'POST',
      url: API.user.updateUserDetails,
      headers: bearer(token),
      payload: {
        userId: first.response.json<{ data: { id: number } }>().data.id,
        userName: first.form.userName,
        email: `elsewhere-${victim}`,
        address: 'Chicago, IL',
        latitude: 41.8781,
        longitude: -87.6298,
      },
    });
    expect(moved.statusCode).toBe(200);
    const second = await register({ email: victim });
    expect(second.response.statusCode).toBe(201);
    await waitForMails(`elsewhere-${victim}`, 1);
    await verificationJobsSettled();
    expect(mailsTo(victim)).toHaveLength(3);
  });
});

describe('what an unverified address receives', () => {
  it('no notification e-mail until verified; a password reset and sign-in still work', async () => {
    const seller = await createUser(m.t.app, { verified: false });
    await ageAccount(m.t.app, seller.id);
    const sellerToken = await signIn(m.t.app, seller);
    const buyer = await m.person();
    const listing = await createProduct(m.t.app, seller.id, { title: 'Walnut side table' });
    await m.chats.sent(buyer.token, listing, seller.id, 'Is the table still there?');
    await m.jobsSettled(seller.id);
    expect(mailsTo(seller.email)).toHaveLength(0);

    // A password reset is not a notification: it arrives.
    await post(API.account.sendPasswordResetLink, { email: seller.email });
    await waitForMails(seller.email, 1);
    expect(mailsTo(seller.email)[0]!.parsed.subject).toContain('Reset your');

    // Verified, the next unread message is e-mailed.
    await db().update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, seller.id));
    await m.chats.sent(buyer.token, listing, seller.id, 'Still interested!');
    const mails = await waitForMails(seller.email, 2);
    expect(mails[1]!.parsed.text).toContain('Still interested!');
    expect((await me(sellerToken)).emailVerified).toBe(true);
  });
});

describe('the address a person gives', () => {
  it('refuses a disposable-mail address at registration, and accepts the documentation domains', async () => {
    const refused = await register({ email: `someone-${Date.now().toString(36)}@mailinator.com` });
    expect(refused.response.statusCode).toBe(400);
    expect(refused.response.json()).toEqual({ message: V.disposable, errors: { email: V.disposable } });
    const sub = await register({ email: `someone-${Date.now().toString(36)}@mail.yopmail.com` });
    expect(sub.response.statusCode).toBe(400);
    const documented = await register({ email: `someone-${Date.now().toString(36)}@example.com` });
    expect(documented.response.statusCode).toBe(201);
  });

  it('a changed address is unverified at once and gets its own link; a disposable one is refused', async () => {
    const person = await m.person();
    expect((await me(person.token)).emailVerified).toBe(true);
    const form = (email: string) => ({
      userId: person.user.id,
      userName: person.user.username,
      email,
      address: 'Chicago, IL',
      latitude: 41.8781,
      longitude: -87.6298,
    });
    const change = (email: string) =>
      m.t.app.inject({
        method: 'POST',
        url: API.user.updateUserDetails,
        headers: bearer(person.token),
        payload: form(email),
      });

    const disposable = await change('me@guerrillamail.com');
    expect(disposable.statusCode).toBe(400);
    expect(disposable.json().message).toBe(V.disposable);
    expect((await me(person.token)).emailVerified).toBe(true);

    // Only the letter case: the same address, still verified, no e-mail.
    expect((await change(person.user.email.toUpperCase())).statusCode).toBe(200);
    expect((await me(person.token)).emailVerified).toBe(true);

    const fresh = `fresh-${person.user.email}`;
    const changed = await change(fresh);
    expect(changed.statusCode).toBe(200);
    expect(changed.json<{ data: ProfileDetails }>().data.emailVerified).toBe(false);
    expect((await me(person.token)).emailVerified).toBe(false);
    await waitForMails(fresh, 1);
    const opened = await post(API.account.verifyEmail, { token: tokenIn(fresh) });
    expect(opened.statusCode).toBe(200);
    expect((await me(person.token)).emailVerified).toBe(true);
    await verificationJobsSettled();
    expect(mailsTo(person.user.email.toUpperCase())).toHaveLength(0);
  });

  it('a link sent to an earlier address verifies nothing once the address changed', async () => {
    const { response, form } = await register();
    await waitForMails(form.email, 1);
    const oldToken = tokenIn(form.email);
    const id = response.json<{ data: { id: number } }>().data.id;
    const token = (await m.t.app.parts.people.accounts.login(form.userName, form.password)).authToken;
    const moved = await m.t.app.inject({
      method: 'POST',
      url: API.user.updateUserDetails,
      headers: bearer(token),
      payload: {
        userId: id,
        userName: form.userName,
        email: `next-${form.email}`,
        address: 'Chicago, IL',
        latitude: 41.8781,
        longitude: -87.6298,
      },
    });
    expect(moved.statusCode).toBe(200);
    const stale = await post(API.account.verifyEmail, { token: oldToken });
    expect(stale.statusCode).toBe(400);
    expect((await me(token)).emailVerified).toBe(false);
    const resendVerified = await post(API.account.resendVerification, undefined, (await m.person()).token);
    expect(resendVerified.statusCode).toBe(400);
    expect(resendVerified.json().message).toBe(V.alreadyVerified);
  });
});

describe('your data', () => {
  it('the export holds the verified state and the links sent; deleting the account removes the links', async () => {
    const { response, form } = await register();
    const id = response.json<{ data: { id: number } }>().data.id;
    await waitForMails(form.email, 1);
    const token = (await m.t.app.parts.people.accounts.login(form.userName, form.password)).authToken;
    const exported = async () =>
      (
        await m.t.app.inject({ method: 'GET', url: API.account.exportData, headers: bearer(token) })
      ).json<AccountExport>();

    const before = await exported();
    expect(before.profile.emailVerifiedAt).toBeNull();
    expect(before.emailVerifications).toEqual([expect.objectContaining({ email: form.email, usedAt: null })]);
    expect(JSON.stringify(before)).not.toContain(tokenIn(form.email));

    await post(API.account.verifyEmail, { token: tokenIn(form.email) });
    const after = await exported();
    expect(after.profile.emailVerifiedAt).toEqual(expect.any(String));
    expect(after.emailVerifications[0]?.usedAt).toEqual(expect.any(String));

    await deleteAccount(m.t.app, token, form.password);
    expect(
      await db().select().from(emailVerificationTokens).where(eq(emailVerificationTokens.userId, id)),
    ).toEqual([]);
    // The daily count keeps a hash of the address and no account: nothing in it names the person.
    const sends = await db().select().from(emailVerificationSends);
    expect(JSON.stringify(sends)).not.toContain(form.email);
  });
});
