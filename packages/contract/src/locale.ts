/**
 * What an installation speaks and counts in (docs/configuration.md: DEFAULT_LOCALE, CURRENCY, DISTANCE_UNIT,
 * DEFAULT_COUNTRY). The SPEC's behaviour is the default: English, dollars, miles, US places and phone numbers.
 */
import { isSupportedCountry } from 'libphonenumber-js/min';
import { PHONE_DEFAULT_COUNTRY } from './constants.js';

/** The languages with a complete catalogue; English is the source (messages.ts). */
export const LOCALES = ['en', 'de', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export const DISTANCE_UNITS = ['mi', 'km'] as const;
export type DistanceUnit = (typeof DISTANCE_UNITS)[number];

export interface InstallationLocale {
  defaultLocale: Locale;
  /** ISO 4217. */
  currency: string;
  distanceUnit: DistanceUnit;
  /** ISO 3166-1 alpha-2: phone numbers' default country and the bias of place search. */
  defaultCountry: string;
}

export const SPEC_LOCALE: InstallationLocale = {
  defaultLocale: DEFAULT_LOCALE,
  currency: 'USD',
  distanceUnit: 'mi',
  defaultCountry: PHONE_DEFAULT_COUNTRY,
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Whether Intl knows the code as a currency (so prices can be formatted in it). */
export function isCurrencyCode(value: string): boolean {
  if (!/^[A-Z]{3}$/.test(value)) return false;
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  return supported ? supported('currency').includes(value) : true;
}

/** An ISO 3166-1 alpha-2 code of a country with its own phone numbers (every country a place can be in). */
export function isCountryCode(value: string): boolean {
  return /^[A-Z]{2}$/.test(value) && isSupportedCountry(value);
}

let installationCountry = PHONE_DEFAULT_COUNTRY;

/**
 * An installation has one home country, so it is set once per process (the server from DEFAULT_COUNTRY at start,
 * the browser from GET /api/Config) and read wherever a phone number is parsed.
 */
export function setInstallationCountry(country: string): void {
  installationCountry = country.toUpperCase();
}

export function installationCountryCode(): string {
  return installationCountry;
}

/**
 * The language a person reads, in this order: their own choice (saved on their account, or in the browser for a
 * visitor), then the first language of their browser's Accept-Language that we have (`*` counts as no header),
 * then the installation's DEFAULT_LOCALE.
 */
export function chooseLocale(input: {
  chosen?: string | null;
  acceptLanguage?: string | null;
  defaultLocale: Locale;
}): Locale {
  if (isLocale(input.chosen)) return input.chosen;
  return localeFromAcceptLanguage(input.acceptLanguage) ?? input.defaultLocale;
}

/** The best language of an Accept-Language header (RFC 9110 §12.5.4) that has a catalogue, by its q weight. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [range = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { language: range.trim().toLowerCase().split('-')[0] ?? '', weight, index };
    })
    .filter((entry) => entry.language !== '' && entry.language !== '*' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked.map((entry) => entry.language).find(isLocale);
}

/** The cookie that holds a person's own choice of language, for every visitor (the server reads it too). */
export const LANGUAGE_COOKIE = 'lang';
/** A year: the choice outlasts a session, and the footer switch is always there to change it. */
export const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** The language a `Cookie` header (or document.cookie) holds a choice of, if it names one we have. */
export function chosenLocaleFromCookies(cookies: string | null | undefined): Locale | undefined {
  for (const pair of (cookies ?? '').split(/;\s*/)) {
    const [name, value] = pair.split('=');
    if (name === LANGUAGE_COOKIE && isLocale(value)) return value;
  }
  return undefined;
}

/** The `Set-Cookie`/document.cookie text that keeps `locale` as the person's choice. */
export function languageCookie(locale: Locale): string {
  return `${LANGUAGE_COOKIE}=${locale}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_S}; SameSite=Lax`;
}

/**
 * The built page (home.html, index.html, offline.html) in `locale`: English keeps the file's own name, which
 * the server also hands out as it is; another language is written beside it (home.de.html).
 */
export function localizedPageFile(file: string, locale: Locale): string {
  return locale === DEFAULT_LOCALE ? file : file.replace(/\.html$/, `.${locale}.html`);
}

/** A page's `<html lang>` set to `locale` (the template is written with the English one). */
export function withHtmlLang(html: string, locale: Locale): string {
  return html.replace(/<html lang="[^"]*"/, `<html lang="${locale}"`);
}

/** Each language named in itself, as a language switch lists them (so a reader finds their own). */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', de: 'Deutsch', es: 'Español' };
