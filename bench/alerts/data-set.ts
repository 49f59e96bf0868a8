/**
 * Where bench/alerts' saved searches and listings are, and what they ask for: the gazetteer's US cities weighted by
 * population (apps/server/src/services/geo, the same rows the place search uses), the radii people keep, and the
 * words they save. Listings are placed the same way as the searches, so the densest areas are tested where they
 * are densest. docs/benchmarks.md ("bench/alerts") states every share below.
 */
import { loadCityRows } from '../../apps/server/src/services/geo/data.js';
import { ADJECTIVES, NOUNS } from '../feed/database.js';

const KM_PER_DEGREE = 111.195;
const MILES_TO_KM = 1.60934;

/**
 * Radii in miles and the share of saved searches with each: the default (25 miles, DEFAULT_RADIUS_MILES) kept by
 * most, a closer circle by some, a wide one by few.
 */
export const RADIUS_SHARES: ReadonlyArray<readonly [miles: number, share: number]> = [
  [5, 0.08],
  [10, 0.12],
  [25, 0.65],
  [50, 0.1],
  [100, 0.05],
];

/** The share of saved searches with words; the rest take anything in their circle. */
export const WITH_WORDS = 0.9;
/** Among searches with words, those of two words (an adjective and a noun); the others are one noun. */
export const TWO_WORDS = 0.25;

/**
 * People per km² a city's points are spread at: a city's points fall in a disc holding its population at this
 * density (1 km for a village, 21 km for Chicago, 25 km at most), uniformly.
 */
const PEOPLE_PER_KM2 = 2_000;
const SPREAD_KM = { min: 1, max: 25 } as const;

export { random } from '../feed/random.js';

export const pick = <T>(next: () => number, list: readonly T[]) => list[Math.floor(next() * list.length)]!;

const { rows } = loadCityRows();
const cities = rows.filter((row) => row[4] > 0);
const cumulative: number[] = [];
cities.reduce((sum, row) => (cumulative.push(sum + row[4]), sum + row[4]), 0);
const totalPopulation = cumulative[cumulative.length - 1]!;

/** How many cities, and how many people they count, for the report. */
export const gazetteerSize = { cities: cities.length, population: totalPopulation };

/** A point where someone lives: a city picked by population, then uniformly within its disc. */
export function cityPoint(next: () => number) {
  const roll = next() * totalPopulation;
  let low = 0;
  let high = cumulative.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (cumulative[middle]! > roll) high = middle;
    else low = middle + 1;
  }
  const [, , lat, lng, population] = cities[low]!;
  const spread = Math.min(
    SPREAD_KM.max,
    Math.max(SPREAD_KM.min, Math.sqrt(population / (Math.PI * PEOPLE_PER_KM2))),
  );
  const distance = spread * Math.sqrt(next());
  const angle = next() * 2 * Math.PI;
  const latitude = lat + (distance * Math.cos(angle)) / KM_PER_DEGREE;
  const longitude = lng + (distance * Math.sin(angle)) / (KM_PER_DEGREE * Math.cos((lat * Math.PI) / 180));
  return { latitude, longitude };
}

export function radiusKm(next: () => number): number {
  let roll = next();
  const found = RADIUS_SHARES.find(([, share]) => (roll -= share) < 0) ?? RADIUS_SHARES[2]!;
  return found[0] * MILES_TO_KM;
}

/** What a saved search asks for: a noun, an adjective and a noun, or nothing (anything nearby). */
export function savedWords(next: () => number): string | null {
  if (next() >= WITH_WORDS) return null;
  return next() < TWO_WORDS ? `${pick(next, ADJECTIVES)} ${pick(next, NOUNS)}` : pick(next, NOUNS);
}

/** A new listing's title, from the same words bench/feed's listings use. */
export const listingTitle = (next: () => number) => `${pick(next, ADJECTIVES)} ${pick(next, NOUNS)}`;
