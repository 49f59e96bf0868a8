import { sql, type Column, type SQL } from 'drizzle-orm';
import { APPROXIMATE_CELL_DEGREES } from '@rummage/contract';
import { products } from '../../db/schema.js';

/** Mean Earth radius (IUGG). The feed and its tests measure with the same sphere, so boundaries are exact. */
export const EARTH_RADIUS_KM = 6371.0088;

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
const toDegrees = (radians: number) => (radians * 180) / Math.PI;

export interface Circle {
  latitude: number;
  longitude: number;
  radiusKm: number;
}

/** A latitude/longitude box holding the whole circle; a missing longitude range means "all longitudes". */
export interface BoundingBox {
  minLat: number;
  maxLat: number;
  lng?: { min: number; max: number };
}

/** Rounding in the box must never cut a point the exact distance would keep: widen it by ~1 cm. */
const MARGIN_DEGREES = 1e-7;

/**
 * The smallest lat/lng box around a spherical cap. The longitude half-width is asin(sin(d)/cos(lat)), wider than
 * the naive d/cos(lat), because the circle bulges furthest east and west poleward of its centre. Circles that
 * reach a pole or cross the antimeridian get no longitude bound (the exact check still applies).
 */
export function boundingBox({ latitude, longitude, radiusKm }: Circle): BoundingBox {
  const angular = radiusKm / EARTH_RADIUS_KM;
  const dLat = toDegrees(angular) + MARGIN_DEGREES;
  const minLat = latitude - dLat;
  const maxLat = latitude + dLat;
  if (minLat <= -90 || maxLat >= 90) return { minLat: Math.max(minLat, -90), maxLat: Math.min(maxLat, 90) };
  const ratio = Math.sin(angular) / Math.cos(toRadians(latitude));
  if (ratio >= 1) return { minLat, maxLat };
  const dLng = toDegrees(Math.asin(ratio)) + MARGIN_DEGREES;
  const lng = { min: longitude - dLng, max: longitude + dLng };
  if (lng.min < -180 || lng.max > 180) return { minLat, maxLat };
  return { minLat, maxLat, lng };
}

/** Great-circle distance in km between two points (haversine), the same formula as the SQL below. */
export function distanceKm(aLat: number, aLng: number, bLat: number, bLng: number): number {
  const h =
    Math.sin(toRadians(bLat - aLat) / 2) ** 2 +
    Math.cos(toRadians(aLat)) * Math.cos(toRadians(bLat)) * Math.sin(toRadians(bLng - aLng) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The coordinate columns of a table with a GiST index on point(longitude, latitude). */
export interface PointColumns {
  latitude: Column;
  longitude: Column;
}

/**
 * What the circle's SQL needs: its centre and radius, and its bounding box with the open sides filled in. Each value
 * is a number, or a `sql.placeholder` in a statement prepared once for every circle (the feed's).
 */
export interface CircleValues<T = number> {
  latitude: T;
  longitude: T;
  radiusKm: T;
  minLat: T;
  maxLat: T;
  minLng: T;
  maxLng: T;
}

export function circleValues(circle: Circle): CircleValues {
  const box = boundingBox(circle);
  return {
    latitude: circle.latitude,
    longitude: circle.longitude,
    radiusKm: circle.radiusKm,
    minLat: box.minLat,
    maxLat: box.maxLat,
    minLng: box.lng?.min ?? -180,
    maxLng: box.lng?.max ?? 180,
  };
}

const LISTING_POINT: PointColumns = { latitude: products.latitude, longitude: products.longitude };

/** The point a listing's answers show, stored with it (`cellCentreSql`). */
export const LISTING_SHOWN_POINT: PointColumns = {
  latitude: products.shownLatitude,
  longitude: products.shownLongitude,
};

/** A listing's shown point as a one-point box, for `&&` against a stored box (saved searches). */
export function shownListingBox(): SQL {
  const point = sql`point(${LISTING_SHOWN_POINT.longitude}, ${LISTING_SHOWN_POINT.latitude})`;
  return sql`box(${point}, ${point})`;
}

/**
 * `circleValues` for the feed's listings: the box grown by the most a cell centre can lie from a point of it (half
 * a cell of latitude; half the widest cell of longitude, at the box's latitude furthest from the equator, capped
 * as in `approximatePoint`), so the index on the exact point finds every listing whose shown point is in the
 * circle. Grown here, as numbers: in the SQL, the prepared feed statement's generic plan would look dearer than
 * its custom ones and PostgreSQL would plan every call again (feed.statement.ts, `paging`).
 */
export function listingCircleValues(circle: Circle): CircleValues {
  const values = circleValues(circle);
  const half = APPROXIMATE_CELL_DEGREES / 2;
  const furthest = Math.min(
    90,
    Math.max(Math.abs(values.minLat), Math.abs(values.maxLat)) + APPROXIMATE_CELL_DEGREES,
  );
  const halfLng = half / Math.max(Math.cos(toRadians(furthest)), 0.01);
  return {
    ...values,
    minLat: values.minLat - half,
    maxLat: values.maxLat + half,
    minLng: values.minLng - halfLng,
    maxLng: values.maxLng + halfLng,
  };
}

/**
 * WHERE fragment for "within the circle": the point GiST index answers the box (`<@`), then the exact haversine
 * drops the corners (docs/data.md: 5–11 ms for 25 miles around Chicago in 200k listings, no extension needed).
 * Garage sales pass their own columns: a sale's address is public. Listings are measured at the point their
 * answers show, the centre of their ~500 m cell (docs/security.md, private pickup spots): were the circle to test
 * the exact spot, whether a listing is in a page would tell its exact distance from any centre a visitor picks,
 * and three centres would find the spot. With the listings' exact point (the default), the box is read on the
 * exact point, through its index, and must be `listingCircleValues`'; with `LISTING_SHOWN_POINT`, both tests read
 * the shown point (saved searches, whose own index answers their stored box).
 */
export function withinCircle(circle: Circle, columns: PointColumns = LISTING_POINT): SQL {
  return withinCircleOf(
    columns === LISTING_POINT ? listingCircleValues(circle) : circleValues(circle),
    columns,
  );
}

/** `withinCircle` over values that may be placeholders or another table's columns. */
export function withinCircleOf(values: CircleValues<unknown>, columns: PointColumns = LISTING_POINT): SQL {
  const { latitude: lat, longitude: lng, radiusKm, minLat, maxLat, minLng, maxLng } = values;
  const measured = columns === LISTING_POINT ? LISTING_SHOWN_POINT : columns;
  const point = sql`point(${columns.longitude}, ${columns.latitude})`;
  const inBox = sql`${point} <@ box(point(${minLng}::float8, ${minLat}::float8), point(${maxLng}::float8, ${maxLat}::float8))`;
  const distance = sql`2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1, sqrt(
      power(sin(radians(${measured.latitude} - ${lat}::float8) / 2), 2)
      + cos(radians(${lat}::float8)) * cos(radians(${measured.latitude}))
        * power(sin(radians(${measured.longitude} - ${lng}::float8) / 2), 2))))`;
  return sql`(${inBox} and ${distance} <= ${radiusKm}::float8)`;
}
