import { cityStateLabel } from '@rummage/contract';
import type { Gazetteer } from './gazetteer.js';

/** The gazetteer's reverse geocoding, which services and seeds are given. */
export type ReverseGeocode = Gazetteer['reverse'];

/** "City, ST" of a point as listings, garage sales and profiles show it; the city alone without a state. */
export function placeLabel(reverse: ReverseGeocode, latitude: number, longitude: number): string | null {
  const { city, state } = reverse(latitude, longitude);
  return city ? cityStateLabel(city, state) : city;
}
