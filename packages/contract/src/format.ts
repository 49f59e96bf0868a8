import { MILES_TO_KM } from './constants.js';

/**
 * Counts under 1000 as they are; otherwise thousands with "k", one decimal unless exact, rounded to the nearest
 * tenth (docs/product.md §9): 1000 is "1k", 1050 "1.1k", 1500 "1.5k". Whole numbers only, so 1050 / 100 cannot
 * land on 10.499… the way 1.05 * 10 does in floating point.
 */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return '0';
  const whole = Math.trunc(value);
  if (Math.abs(whole) < 1000) return String(whole);
  const sign = whole < 0 ? '-' : '';
  const size = Math.abs(whole);
  if (size % 1000 === 0) return `${sign}${size / 1000}k`;
  // Hundreds, rounded half up: 1050 → 11 → "1.1k"; 1999 → 20 → "2.0k" (not exact, so the decimal stays).
  const tenths = Math.floor((size + 50) / 100);
  return `${sign}${Math.floor(tenths / 10)}.${tenths % 10}k`;
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
