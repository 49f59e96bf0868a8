/**
 * Where the demo happens. A fresh installation's demo people, listings and garage sales are placed in the
 * installation's country (DEFAULT_COUNTRY) where the demo knows its cities (the United States, Germany, Spain),
 * otherwise in the country of its language (DEFAULT_LOCALE: German in Germany, Spanish in Spain, English in the
 * United States), so a newcomer trying a German installation sees flea-market finds around Berlin, not Chicago.
 *
 * Every place has the same part in each country: the first city is the `demo` account's and has the most listings
 * and the carousel of garage sales, the second alice's, the third bob's; the local sellers of a city keep their
 * part under a local name. The US data is the original; the others are built from it (db/seed-catalog.ts holds
 * the texts).
 */
import { haversineKm, type Locale } from '@rummage/contract';
import type { DemoCity } from './seed-catalog.js';
import { DEMO_CITIES, SIGN_IN_ACCOUNTS } from './seed-catalog.js';

export interface DemoLocale {
  language: Locale;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

export const US_DEMO: DemoLocale = { language: 'en', country: 'US' };

interface LocalCity {
  label: string;
  latitude: number;
  longitude: number;
  /** The local names of the US city's local sellers, in the same order (the sign-in accounts keep theirs). */
  sellers: readonly string[];
}

/** The US cities' counterparts, in DEMO_CITIES' order. */
const LOCAL_CITIES: Readonly<Record<string, readonly LocalCity[]>> = {
  DE: [
    { label: 'Berlin', latitude: 52.52, longitude: 13.405, sellers: ['kiezfundstuecke', 'spreetroedel'] },
    { label: 'Hamburg', latitude: 53.5511, longitude: 9.9937, sellers: ['elbflohmarkt'] },
    { label: 'München', latitude: 48.1372, longitude: 11.5755, sellers: ['isartroedel'] },
    { label: 'Köln', latitude: 50.9375, longitude: 6.9603, sellers: ['domstadtschaetze'] },
    { label: 'Frankfurt am Main', latitude: 50.1109, longitude: 8.6821, sellers: ['mainfunde'] },
    { label: 'Stuttgart', latitude: 48.7758, longitude: 9.1829, sellers: ['kesselkram'] },
    { label: 'Leipzig', latitude: 51.3397, longitude: 12.3731, sellers: ['messestadtfunde'] },
    { label: 'Dresden', latitude: 51.0504, longitude: 13.7373, sellers: ['elbtalschaetze'] },
  ],
  ES: [
    {
      label: 'Madrid',
      latitude: 40.4168,
      longitude: -3.7038,
      sellers: ['rastrolavapies', 'chamberivintage'],
    },
    { label: 'Barcelona', latitude: 41.3874, longitude: 2.1686, sellers: ['encantsbcn'] },
    { label: 'Valencia', latitude: 39.4699, longitude: -0.3763, sellers: ['ruzafaretro'] },
    { label: 'Sevilla', latitude: 37.3891, longitude: -5.9845, sellers: ['trianarastro'] },
    { label: 'Zaragoza', latitude: 41.6488, longitude: -0.8891, sellers: ['pilarsegundamano'] },
    { label: 'Málaga', latitude: 36.7213, longitude: -4.4214, sellers: ['soholmalaga'] },
    { label: 'Bilbao', latitude: 43.263, longitude: -2.935, sellers: ['bilbaobaratillo'] },
    { label: 'Granada', latitude: 37.1773, longitude: -3.5986, sellers: ['albaicinhallazgos'] },
  ],
};

/**
 * The sign-in accounts' phone numbers where the demo is, in the country's own form. Germany's are from the ranges
 * the Bundesnetzagentur keeps for films and examples (Berlin 030 23125, Hamburg 040 66969, Munich 089 99998);
 * Spain has none, so its are made up in the three cities' fixed-line ranges.
 */
const LOCAL_PHONES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  DE: { demo: '+49 30 23125142', alice: '+49 40 66969199', bob: '+49 89 99998123' },
  ES: { demo: '+34 910 000 142', alice: '+34 930 000 199', bob: '+34 960 000 123' },
};

/** The countries the demo knows its cities in. */
export const DEMO_COUNTRIES: readonly string[] = ['US', ...Object.keys(LOCAL_CITIES)];

const COUNTRY_OF_LANGUAGE: Readonly<Record<Locale, string>> = { en: 'US', de: 'DE', es: 'ES' };

/** Streets every town of the country has, for the garage sales' addresses. */
const STREETS: Readonly<Record<string, readonly string[]>> = {
  DE: ['Hauptstraße', 'Bahnhofstraße', 'Gartenstraße', 'Schillerstraße', 'Goethestraße', 'Lindenstraße'],
  ES: ['Calle Mayor', 'Calle Real', 'Calle de la Iglesia', 'Avenida de la Constitución', 'Calle Nueva'],
};

/**
 * The demo's language and country from the installation's settings: DEFAULT_LOCALE, and DEFAULT_COUNTRY where it
 * was set (`chosenCountry`), else the language's country.
 */
export function demoLocale(config: {
  locale: { defaultLocale: Locale };
  chosenCountry: string | null;
}): DemoLocale {
  const language = config.locale.defaultLocale;
  return { language, country: config.chosenCountry ?? COUNTRY_OF_LANGUAGE[language] };
}

/** The demo's country for an installation: its own where the demo knows it, else its language's. */
export function demoCountry(locale: DemoLocale): string {
  const country = locale.country.toUpperCase();
  return country === 'US' || country in LOCAL_CITIES ? country : COUNTRY_OF_LANGUAGE[locale.language];
}

/** The demo's cities for the installation, with weights and sellers as the US ones. */
export function demoCities(locale: DemoLocale): readonly DemoCity[] {
  const local = LOCAL_CITIES[demoCountry(locale)];
  if (!local) return DEMO_CITIES;
  return DEMO_CITIES.map((city, index) => {
    const place = local[index]!;
    return {
      ...city,
      ...place,
      // As the place search labels it in the installation's language: "Berlin, Deutschland".
      label: `${place.label}, ${countryName(demoCountry(locale), locale.language)}`,
      sellers: city.sellers.map((name) => demoSellerName(name, locale)),
    };
  });
}

/** A US local seller's name where the demo is (the sign-in accounts keep theirs). */
export function demoSellerName(name: string, locale: DemoLocale): string {
  const local = LOCAL_CITIES[demoCountry(locale)];
  if (!local || SIGN_IN_ACCOUNTS.has(name)) return name;
  const index = DEMO_CITIES.findIndex((city) => city.sellers.includes(name));
  if (index < 0) return name;
  const locals = DEMO_CITIES[index]!.sellers.filter((seller) => !SIGN_IN_ACCOUNTS.has(seller));
  return local[index]!.sellers[locals.indexOf(name)] ?? name;
}

/** Where a sign-in account lives: the city it has the part of. */
export function demoHome(username: string, locale: DemoLocale) {
  const index = DEMO_CITIES.findIndex((city) => city.sellers.includes(username));
  return index < 0 ? undefined : demoCities(locale)[index];
}

/** A sign-in account's phone number where the demo is; undefined for the US demo, whose numbers are the README's. */
export function demoPhone(username: string, locale: DemoLocale): string | undefined {
  return LOCAL_PHONES[demoCountry(locale)]?.[username];
}

const KM_PER_DEGREE = 111.2;

/**
 * A point of the US demo moved to the same spot relative to its city's counterpart (the same kilometres north and
 * east of the centre), and an address there: `n` picks the street and the number.
 */
export function demoSpot(
  point: { latitude: number; longitude: number },
  n: number,
  locale: DemoLocale,
): { latitude: number; longitude: number; address: string } | undefined {
  const country = demoCountry(locale);
  const local = LOCAL_CITIES[country];
  if (!local) return undefined;
  const index = DEMO_CITIES.reduce(
    (best, city, i) => (haversineKm(point, city) < haversineKm(point, DEMO_CITIES[best]!) ? i : best),
    0,
  );
  const from = DEMO_CITIES[index]!;
  const to = local[index]!;
  const northKm = (point.latitude - from.latitude) * KM_PER_DEGREE;
  const eastKm = (point.longitude - from.longitude) * KM_PER_DEGREE * Math.cos(toRad(from.latitude));
  const latitude = to.latitude + northKm / KM_PER_DEGREE;
  const longitude = to.longitude + eastKm / (KM_PER_DEGREE * Math.cos(toRad(to.latitude)));
  const streets = STREETS[country]!;
  const street = streets[n % streets.length]!;
  const number = 3 + ((n * 17) % 120);
  return {
    latitude: Number(latitude.toFixed(4)),
    longitude: Number(longitude.toFixed(4)),
    address: `${street} ${number}, ${to.label}`,
  };
}

const toRad = (degrees: number) => (degrees * Math.PI) / 180;

const countryName = (country: string, language: Locale) =>
  new Intl.DisplayNames([language], { type: 'region' }).of(country) ?? country;
