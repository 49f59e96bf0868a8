import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, citySuggestionsResponseSchema, reverseGeocodeResponseSchema } from '@rummage/contract';
import { loadGazetteer } from '../../services/geo/index.js';
import { geoRoutes } from './geo.routes.js';

// A bare Fastify with the zod compilers: the plugin is tested on its own; the app registers it.
let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(geoRoutes, { gazetteer: loadGazetteer() });
  await app.ready();
});
afterAll(() => app.close());

const get = (url: string) => app.inject({ method: 'GET', url });

describe(`GET ${API.geo.cities}`, () => {
  it('answers { data: CitySuggestion[] }, cacheable for a day', async () => {
    const res = await get(`${API.geo.cities}?q=chic&limit=5`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const body = citySuggestionsResponseSchema.parse(res.json());
    expect(body.data).toHaveLength(5);
    expect(body.data[0]).toMatchObject({ name: 'Chicago', state: 'IL', label: 'Chicago, IL' });
  });

  it('defaults the limit to 15', async () => {
    const res = await get(`${API.geo.cities}?q=s`);
    expect(res.json().data).toHaveLength(15);
  });

  it('answers an empty list for missing or blank q', async () => {
    for (const url of [API.geo.cities, `${API.geo.cities}?q=`, `${API.geo.cities}?q=%20%20`]) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: [] });
    }
  });

  it('finds ZIPs and misspellings', async () => {
    expect((await get(`${API.geo.cities}?q=60601`)).json().data[0].label).toBe('Chicago, IL');
    expect((await get(`${API.geo.cities}?q=albequerque`)).json().data[0].label).toBe('Albuquerque, NM');
  });

  it('rejects a limit over 15 or under 1 with 400 and a readable message', async () => {
    for (const limit of ['16', '0', 'abc']) {
      const res = await get(`${API.geo.cities}?q=chic&limit=${limit}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/limit/i);
    }
  });
});

describe(`GET ${API.geo.reverse}`, () => {
  it('answers { city, state, country, label }', async () => {
    const res = await get(`${API.geo.reverse}?lat=41.8786&lng=-87.6251`);
    expect(res.statusCode).toBe(200);
    expect(reverseGeocodeResponseSchema.parse(res.json())).toEqual({
      city: 'Chicago',
      state: 'IL',
      country: 'US',
      label: 'Chicago, IL',
    });
    expect(res.headers['cache-control']).toBe('private, max-age=86400');
    expect(res.headers.vary).toMatch(/accept-language/i);
  });

  it('answers nulls at sea', async () => {
    const res = await get(`${API.geo.reverse}?lat=35&lng=-60`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ city: null, state: null, country: null, label: null });
  });

  it('rejects bad coordinates with 400', async () => {
    // (An empty "lng=" is not among them: the contract's z.coerce.number() reads it as 0.)
    for (const qs of [
      'lat=abc&lng=-87.6',
      'lat=41.8&lng=abc',
      'lat=91&lng=0',
      'lat=0&lng=181',
      'lng=0',
      '',
    ]) {
      const res = await get(`${API.geo.reverse}?${qs}`);
      expect(res.statusCode, qs).toBe(400);
    }
  });
});
