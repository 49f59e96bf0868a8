/** Where someone is, for profiles and follower cards. */
export interface Whereabouts {
  /** The gazetteer's "City, ST" (server side); null when it found no place for the coordinates. */
  location: string | null;
  latitude: number | null;
  longitude: number | null;
}

/**
 * The place name, else the bare coordinates as text (docs/product.md §8: on geocode failure coordinates are shown),
 * else null, which the callers show as "Location unavailable".
 */
export function placeText(where: Whereabouts | null): string | null {
  if (where?.location) return where.location;
  if (where && where.latitude !== null && where.longitude !== null)
    return `${where.latitude.toFixed(2)}, ${where.longitude.toFixed(2)}`;
  return null;
}
