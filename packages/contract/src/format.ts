import { MILES_TO_KM } from './constants.js';
import { fillText, messages } from './messages.js';
import type { DistanceUnit } from './locale.js';
import type { Catalogue } from './locales/catalogue.js';

/** How each language writes a number of thousands after the figure: "1.5k", "1,5 Tsd.", "1,5 mil". */
const THOUSANDS: Record<string, { point: string; suffix: string }> = {
  en: { point: '.', suffix: 'k' },
  // A no-break space keeps the word with its figure on a narrow badge.
  de: { point: ',', suffix: '\u00a0Tsd.' },
  es: { point: ',', suffix: '\u00a0mil' },
};

/**
 * Counts under 1000 as they are; otherwise thousands with "k", one decimal unless exact, rounded to the nearest
 * tenth (docs/product.md §9): 1000 is "1k", 1050 "1.1k", 1500 "1.5k". Whole numbers only, so 1050 / 100 cannot
 * land on 10.499… the way 1.05 * 10 does in floating point. Other languages write the same figure their own way
 * (docs/product.md §22): "1,5 Tsd." in German, "1,5 mil" in Spanish. Written out here rather than by
 * Intl.NumberFormat's compact notation, which leaves German thousands unabbreviated ("1500") and switches to
 * millions, and whose output differs between the ICU versions of browsers and Node.
 */
export function formatCount(value: number, locale = 'en'): string {
  if (!Number.isFinite(value)) return '0';
  const whole = Math.trunc(value);
  if (Math.abs(whole) < 1000) return String(whole);
  const { point, suffix } = THOUSANDS[locale] ?? (THOUSANDS.en as { point: string; suffix: string });
  const sign = whole < 0 ? '-' : '';
  const size = Math.abs(whole);
  if (size % 1000 === 0) return `${sign}${size / 1000}${suffix}`;
  // Hundreds, rounded half up: 1050 → 11 → "1.1k"; 1999 → 20 → "2.0k" (not exact, so the decimal stays).
  const tenths = Math.floor((size + 50) / 100);
  return `${sign}${Math.floor(tenths / 10)}${point}${tenths % 10}${suffix}`;
}

/** The radius is chosen in miles and sent as kilometres (docs/product.md §7 radiusKm). */
export function milesToKm(miles: number): number {
  return miles * MILES_TO_KM;
}

/** Kilometres back to miles, to the tenth: a saved search's radius reads "25 mi", not "24.99999 mi". */
export function kmToMiles(km: number): number {
  return Math.round((km / MILES_TO_KM) * 10) / 10;
}

/** Mean Earth radius (IUGG), the sphere the server's radius search measures on too. */
const EARTH_RADIUS_KM = 6371.0088;

/** Great-circle (haversine) distance in km between two points. */
export function haversineKm(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * A distance to a listing's approximate point (docs/product.md §13) in miles, rounded to the nearest half mile:
 * finer figures would let someone walk the cell edge to find the spot. Below a quarter mile it is 0, which
 * formatApproximateMiles says as "Less than 0.5 mi", so a listing never reads "0 mi".
 */
export function approximateMiles(distanceKm: number): number {
  if (!Number.isFinite(distanceKm) || distanceKm <= 0) return 0;
  return Math.round((distanceKm / MILES_TO_KM) * 2) / 2;
}

/** A number of miles as the reader writes it: "1.5" in English, "1,5" in German and Spanish, at most one decimal. */
export function formatMiles(miles: number, locale = 'en'): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 1, useGrouping: false }).format(miles);
}

/** "1.5 mi away", or "Less than 0.5 mi away" below a quarter mile (approximateMiles). */
export function formatApproximateMiles(distanceKm: number): string {
  return formatApproximateDistance(distanceKm, 'mi');
}

/**
 * A distance to a listing's approximate point in the installation's unit: in miles as formatApproximateMiles; in
 * kilometres rounded to the nearest whole one (half a kilometre would be finer than the SPEC's half mile), "Less
 * than 1 km" below half a kilometre.
 */
export function formatApproximateDistance(
  distanceKm: number,
  unit: DistanceUnit,
  texts: Catalogue['pickupPrivacy'] = messages.pickupPrivacy,
  locale = 'en',
): string {
  if (unit !== 'km') {
    const miles = approximateMiles(distanceKm);
    return miles === 0
      ? texts.underHalfMileAway
      : fillText(texts.milesAway, { miles: formatMiles(miles, locale) });
  }
  const km = Number.isFinite(distanceKm) ? Math.round(distanceKm) : 0;
  return km <= 0 ? texts.underOneKmAway : fillText(texts.kmAway, { km });
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

const countryNames = new Map<string, Intl.DisplayNames>();

/** A country's name in a language ("DE" → "Germany", "Deutschland", "Alemania"); the code if Intl lacks it. */
export function countryName(code: string, locale = 'en'): string {
  let names = countryNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
    countryNames.set(locale, names);
  }
  try {
    return names.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/**
 * The address text of a place: "Springfield, IL" in the US (never ", USA"), "Berlin, Germany" elsewhere, with the
 * country named in the reader's language ("Berlin, Deutschland").
 */
export function cityLabel(
  place: { name: string; state?: string | null; country: string },
  locale = 'en',
): string {
  if (place.country === 'US') return cityStateLabel(place.name, place.state ?? null);
  return `${place.name}, ${countryName(place.country, locale)}`;
}

/** 1234567 → "1,234,567" */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, ',');
}

const priceFormats = new Map<string, { whole: Intl.NumberFormat; cents: Intl.NumberFormat }>();

function priceFormat(locale: string, currency: string) {
  const key = `${locale}|${currency}`;
  let format = priceFormats.get(key);
  if (!format) {
    const options = { style: 'currency', currency } as const;
    format = {
      whole: new Intl.NumberFormat(locale, {
        ...options,
        minimumFractionDigits: 0,
        maximumFractionDigits: 0,
      }),
      cents: new Intl.NumberFormat(locale, options),
    };
    priceFormats.set(key, format);
  }
  return format;
}

/**
 * A price in the installation's currency as the reader's language writes it: "$45" or "$12.50" in English and
 * dollars, "12,50 €" in German and euros. Whole amounts drop the cents ("45 €"), as shops write them.
 * English dollars, every price of an installation left at the SPEC's defaults, are written out by hand: creating
 * the first Intl formatter loads locale data, a long pause on a phone while the app starts, and every product
 * card needs this.
 */
export function formatPrice(price: number, locale = 'en', currency = 'USD'): string {
  if (locale === 'en' && currency === 'USD') return formatDollars(price);
  const amount = Number.isFinite(price) ? price : 0;
  const cents = Math.round(Math.abs(amount) * 100);
  const format = priceFormat(locale, currency);
  return (cents % 100 === 0 ? format.whole : format.cents).format(Math.sign(amount) * (cents / 100));
}

function formatDollars(price: number): string {
  if (!Number.isFinite(price)) return '$0';
  const cents = Math.round(Math.abs(price) * 100);
  const dollars = groupThousands(String(Math.floor(cents / 100)));
  const fraction = cents % 100 === 0 ? '' : `.${String(cents % 100).padStart(2, '0')}`;
  return `${price < 0 && cents > 0 ? '-' : ''}$${dollars}${fraction}`;
}

/**
 * The currency's sign as the reader's language writes it beside an amount field, and on which side: "$" before in
 * English dollars, "€" after in German euros. English dollars are known without asking Intl (see formatPrice).
 */
export function currencySign(locale = 'en', currency = 'USD'): { sign: string; before: boolean } {
  if (locale === 'en' && currency === 'USD') return { sign: '$', before: true };
  const parts = priceFormat(locale, currency).whole.formatToParts(1);
  const at = parts.findIndex((part) => part.type === 'currency');
  const number = parts.findIndex((part) => part.type === 'integer');
  return { sign: parts[at]?.value ?? currency, before: at < number };
}

/**
 * An amount as a person typed it in their language, in the form the API reads ("12.50"): "12,50" in any language
 * (a comma before one or two digits is never a thousands separator), German or Spanish "1.234,50", English
 * "1,234.50". A point before one or two digits is a decimal point everywhere, as people type it so on any keyboard.
 * Anything else comes back as typed, for the schema to refuse rather than guess.
 */
export function amountFromInput(text: string, locale = 'en'): string {
  const typed = text.trim().replace(/\s/g, '');
  if (/^\d*,\d{1,2}$/.test(typed)) return typed.replace(',', '.');
  if (locale !== 'en')
    return /^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(typed) ? typed.replaceAll('.', '').replace(',', '.') : typed;
  return /^\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(typed) ? typed.replaceAll(',', '') : typed;
}

/**
 * An amount written into a field for the person to edit, as their language types it and `amountFromInput` reads it
 * back: "12.50" in English, "12,50" in German and Spanish, "12" for a whole amount; no thousands separators.
 */
export function amountForInput(amount: number, locale = 'en'): string {
  const cents = Math.round(amount * 100);
  const text = cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
  return locale === 'en' ? text : text.replace('.', ',');
}
