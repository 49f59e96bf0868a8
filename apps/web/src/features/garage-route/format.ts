/** How the route page writes times, durations, distances and the directions link. */
import {
  MILES_TO_KM,
  fillText,
  messages,
  type Catalogue,
  type DistanceUnit,
  type Locale,
} from '@rummage/contract';
import type { LatLng } from './planner';

const timeOptions: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
const dayTimeOptions: Intl.DateTimeFormatOptions = { weekday: 'short', hour: 'numeric', minute: '2-digit' };

/** `date` in the reader's language (`locale`, the page's), on the viewer's clock or `timeZone`'s. */
function safeFormat(
  date: Date,
  locale: Locale,
  options: Intl.DateTimeFormatOptions,
  timeZone?: string,
): string {
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone }).format(date);
  } catch {
    // An unknown zone name from the server should cost the zone hint, not the page.
    return new Intl.DateTimeFormat(locale, options).format(date);
  }
}

/**
 * Times in the viewer's zone, with the weekday once the trip runs into another day than it starts: a bare
 * "9:00 AM" for tomorrow's sale would read as this morning.
 */
export function makeTimeFormatter(tripStart: Date, locale: Locale = 'en'): (date: Date) => string {
  const startDay = tripStart.toDateString();
  return (date) => safeFormat(date, locale, date.toDateString() === startDay ? timeOptions : dayTimeOptions);
}

const withZoneOptions: Intl.DateTimeFormatOptions = { ...timeOptions, timeZoneName: 'short' };

/** The same instant on the sale's own clock ("9:05 AM CDT"), or null when it reads the same as the viewer's. */
export function saleZoneTime(date: Date, timeZone: string | undefined, locale: Locale = 'en'): string | null {
  if (!timeZone) return null;
  const local = safeFormat(date, locale, withZoneOptions);
  const there = safeFormat(date, locale, withZoneOptions, timeZone);
  return local === there ? null : there;
}

/** A sale's hours on its own clock ("8:00 AM – 2:00 PM CDT"), or null when that reads as the viewer's. */
export function saleZoneRange(
  opens: Date,
  closes: Date,
  timeZone: string | undefined,
  locale: Locale = 'en',
): string | null {
  if (!timeZone || saleZoneTime(opens, timeZone, locale) === null) return null;
  return `${safeFormat(opens, locale, timeOptions, timeZone)} – ${safeFormat(closes, locale, withZoneOptions, timeZone)}`;
}

/** The route page's words, in the reader's language (English unless given). */
type RouteWords = Catalogue['garageRoute'];

export function formatDuration(minutes: number, texts: RouteWords = messages.garageRoute): string {
  const whole = Math.max(0, Math.round(minutes));
  if (whole < 60) return fillText(texts.minutesShort, { minutes: whole });
  return fillText(texts.hoursMinutes, { hours: Math.floor(whole / 60), minutes: whole % 60 });
}

/** Whole numbers from 10 on, one decimal below, as the reader's language writes them ("2.4", "2,4", "12"). */
function distanceNumber(value: number, locale: Locale): string {
  const digits = value < 10 ? 1 : 0;
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  }).format(value);
}

/**
 * A distance in the installation's unit (DISTANCE_UNIT): "2.4 mi" as the SPEC measures, or "3.9 km" where the unit
 * is km. The planner counts in kilometres either way.
 */
export function formatDistance(
  km: number,
  unit: DistanceUnit,
  texts: RouteWords = messages.garageRoute,
  locale: Locale = 'en',
): string {
  if (unit === 'km') return fillText(texts.kilometres, { value: distanceNumber(km, locale) });
  return fillText(texts.miles, { value: distanceNumber(km / MILES_TO_KM, locale) });
}

function coordinate(point: LatLng): string {
  // Six decimals is about 10 cm: as exact as the maps service can use, and a shorter link.
  return `${point.latitude.toFixed(6)},${point.longitude.toFixed(6)}`;
}

/**
 * A Google Maps multi-stop directions link (the SPEC's maps service): origin, every stop but the last as a
 * waypoint, the last as destination, in visiting order. Null when there is nowhere to go.
 */
export function directionsUrl(origin: LatLng, stops: readonly LatLng[]): string | null {
  const last = stops[stops.length - 1];
  if (!last) return null;
  const params = new URLSearchParams({ api: '1', origin: coordinate(origin), destination: coordinate(last) });
  if (stops.length > 1) params.set('waypoints', stops.slice(0, -1).map(coordinate).join('|'));
  params.set('travelmode', 'driving');
  return `https://www.google.com/maps/dir/?${params.toString()}`;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A Date as a datetime-local value (the viewer's wall clock, to the minute). */
export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(
    date.getMinutes(),
  )}`;
}

/** A datetime-local value back to a Date; null when blank or malformed. */
export function fromLocalInput(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(year, month - 1, day, hour, minute);
  return Number.isNaN(date.getTime()) ? null : date;
}
