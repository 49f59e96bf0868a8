import { approximatePoint } from '@rummage/contract';
import type { Gazetteer } from './gazetteer.js';

/** The gazetteer's reverse geocoding, which services and seeds are given. */
export type ReverseGeocode = Gazetteer['reverse'];

/**
 * "City, ST" (in the US) or "City, Country" (elsewhere, in the installation's language) of a point, as listings,
 * garage sales and profiles show it; null away from any place.
 */
export function placeLabel(reverse: ReverseGeocode, latitude: number, longitude: number): string | null {
  return reverse(latitude, longitude).label;
}

/** What `cityCentre` asks of the gazetteer. */
export type CityCentreLookup = Pick<Gazetteer, 'cityCentreAt'>;

/**
 * What others get of a person's saved home point (docs/security.md): the centre of the city it lies in, anywhere
 * in the world, so reverse-geocoding it still names that city. Away from any city (the open sea) the ~500 m cell's
 * centre instead.
 */
export function cityCentre(
  gazetteer: CityCentreLookup,
  latitude: number,
  longitude: number,
): { latitude: number; longitude: number } {
  return gazetteer.cityCentreAt?.(latitude, longitude) ?? approximatePoint(latitude, longitude);
}
