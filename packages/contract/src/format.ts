import { MILES_TO_KM } from './constants.js';

/** Counts under 1000 as they are; otherwise thousands with "k", one decimal unless exact (docs/product.md §9). */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return '0';
  if (Math.abs(value) < 1000) return String(Math.trunc(value));
  const thousands = value / 1000;
  if (Number.isInteger(thousands)) return `${thousands}k`;
  // Not exact, so one decimal even when it is 0 ("1.0k" for 1050: "1k" would read as exactly a thousand);
  // rounded down, so a count never shows more than it is (1999 is "1.9k", not "2.0k").
  return `${(Math.floor(thousands * 10) / 10).toFixed(1)}k`;
}

/** The radius is chosen in miles and sent as kilometres (docs/product.md §7 radiusKm). */
export function milesToKm(miles: number): number {
  return miles * MILES_TO_KM;
}

/** Chosen addresses drop a trailing ", USA" (docs/product.md §5). */
export function stripUsaSuffix(address: string): string {
  return address.replace(/,\s*USA\s*$/i, '').trim();
}

/**
 * "City, ST", the one way a place is named: city suggestions, the saved address, profiles, listings and
 * garage sales. The city alone when no state is known.
 */
export function cityStateLabel(city: string, state: string | null): string {
  return state ? `${city}, ${state}` : city;
}
