import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DEFAULT_NOTIFICATION_PREFERENCES, messages } from '@rummage/contract';
import { notificationPreferences } from '../../db/schema.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { bearer, createUser, signIn } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function person() {
  const user = await createUser(t.app);
  return { user, token: await signIn(t.app, user) };
}

describe('GET and PUT /api/Notifications/preferences', () => {
  it('reads kinds added after a person chose (reservations, saved searches, offers) as their defaults', async () => {
    const me = await person();
    const older = { messages: false, support: true, follows: true, garageSales: false, likes: false };
    await t.app.parts.storage.database.db
      .insert(notificationPreferences)
      .values({ userId: me.user.id, email: older, push: older });
    const response = await t.app.inject({
      method: 'GET',
      url: API.notifications.preferences,
      headers: bearer(me.token),
    });
    expect(response.json()).toEqual({
      data: {
        email: { ...older, reservations: true, savedSearches: true, ratings: false, offers: true },
        push: { ...older, reservations: true, savedSearches: true, ratings: true, offers: true },
      },
    });
  });

  it('answers the defaults to someone who never chose: answers to them on, the rest off', async () => {
    const { token } = await person();
    const response = await t.app.inject({
      method: 'GET',
      url: API.notifications.preferences,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: DEFAULT_NOTIFICATION_PREFERENCES });
    expect(response.json().data.email).toMatchObject({ messages: true, support: true, likes: false });
  });

  it('keeps what a person chose, for them only', async () => {
    const me = await person();
    const other = await person();
    const chosen = {
      email: {
        messages: false,
        support: true,
        follows: true,
        garageSales: false,
        likes: false,
        reservations: false,
        savedSearches: false,
        ratings: true,
        offers: false,
      },
      push: {
        messages: true,
        support: false,
        follows: false,
        garageSales: true,
        likes: true,
        reservations: true,
        savedSearches: true,
        ratings: false,
        offers: true,
      },
    };
    const put = await t.app.inject({
      method: 'PUT',
      url: API.notifications.preferences,
      headers: bearer(me.token),
      payload: chosen,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ data: chosen });
    const again = await t.app.inject({
      method: 'GET',
      url: API.notifications.preferences,
      headers: bearer(me.token),
    });
    expect(again.json()).toEqual({ data: chosen });
    const theirs = await t.app.inject({
      method: 'GET',
      url: API.notifications.preferences,
      headers: bearer(other.token),
    });
    expect(theirs.json()).toEqual({ data: DEFAULT_NOTIFICATION_PREFERENCES });
  });

  it('refuses a partial or mistyped body with a readable 400 and changes nothing', async () => {
    const me = await person();
    for (const payload of [
      { email: { messages: false } },
      {
        email: DEFAULT_NOTIFICATION_PREFERENCES.email,
        push: { ...DEFAULT_NOTIFICATION_PREFERENCES.push, likes: 'yes' },
      },
    ]) {
      const response = await t.app.inject({
        method: 'PUT',
        url: API.notifications.preferences,
        headers: bearer(me.token),
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(messages.notifications.preferencesInvalid);
    }
    const notAnObject = await t.app.inject({
      method: 'PUT',
      url: API.notifications.preferences,
      headers: bearer(me.token),
      payload: [],
    });
    expect(notAnObject.statusCode).toBe(400);
    expect(notAnObject.json().message).toBe(messages.common.invalidRequest);
    const after = await t.app.inject({
      method: 'GET',
      url: API.notifications.preferences,
      headers: bearer(me.token),
    });
    expect(after.json()).toEqual({ data: DEFAULT_NOTIFICATION_PREFERENCES });
  });

  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: API.notifications.preferences });
    expect(response.statusCode).toBe(401);
  });
});
