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

const CELL = sql.raw(`${APPROXIMATE_CELL_DEGREES}::float8`);

/**
 * The centre of the ~500 m cell a point lies in, in SQL: the contract's `approximatePoint` (the point every answer
 * shows of a listing), before its rounding to 6 decimals (under 6 cm). approximate-point.test.ts holds the two together.
 */
export function approximatePointSql(columns: PointColumns | { latitude: SQL; longitude: SQL }): {
  latitude: SQL;
  longitude: SQL;
} {
  const latitude = sql`least(90::float8, greatest(-90::float8, (floor(${columns.latitude} / ${CELL}) + 0.5) * ${CELL}))`;
  const lngStep = sql`(${CELL} / greatest(cos(radians(${latitude})), 0.01::float8))`;
  const longitude = sql`least(180::float8, greatest(-180::float8, (floor(${columns.longitude} / ${lngStep}) + 0.5) * ${lngStep}))`;
  return { latitude, longitude };
}

/** A listing's approximate point as a one-point box, for `&&` against a stored box (saved searches). */
export function approximateListingBox(): SQL {
  const shown = approximatePointSql(LISTING_POINT);
  const point = sql`point(${shown.longitude}, ${shown.latitude})`;
  return sql`box(${point}, ${point})`;
}

/**
 * WHERE fragment for "within the circle": the point GiST index answers the box (`<@`), then the exact haversine
 * drops the corners (docs/data.md: 5–11 ms for 25 miles around Chicago in 200k listings, no extension needed).
 * Garage sales pass their own columns: a sale's address is public. Listings are measured at the point their
 * answers show, the centre of their ~500 m cell (docs/security.md, private pickup spots): were the circle to test
 * the exact spot, whether a listing is in a page would tell its exact distance from any centre a visitor picks,
 * and three centres would find the spot. Their box is widened by half a cell, so that the index on the exact
 * point still finds every listing whose cell centre lies in the circle.
 */
export function withinCircle(circle: Circle, columns: PointColumns = LISTING_POINT): SQL {
  return withinCircleOf(circleValues(circle), columns);
}

/** `withinCircle` over values that may be placeholders or another table's columns. */
export function withinCircleOf(values: CircleValues<unknown>, columns: PointColumns = LISTING_POINT): SQL {
  const { latitude: lat, longitude: lng, radiusKm } = values;
  const listing = columns === LISTING_POINT;
  const measured = listing ? approximatePointSql(columns) : columns;
  const box = listing ? widenedByHalfACell(values) : values;
  const point = sql`point(${columns.longitude}, ${columns.latitude})`;
  const inBox = sql`${point} <@ box(point(${box.minLng}::float8, ${box.minLat}::float8), point(${box.maxLng}::float8, ${box.maxLat}::float8))`;
  const distance = sql`2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1, sqrt(
      power(sin(radians(${measured.latitude} - ${lat}::float8) / 2), 2)
      + cos(radians(${lat}::float8)) * cos(radians(${measured.latitude}))
        * power(sin(radians(${measured.longitude} - ${lng}::float8) / 2), 2))))`;
  return sql`(${inBox} and ${distance} <= ${radiusKm}::float8)`;
}

/**
 * The box grown by the most a cell centre can lie from a point of the box: half a cell of latitude, and half the
 * widest cell of longitude, at the box's latitude furthest from the equator (a cell's longitude step grows as
 * 1 / cos(latitude), capped as in `approximatePoint`).
 */
function widenedByHalfACell(
  values: CircleValues<unknown>,
): Omit<CircleValues<SQL>, 'latitude' | 'longitude' | 'radiusKm'> {
  const half = sql`(${CELL} / 2)`;
  const furthest = sql`least(90::float8, greatest(abs(${values.minLat}::float8), abs(${values.maxLat}::float8)) + ${CELL})`;
  const halfLng = sql`(${half} / greatest(cos(radians(${furthest})), 0.01::float8))`;
  return {
    minLat: sql`(${values.minLat}::float8 - ${half})`,
    maxLat: sql`(${values.maxLat}::float8 + ${half})`,
    minLng: sql`(${values.minLng}::float8 - ${halfLng})`,
    maxLng: sql`(${values.maxLng}::float8 + ${halfLng})`,
  };
}
