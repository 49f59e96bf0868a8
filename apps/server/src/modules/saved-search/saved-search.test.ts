import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  DEFAULT_RADIUS_MILES,
  MILES_TO_KM,
  SAVED_SEARCH_LIMIT,
  fillText,
  messages,
  type AccountExport,
} from '@rummage/contract';
import { savedSearches } from '../../db/schema.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { bearer, deleteAccount, createUser, signIn } from '../../test/factories.js';
import { notificationApi, type Person } from '../notification/notification.fixtures.js';
import { savedSearchApi } from './saved-search.fixtures.js';

// Saved searches (docs/product.md §14) through the API on a real database: keeping, listing, forgetting.
const S = messages.savedSearches;
let t: TestApp;
let people: ReturnType<typeof notificationApi>;
let api: ReturnType<typeof savedSearchApi>;

beforeAll(async () => {
  t = await buildTestApp();
  people = notificationApi(t.app);
  api = savedSearchApi(t.app);
});
afterAll(async () => {
  await t?.close();
});

const CHICAGO = { latitude: 41.8781, longitude: -87.6298 };

describe('POST/GET /api/SavedSearch', () => {
  it('saves words and a place with the default radius, names the place, and lists newest first', async () => {
    const me = await people.person();
    const lamps = await api.saved(me, { search: '  brass lamp ', ...CHICAGO });
    expect(lamps).toMatchObject({
      search: 'brass lamp',
      ...CHICAGO,
      radiusKm: DEFAULT_RADIUS_MILES * MILES_TO_KM,
      placeLabel: 'Chicago, IL',
      newMatches: 0,
    });
    const anywhere = await api.saved(me, { search: 'typewriter' });
    expect(anywhere).toMatchObject({ latitude: null, longitude: null, radiusKm: null, placeLabel: null });
    const near = await api.saved(me, { ...CHICAGO, radiusKm: 8 });
    expect(near).toMatchObject({ search: null, radiusKm: 8, placeLabel: 'Chicago, IL' });
    expect((await api.list(me)).map((s) => s.id)).toEqual([near.id, anywhere.id, lamps.id]);
  });

  it('answers the same search saved again with the one kept (200), not a second copy', async () => {
    const me = await people.person();
    const first = await api.saved(me, { search: 'bike', ...CHICAGO, radiusKm: 10 });
    const again = await api.saved(me, { search: 'bike', ...CHICAGO, radiusKm: 10 }, 200);
    expect(again.id).toBe(first.id);
    // Another radius is another search.
    await api.saved(me, { search: 'bike', ...CHICAGO, radiusKm: 20 }, 201);
    expect(await api.list(me)).toHaveLength(2);
  });

  it('refuses what cannot be a search with a readable 400, storing nothing', async () => {
    const me = await people.person();
    const cases: Array<[unknown, string]> = [
      [{}, S.empty400],
      [{ search: '   ' }, S.empty400],
      [{ radiusKm: 10 }, S.empty400],
      [{ latitude: 41.8 }, messages.listing.locationIncomplete],
      [{ search: 'x'.repeat(10_000) }, 'The search text is too long.'],
      [{ latitude: 123, longitude: 0 }, ''],
      ['not an object', ''],
    ];
    for (const [body, text] of cases) {
      const response = await api.save(me, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const { message } = response.json<{ message: string }>();
      if (text) expect(message).toBe(text);
      else expect(message.length).toBeGreaterThan(0);
    }
    expect(await api.list(me)).toEqual([]);
  });

  it('keeps a search of many minuses as the feed reads it, and refuses one of minuses alone as empty', async () => {
    const me = await people.person();
    const kept = await api.saved(me, { search: `lamp ${'-'.repeat(40)}brass` });
    expect(kept.search).toBe('lamp -brass');
    const response = await api.save(me, { search: '-'.repeat(33) });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(S.empty400);
  });

  it(`keeps at most ${SAVED_SEARCH_LIMIT} saved searches; the same one again is still answered`, async () => {
    const me = await people.person();
    for (let i = 0; i < SAVED_SEARCH_LIMIT; i++) await api.saved(me, { search: `thing ${i}` });
    const refused = await api.save(me, { search: 'one too many' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe(
      fillText(S.tooMany, { limit: SAVED_SEARCH_LIMIT }),
    );
    await api.saved(me, { search: 'thing 3' }, 200);
    expect(await api.list(me)).toHaveLength(SAVED_SEARCH_LIMIT);
    // Deleting one makes room again.
    const [newest] = await api.list(me);
    expect((await api.remove(me, newest!.id)).statusCode).toBe(200);
    await api.saved(me, { search: 'one too many' });
  });

  it('needs a session for every call (401)', async () => {
    const me = await people.person();
    const mine = await api.saved(me, { search: 'chair' });
    const calls = [
      api.save(null, { search: 'chair' }),
      t.app.inject({ method: 'GET', url: API.savedSearch.list }),
      api.remove(null, mine.id),
      api.seen(null, mine.id),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode, response.body).toBe(401);
      expect(response.json<{ message: string }>().message).toBe(messages.common.loginRequired);
    }
    expect(await api.list(me)).toHaveLength(1);
  });
});

describe('DELETE /api/SavedSearch/{id}, POST /api/SavedSearch/{id}/seen', () => {
  it("deletes one's own; another person's or a missing one is 404 and stays", async () => {
    const me = await people.person();
    const other = await people.person();
    const mine = await api.saved(me, { search: 'desk' });
    const theirs = await api.saved(other, { search: 'desk' });
    for (const response of [
      await api.remove(me, theirs.id),
      await api.seen(me, theirs.id),
      await api.remove(me, 987_654_321),
      await api.seen(me, 987_654_321),
    ]) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json<{ message: string }>().message).toBe(S.notFound);
    }
    expect(await api.list(other)).toHaveLength(1);
    const removed = await api.remove(me, mine.id);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<{ message: string }>().message).toBe(S.removed);
    expect(await api.list(me)).toEqual([]);
    expect((await api.remove(me, mine.id)).statusCode).toBe(404);
  });

  it('answers the saved search with no new matches once seen', async () => {
    const me = await people.person();
    const mine = await api.saved(me, { search: 'rug' });
    const response = await api.seen(me, mine.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: { ...mine, newMatches: 0 } });
  });
});

describe('personal data', () => {
  it('exports saved searches and deletes them with the account', async () => {
    const user = await createUser(t.app);
    const me: Person = { ...user, token: await signIn(t.app, user) };
    const kept = await api.saved(me, { search: 'mirror', ...CHICAGO });
    const exported = await t.app.inject({
      method: 'GET',
      url: API.account.exportData,
      headers: bearer(me.token),
    });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.json<AccountExport>().savedSearches).toEqual([
      expect.objectContaining({ id: kept.id, search: 'mirror', placeLabel: 'Chicago, IL', matches: [] }),
    ]);
    await deleteAccount(t.app, me.token, user.password);
    const db = t.app.parts.storage.database.db;
    expect(await db.select().from(savedSearches).where(eq(savedSearches.userId, me.id))).toEqual([]);
  });
});
