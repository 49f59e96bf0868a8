import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, citySuggestionsResponseSchema, reverseGeocodeResponseSchema } from '@rummage/contract';
import { users } from '../../db/schema.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { createUser } from '../../test/factories.js';
import { profileOf } from '../../test/users.js';

// The real app of a German installation (DEFAULT_COUNTRY=DE, DEFAULT_LOCALE stays English) on a fresh database.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ DEFAULT_COUNTRY: 'DE' });
});
afterAll(async () => {
  await t?.close();
});

async function cities(q: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url: API.geo.cities, query: { q, limit: '5' }, headers });
  expect(res.statusCode).toBe(200);
  return { res, data: citySuggestionsResponseSchema.parse(res.json()).data };
}
const labels = async (q: string, headers: Record<string, string> = {}) =>
  (await cities(q, headers)).data.map((s) => s.label);

describe(`GET ${API.geo.cities} worldwide`, () => {
  it('answers name, region, country, its name and the label, once per language for caches', async () => {
    const { res, data } = await cities('Berlin');
    expect(data[0]).toEqual({
      name: 'Berlin',
      region: 'State of Berlin',
      country: 'DE',
      countryName: 'Germany',
      label: 'Berlin, Germany',
      latitude: 52.52437,
      longitude: 13.41053,
      population: 3426354,
    });
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.headers.vary).toMatch(/accept-language/i);
  });

  it("names the country in the reader's language (Accept-Language)", async () => {
    expect((await labels('Berlin', { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' }))[0]).toBe(
      'Berlin, Deutschland',
    );
    expect((await labels('malaga', { 'accept-language': 'es' }))[0]).toBe('Málaga, España');
    // A language without a catalogue falls back to DEFAULT_LOCALE.
    expect((await labels('zurich', { 'accept-language': 'fr' }))[0]).toBe('Zürich, Switzerland');
  });

  it('ignores accents and case, knows native names and forgives one typo', async () => {
    expect((await labels('Sao Paulo'))[0]).toBe('São Paulo, Brazil');
    expect((await labels('zurich'))[0]).toBe('Zürich, Switzerland');
    expect((await labels('malaga'))[0]).toBe('Málaga, Spain');
    expect((await labels('München'))[0]).toBe('Munich, Germany');
    expect((await labels('Müncen'))[0]).toBe('Munich, Germany');
    expect((await labels('Barcelnoa'))[0]).toBe('Barcelona, Spain');
  });

  it("offers the installation's country first among equally good matches", async () => {
    expect((await labels('Bergen')).slice(0, 2)).toEqual(['Bergen, Germany', 'Bergen, Norway']);
    expect((await labels('Paris'))[0]).toBe('Paris, France');
  });

  it("names a place as the reader's language does where the data says how (docs/product.md §22)", async () => {
    const de = { 'accept-language': 'de-DE,de;q=0.9' };
    const munich = async (headers: Record<string, string>) => (await cities('München', headers)).data[0];
    // A German reader gets the German place's own name; `name` stays GeoNames' for every reader.
    expect(await munich(de)).toMatchObject({ name: 'Munich', label: 'München, Deutschland' });
    expect(await munich({})).toMatchObject({ name: 'Munich', label: 'Munich, Germany' });
    expect((await labels('Vienna', de))[0]).toBe('Wien, Österreich');
    expect((await labels('Wien'))[0]).toBe('Vienna, Austria');
    // Places whose GeoNames name is their own already stay as they are.
    expect((await labels('Düsseldorf', de))[0]).toBe('Düsseldorf, Deutschland');
    expect((await labels('dusseldorf'))[0]).toBe('Düsseldorf, Germany');
    // Unless English readers have a name of their own for it (exonyms.ts).
    expect((await labels('Köln', de))[0]).toBe('Köln, Deutschland');
    expect((await labels('koln'))[0]).toBe('Cologne, Germany');
    const { res } = await cities('München', de);
    expect(res.headers.vary).toMatch(/accept-language/i);
  });

  it('names well-known places abroad as German and Spanish readers do, and finds them by those names', async () => {
    const de = { 'accept-language': 'de' };
    const es = { 'accept-language': 'es-ES,es;q=0.9' };
    expect((await cities('München', es)).data[0]).toMatchObject({
      name: 'Munich',
      label: 'Múnich, Alemania',
    });
    expect((await labels('Múnich', es))[0]).toBe('Múnich, Alemania');
    expect((await labels('wien', es))[0]).toBe('Viena, Austria');
    expect((await labels('koln', es))[0]).toBe('Colonia, Alemania');
    expect((await cities('Lissabon', de)).data[0]).toMatchObject({
      name: 'Lisbon',
      country: 'PT',
      label: 'Lissabon, Portugal',
    });
    expect((await labels('Lisbon', es))[0]).toBe('Lisboa, Portugal');
    expect((await labels('Mailand', de))[0]).toBe('Mailand, Italien');
    expect((await labels('Milan', es))[0]).toBe('Milán, Italia');
    expect((await cities('Londres', es)).data[0]).toMatchObject({
      name: 'London',
      label: 'Londres, Reino Unido',
    });
    expect((await labels('London', de))[0]).toBe('London, Vereinigtes Königreich');
    // English readers keep GeoNames' names, whatever they type.
    expect((await labels('Lissabon'))[0]).toBe('Lisbon, Portugal');
    expect((await labels('Mailand'))[0]).toBe('Milan, Italy');
    expect((await labels('Londres'))[0]).toBe('London, United Kingdom');
    expect((await labels('Múnich'))[0]).toBe('Munich, Germany');
  });

  it('keeps US places as "City, ST" in every language', async () => {
    for (const headers of [{}, { 'accept-language': 'de' }, { 'accept-language': 'es' }] as Record<
      string,
      string
    >[]) {
      const { data } = await cities('springfield, il', headers);
      expect(data[0]).toMatchObject({
        name: 'Springfield',
        label: 'Springfield, IL',
        state: 'IL',
        region: 'IL',
        country: 'US',
      });
    }
  });
});

describe(`GET ${API.geo.reverse} worldwide`, () => {
  it("names the city at Berlin's centre, not its district", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: API.geo.reverse,
      query: { lat: '52.5219', lng: '13.4132' },
    });
    expect(res.statusCode).toBe(200);
    expect(reverseGeocodeResponseSchema.parse(res.json())).toEqual({
      city: 'Berlin',
      state: null,
      country: 'DE',
      label: 'Berlin, Germany',
    });
    const german = await t.app.inject({
      method: 'GET',
      url: API.geo.reverse,
      query: { lat: '52.5219', lng: '13.4132' },
      headers: { 'accept-language': 'de' },
    });
    expect(german.json().label).toBe('Berlin, Deutschland');
  });

  it("names the city in the reader's language where the data says how", async () => {
    const at = async (lat: string, lng: string, language?: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: API.geo.reverse,
        query: { lat, lng },
        headers: language ? { 'accept-language': language } : {},
      });
      expect(res.headers.vary).toMatch(/accept-language/i);
      return reverseGeocodeResponseSchema.parse(res.json());
    };
    // Marienplatz, Munich; Stephansplatz, Vienna.
    expect(await at('48.1374', '11.5755', 'de')).toEqual({
      city: 'Munich',
      state: null,
      country: 'DE',
      label: 'München, Deutschland',
    });
    expect(await at('48.1374', '11.5755', 'es')).toEqual({
      city: 'Munich',
      state: null,
      country: 'DE',
      label: 'Múnich, Alemania',
    });
    expect((await at('48.1374', '11.5755')).label).toBe('Munich, Germany');
    expect((await at('48.2085', '16.3731', 'de')).label).toBe('Wien, Österreich');
    expect((await at('48.2085', '16.3731', 'es')).label).toBe('Viena, Austria');
    expect((await at('48.2085', '16.3731')).label).toBe('Vienna, Austria');
    // Praça do Comércio, Lisbon; the Duomo, Milan; Trafalgar Square, London.
    expect(await at('38.7075', '-9.1364', 'de')).toEqual({
      city: 'Lisbon',
      state: null,
      country: 'PT',
      label: 'Lissabon, Portugal',
    });
    expect((await at('38.7075', '-9.1364', 'es')).label).toBe('Lisboa, Portugal');
    expect((await at('38.7075', '-9.1364')).label).toBe('Lisbon, Portugal');
    expect((await at('45.4642', '9.1900', 'de')).label).toBe('Mailand, Italien');
    expect((await at('45.4642', '9.1900', 'es')).label).toBe('Milán, Italia');
    expect((await at('45.4642', '9.1900')).label).toBe('Milan, Italy');
    expect((await at('51.5080', '-0.1281', 'es')).label).toBe('Londres, Reino Unido');
    expect((await at('51.5080', '-0.1281', 'de')).label).toBe('London, Vereinigtes Königreich');
    expect((await at('51.5080', '-0.1281')).label).toBe('London, United Kingdom');
    // Springfield, IL in every language.
    for (const language of [undefined, 'de', 'es'])
      expect((await at('39.8017', '-89.6437', language)).label).toBe('Springfield, IL');
  });
});

describe('homes abroad', () => {
  it('others get the centre of the city a home in Berlin lies in, never the point', async () => {
    const owner = await createUser(t.app);
    // Kreuzberg, a district of Berlin.
    await t.app.parts.storage.database.db
      .update(users)
      .set({ address: 'Berlin, Germany', latitude: 52.4986, longitude: 13.4037 })
      .where(eq(users.id, owner.id));
    const seen = await profileOf(t.app, owner.id);
    expect(seen).toMatchObject({ latitude: 52.52437, longitude: 13.41053, location: 'Berlin, Germany' });
  });
});
