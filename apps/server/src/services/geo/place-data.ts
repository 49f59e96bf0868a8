/**
 * The gazetteer's places as it holds them: the US cities and the world's places merged into columns, ranked by
 * population, with their other names and their names by language. gazetteer.ts answers from them.
 */
import type KDBush from 'kdbush';
import type { CityRow, WorldRow, ZipRow } from './data.js';
import type { NameIndex } from './name-index.js';
import { matchKey } from './normalize.js';

/** Kinds of GeoNames populated places, by what reverse geocoding makes of them. */
export const KIND = {
  /** PPL and the rest: a town of its own. */
  town: 0,
  /** PPLX: a section of a city ("Mitte", "Chicago Loop"): never an address, never suggested. */
  section: 1,
  /** PPLC, PPLA, PPLA2: a capital or a county seat; districts near it are parts of it. */
  major: 2,
  /** PPLA3–PPLA5: often a borough or ward of a larger city ("Islington"). */
  minor: 3,
} as const;
const kindOf = (featureCode: string): number =>
  featureCode === 'PPLX'
    ? KIND.section
    : ['PPLC', 'PPLA', 'PPLA2'].includes(featureCode)
      ? KIND.major
      : /^PPLA[345]$/.test(featureCode)
        ? KIND.minor
        : KIND.town;

/** The language most people of a country speak, as CLDR's likely subtags have it ("AT" → "de"); '' if unknown. */
function languageOfCountry(country: string): string {
  try {
    return new Intl.Locale(`und-${country}`).maximize().language;
  } catch {
    return '';
  }
}

/** The US reverse-geocoding and ZIP side, built on first use: it needs the 42k-row ZIP table. */
export interface ZipSide {
  zipByCode: Map<string, ZipRow>;
  /** Sorted by ZIP, for prefix scans. */
  zips: readonly ZipRow[];
  /** The place id each ZIP's USPS name stands for, or -1 (same order as zips). */
  zipPlaces: Int32Array;
  /** The place ids of the ZIPs whose USPS name is a place, at the ZIP's centroid (tree order). */
  named: Int32Array;
  namedTree: KDBush;
  /** state|matchKey → a USPS-only town (no GeoNames row, mostly under 1,000 people), at its mean centroid. */
  postal: Map<string, ZipRow>;
}

/**
 * The world's places of 1,000 people or more, held as columns (one typed array per field, no object per place):
 * about 135,000 places. Ids are positions, largest population first, so a smaller id means a larger place. Built
 * once per process and shared by every gazetteer made from it (withOptions); the lazy parts are built on first use.
 */
export interface PlaceData {
  names: string[];
  /** The state's two letters in the US, the region's name elsewhere: an index into regionNames. */
  regionOf: Uint16Array;
  regionNames: string[];
  countryOf: Uint8Array;
  countryCodes: string[];
  lat: Float64Array;
  lng: Float64Array;
  pop: Uint32Array;
  kind: Uint8Array;
  usIndex: number;
  /** The other names of the places that have them (see data.ts), by id. */
  others: Map<number, readonly string[]>;
  /**
   * The places that readers of some language call otherwise than GeoNames, by id: their names by language. Its
   * country's own name for readers of its language where GeoNames' name is another ("München" for German readers;
   * the language is CLDR's likely language of the country), and the exonyms of exonyms.ts ("Lissabon", "Múnich").
   */
  namesIn: Map<number, Readonly<Partial<Record<string, string>>>>;
  /** US: state|matchKey → largest place of that name in that state. */
  byKey: Map<string, number>;
  loadZips: () => readonly ZipRow[];
  lazy: { index?: NameIndex; tree?: KDBush; zipSide?: ZipSide; countriesByName?: Map<string, string[]> };
}

export function buildPlaceData(
  usRows: readonly CityRow[],
  worldRows: readonly WorldRow[],
  loadZips: () => readonly ZipRow[],
): PlaceData {
  type Row = {
    name: string;
    region: string;
    country: string;
    lat: number;
    lng: number;
    pop: number;
    fc: string;
    other: readonly string[];
    own?: string | undefined;
    exonyms?: Readonly<Partial<Record<string, string>>> | undefined;
  };
  const rows: Row[] = [
    ...usRows.map(([name, state, lat, lng, pop, fc]) => ({
      name,
      region: state,
      country: 'US',
      lat,
      lng,
      pop,
      fc,
      other: [],
    })),
    ...worldRows.map((r) => ({
      name: r.name,
      region: r.region,
      country: r.country,
      lat: r.lat,
      lng: r.lng,
      pop: r.population,
      fc: r.featureCode,
      other: r.otherNames,
      own: r.ownName,
      exonyms: r.exonyms,
    })),
  ];
  // Largest first (then by country, region and name, so both data sources rank ties alike): ranking and "the
  // largest place of that name" below rely on it.
  rows.sort(
    (a, b) =>
      b.pop - a.pop ||
      (a.country < b.country ? -1 : a.country > b.country ? 1 : 0) ||
      (a.region < b.region ? -1 : a.region > b.region ? 1 : 0) ||
      (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
  );
  const n = rows.length;
  const names = new Array<string>(n);
  const regionOf = new Uint16Array(n);
  const countryOf = new Uint8Array(n);
  const lat = new Float64Array(n);
  const lng = new Float64Array(n);
  const pop = new Uint32Array(n);
  const kind = new Uint8Array(n);
  const byKey = new Map<string, number>();
  const regions = new Map<string, number>();
  const countries = new Map<string, number>();
  const intern = (map: Map<string, number>, value: string) => {
    let i = map.get(value);
    if (i === undefined) map.set(value, (i = map.size));
    return i;
  };
  const others = new Map<number, readonly string[]>();
  const namesIn = new Map<number, Readonly<Partial<Record<string, string>>>>();
  rows.forEach((r, id) => {
    names[id] = r.name;
    regionOf[id] = intern(regions, r.region);
    countryOf[id] = intern(countries, r.country);
    lat[id] = r.lat;
    lng[id] = r.lng;
    pop[id] = r.pop;
    kind[id] = kindOf(r.fc);
    if (r.other.length > 0) others.set(id, r.other);
    if (r.own || r.exonyms)
      namesIn.set(id, { ...r.exonyms, ...(r.own ? { [languageOfCountry(r.country)]: r.own } : {}) });
    if (r.country !== 'US' || kind[id] === KIND.section) return;
    const k = matchKey(r.name);
    if (!byKey.has(`${r.region}|${k}`)) byKey.set(`${r.region}|${k}`, id);
  });
  return {
    names,
    regionOf,
    regionNames: [...regions.keys()],
    countryOf,
    countryCodes: [...countries.keys()],
    lat,
    lng,
    pop,
    kind,
    usIndex: countries.get('US') ?? -1,
    others,
    namesIn,
    byKey,
    loadZips,
    lazy: {},
  };
}
