import { approximatePoint, cityStateLabel } from '@rummage/contract';
import type { Gazetteer } from './gazetteer.js';

/** The gazetteer's reverse geocoding, which services and seeds are given. */
export type ReverseGeocode = Gazetteer['reverse'];

/** "City, ST" of a point as listings, garage sales and profiles show it; the city alone without a state. */
export function placeLabel(reverse: ReverseGeocode, latitude: number, longitude: number): string | null {
  const { city, state } = reverse(latitude, longitude);
  return city ? cityStateLabel(city, state) : city;
}

/** What `cityCentre` asks of the gazetteer. */
export type CityCentreLookup = Pick<Gazetteer, 'reverse' | 'forward'>;

/**
 * What others get of a person's saved home point (docs/security.md): the centre of the city it lies in, so
 * reverse-geocoding it still names that city. Away from any city (sea, abroad) the ~500 m cell's centre instead.
 */
export function cityCentre(
  gazetteer: CityCentreLookup,
  latitude: number,
  longitude: number,
): { latitude: number; longitude: number } {
  const { city, state } = gazetteer.reverse(latitude, longitude);
  const found = city ? gazetteer.forward(cityStateLabel(city, state)) : undefined;
  return found
    ? { latitude: found.latitude, longitude: found.longitude }
    : approximatePoint(latitude, longitude);
}
