import { describe, expect, it } from 'vitest';
import { loadWorldRows, type WorldRow } from './data.js';
import { EXONYMS, type Exonym } from './exonyms.js';

const rows = loadWorldRows();

/** The gazetteer's places an entry names: GeoNames' name in that country, city sections (PPLX) aside. */
const placesNamed = (e: Exonym, among: readonly WorldRow[] = rows) =>
  among.filter((r) => r.name === e.place && r.country === e.country && r.featureCode !== 'PPLX');

/** The entries that name no place or more than one, with how many they name. */
const unclear = (entries: readonly Exonym[], among: readonly WorldRow[] = rows) =>
  entries
    .map((e) => [`${e.place}, ${e.country}`, placesNamed(e, among).length] as const)
    .filter(([, n]) => n !== 1);

const names = ({ place: _place, country: _country, ...byLanguage }: Exonym) => byLanguage;

describe('exonyms', () => {
  it("each entry names exactly one of the gazetteer's places", () => {
    expect(rows.length).toBeGreaterThan(100_000);
    expect(unclear(EXONYMS)).toEqual([]);
  });

  it('the check catches an entry that names no place or several', () => {
    const row = rows.find((r) => r.name === 'Lisbon') as WorldRow;
    const twice = [row, { ...row, lat: row.lat + 1, exonyms: undefined }];
    expect(unclear([{ place: 'Lisboa', country: 'PT', de: 'Lissabon' }])).toEqual([['Lisboa, PT', 0]]);
    expect(unclear([{ place: 'Lisbon', country: 'ES', de: 'Lissabon' }])).toEqual([['Lisbon, ES', 0]]);
    expect(unclear([{ place: 'Lisbon', country: 'PT', de: 'Lissabon' }], twice)).toEqual([['Lisbon, PT', 2]]);
  });

  it("each entry tells something GeoNames does not: a name per language that is not the place's, outside the US", () => {
    const places = EXONYMS.map((e) => `${e.place}, ${e.country}`);
    expect(places.length).toBe(new Set(places).size);
    for (const e of EXONYMS) {
      expect(e.country).not.toBe('US');
      const given = Object.values(names(e));
      expect(given.length, e.place).toBeGreaterThan(0);
      for (const name of given) expect(['', e.place], e.place).not.toContain(name.trim());
      // Its country's own name (world-places.tsv) is its readers' name: no exonym in that language.
      const [place] = placesNamed(e);
      if (place?.ownName === undefined) continue;
      const language = new Intl.Locale(`und-${e.country}`).maximize().language;
      expect(names(e), e.place).not.toHaveProperty(language);
    }
  });

  it('the loaded places carry them', () => {
    for (const e of EXONYMS) expect(placesNamed(e)[0]?.exonyms, e.place).toEqual(names(e));
    expect(rows.filter((r) => r.exonyms !== undefined)).toHaveLength(EXONYMS.length);
    expect(rows.find((r) => r.name === 'Lisbon')?.exonyms).toEqual({ de: 'Lissabon', es: 'Lisboa' });
  });
});
