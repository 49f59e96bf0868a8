/**
 * Private pickup spots (docs/security.md): a listing's point is answered as the centre of a fixed grid cell of
 * about 500 m. The cell is fixed (not a random offset), so asking many times always gives the same centre and
 * averaging answers reveals nothing.
 */
export const APPROXIMATE_CELL_DEGREES = 0.0045;
/** Radius of the circle the product page draws around an approximate point: about half a cell's diagonal. */
export const APPROXIMATE_AREA_RADIUS_M = 500;

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * The centre of the ~500 m cell a point lies in. The longitude step is widened by the cell's own latitude band
 * (its centre latitude), so every point of the band maps to the same columns and cells stay roughly square.
 */
export function approximatePoint(
  latitude: number,
  longitude: number,
): { latitude: number; longitude: number } {
  const step = APPROXIMATE_CELL_DEGREES;
  const row = Math.floor(latitude / step);
  const centreLatitude = Math.min(90, Math.max(-90, (row + 0.5) * step));
  const lngStep = step / Math.max(Math.cos((centreLatitude * Math.PI) / 180), 0.01);
  const column = Math.floor(longitude / lngStep);
  const centreLongitude = Math.min(180, Math.max(-180, (column + 0.5) * lngStep));
  return { latitude: round6(centreLatitude), longitude: round6(centreLongitude) };
}
