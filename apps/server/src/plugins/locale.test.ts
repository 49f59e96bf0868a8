import { describe, expect, it } from 'vitest';
import {
  API,
  apiPath,
  fillText,
  HUBS,
  messages,
  SUGGESTION_LIMIT,
  textsFor,
  type CurrentUser,
} from '@rummage/contract';
import { useHubTestApp, type HubPerson } from '../realtime/test/hub-app.js';
import { bearer } from '../test/factories.js';
import { createProduct } from '../test/products.js';

// docs/product.md, "Languages": every answer's message in the request's language, the SPEC's English without one.
const hub = useHubTestApp({ RATE_LIMIT_LOGIN_MAX: '2' });
const de = textsFor('de');
const es = textsFor('es');

let address = 0;
/** A login attempt from an address of its own, so only the rate-limit test meets the login's limit. */
const login = (headers: Record<string, string>, userName = 'nobody', ip = `198.51.100.${++address}`) =>
  hub.t.app.inject({
    method: 'POST',
    url: API.account.login,
    payload: { userName, password: 'Wrong123!' },
    headers,
    remoteAddress: ip,
  });

const form = (who: HubPerson, fields: Record<string, unknown> = {}) => ({
  userId: who.id,
  userName: who.username,
  email: who.email,
  address: 'Austin, TX',
  latitude: 30.2672,
  longitude: -97.7431,
  ...fields,
});
const updateDetails = (
  who: HubPerson,
  fields: Record<string, unknown>,
  headers: Record<string, string> = {},
) =>
  hub.t.app.inject({
    method: 'POST',
    url: API.user.updateUserDetails,
    headers: { ...bearer(who.token), ...headers },
    payload: form(who, fields),
  });

describe('the language of an answer', () => {
  it('is the SPEC’s English without Accept-Language, and with `*`', async () => {
    const headerSets: Array<Record<string, string>> = [
      {},
      { 'accept-language': '*' },
      { 'accept-language': 'fr-FR, *;q=0.5' },
    ];
    for (const headers of headerSets) {
      expect((await login(headers)).json()).toEqual({ message: messages.login.invalidCredentials });
    }
  });

  it('follows Accept-Language: a bad login, a 404 and a refused body in German and Spanish', async () => {
    const badLogin = await login({ 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' });
    expect(badLogin.statusCode).toBe(401);
    expect(badLogin.json()).toEqual({ message: de.login.invalidCredentials });
    expect((await login({ 'accept-language': 'es' })).json()).toEqual({
      message: es.login.invalidCredentials,
    });

    const missing = await hub.t.app.inject({ url: '/api/NoSuchThing', headers: { 'accept-language': 'de' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: de.common.resourceNotFound });

    // Field messages too: the contract's zod texts, each in the reader's language.
    const who = await hub.person();
    const refused = await updateDetails(
      who,
      { userName: 'no spaces', email: 'a b@c.d' },
      { 'accept-language': 'es' },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: es.profile.usernameChars,
      errors: { userName: es.profile.usernameChars, email: es.profile.emailNoSpaces },
    });
  });

  it('says a filled text in the reader’s language with its values', async () => {
    const [fan, seller] = await Promise.all([hub.person(), hub.person()]);
    const response = await hub.t.app.inject({
      method: 'POST',
      url: apiPath(API.user.followUnfollow, { userId: seller.id }),
      headers: { ...bearer(fan.token), 'content-type': 'application/json', 'accept-language': 'de' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ message: string }>().message).toBe(
      fillText(de.profile.followed, { username: seller.username }),
    );
  });

  it('refuses a query or path parameter it cannot read in the reader’s language, its limit filled in', async () => {
    const ask = (url: string, language: string) =>
      hub.t.app.inject({ url, headers: { 'accept-language': language } });
    const feed = await ask('/api/Marketplace/products?page=0&pageSize=abc', 'de');
    expect(feed.statusCode).toBe(400);
    expect(feed.json()).toEqual({
      message: de.request.pageInvalid,
      errors: { page: de.request.pageInvalid, pageSize: de.request.pageSizeInvalid },
    });
    const places = await ask('/api/Geo/cities?q=Berlin&limit=99', 'es');
    expect(places.statusCode).toBe(400);
    expect(places.json<{ message: string }>().message).toBe(
      fillText(es.request.limitRange, { max: SUGGESTION_LIMIT.max }),
    );
    const listing = await ask('/api/Product/abc', 'de');
    expect(listing.statusCode).toBe(400);
    expect(listing.json<{ message: string }>().message).toBe(de.request.idInvalid);
    // Without a language the SPEC's clients read the English as before.
    expect((await ask('/api/Product/abc', '*')).json<{ message: string }>().message).toBe(
      'Ids are positive whole numbers.',
    );
  });

  it('refuses a burst of logins in the reader’s language', async () => {
    const ip = '203.0.113.9';
    for (let i = 0; i < 2; i++) expect((await login({}, 'somebody', ip)).statusCode).toBe(401);
    const limited = await login({ 'accept-language': 'es' }, 'somebody', ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: es.common.tooManyRequests });
  });

  it('is a visitor’s own choice (the lang cookie) before Accept-Language', async () => {
    const chosen = await login({ cookie: 'theme=dark; lang=es', 'accept-language': 'de' });
    expect(chosen.json()).toEqual({ message: es.login.invalidCredentials });
    // A cookie naming no language of ours decides nothing.
    const unknown = await login({ cookie: 'lang=fr', 'accept-language': 'de' });
    expect(unknown.json()).toEqual({ message: de.login.invalidCredentials });
  });
});

describe('a person’s saved language', () => {
  it('is saved, shown to them, cleared with null, and refused when it is no language of ours', async () => {
    const who = await hub.person();
    const me = async () =>
      (await hub.t.app.inject({ url: API.account.me, headers: bearer(who.token) })).json<{
        data: CurrentUser;
      }>().data;
    expect((await me()).language).toBeNull();

    const saved = await updateDetails(who, { language: 'de' });
    expect(saved.statusCode).toBe(200);
    // Answered in the language just saved.
    expect(saved.json()).toMatchObject({ message: de.profile.updated, data: { language: 'de' } });
    expect((await me()).language).toBe('de');
    // Left out, it stays.
    expect((await updateDetails(who, {})).json()).toMatchObject({ data: { language: 'de' } });

    const refused = await updateDetails(who, { language: 'fr' }, { 'accept-language': 'en' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: de.profile.languageInvalid,
      errors: { language: de.profile.languageInvalid },
    });

    const cleared = await updateDetails(who, { language: null });
    expect(cleared.json()).toEqual(
      expect.objectContaining({
        message: messages.profile.updated,
        data: expect.objectContaining({ language: null }),
      }),
    );
    const exported = await hub.t.app.inject({ url: API.account.exportData, headers: bearer(who.token) });
    expect(exported.json<{ profile: { language: string | null } }>().profile.language).toBeNull();
  });

  it('comes back in the own profile and in /me after signing in again, and stays the owner’s', async () => {
    const [who, visitor] = await Promise.all([hub.person(), hub.person()]);
    expect((await updateDetails(who, { language: 'es' })).statusCode).toBe(200);
    const profile = (token: string) =>
      hub.t.app
        .inject({ url: apiPath(API.user.profileDetails, { userId: who.id }), headers: bearer(token) })
        .then((response) => response.json<{ data: { language: string | null } }>().data.language);
    expect(await profile(who.token)).toBe('es');
    expect(await profile(visitor.token)).toBeNull();

    const signedIn = await hub.t.app.inject({
      method: 'POST',
      url: API.account.login,
      payload: { userName: who.username, password: who.password },
      remoteAddress: '192.0.2.77',
    });
    expect(signedIn.statusCode).toBe(200);
    const token = signedIn.json<{ data: { authToken: string } }>().data.authToken;
    const me = await hub.t.app.inject({ url: API.account.me, headers: bearer(token) });
    expect(me.json<{ data: CurrentUser }>().data.language).toBe('es');
  });

  it('beats the browser’s Accept-Language and cookie, on the API and on a hub', async () => {
    const who = await hub.person();
    expect((await updateDetails(who, { language: 'es' })).statusCode).toBe(200);
    const notFound = await hub.t.app.inject({
      url: API.account.me.replace('me', 'no-such'),
      headers: { ...bearer(who.token), 'accept-language': 'de', cookie: 'lang=de' },
    });
    expect(notFound.json()).toEqual({ message: es.common.resourceNotFound });

    // A hub method's refusal (docs/realtime.md): the failed invocation and MessageError, both in Spanish.
    const productId = await createProduct(hub.t.app, who.id);
    const chat = await hub.connect(HUBS.chat, who);
    const pushed = new Promise((resolve) => chat.on('MessageError', resolve));
    await expect(
      chat.invoke('SendMessage', who.id, 'hello me', productId, new Date().toISOString()),
    ).rejects.toThrow(`HubException: ${es.chat.self}`);
    expect(await pushed).toBe(es.chat.self);
  });
});
