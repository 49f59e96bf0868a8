import type { Locale } from '@rummage/contract';

/**
 * Dates in the reader's language and zone. English is written out as en-US formatting writes it rather than with
 * Intl.DateTimeFormat: the first formatter a page creates loads locale data, a pause of tens of milliseconds on
 * a phone while a listing or profile opens. Other languages take Intl's words for their months, one formatter
 * per language and shape. All give '' for a date that cannot be read.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const MONTH_YEAR: Intl.DateTimeFormatOptions = { month: 'short', year: 'numeric' };
const DAY_MONTH_YEAR: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' };

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The formatter of a language and shape, made once: a cache by language, never the page's language itself. */
function formatter(locale: Locale, shape: 'monthYear' | 'dayMonthYear'): Intl.DateTimeFormat {
  const key = `${locale} ${shape}`;
  let known = formatters.get(key);
  if (!known) {
    known = new Intl.DateTimeFormat(locale, shape === 'monthYear' ? MONTH_YEAR : DAY_MONTH_YEAR);
    formatters.set(key, known);
  }
  return known;
}

function readDate(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Nov 2024" ("Nov. 2024", "nov 2024"). */
export function formatMonthYear(iso: string, locale: Locale = 'en'): string {
  const date = readDate(iso);
  if (!date) return '';
  if (locale !== 'en') return formatter(locale, 'monthYear').format(date);
  return `${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

/** "Nov 21, 2026" ("21. Nov. 2026", "21 nov 2026"). */
export function formatDayMonthYear(iso: string, locale: Locale = 'en'): string {
  const date = readDate(iso);
  if (!date) return '';
  if (locale !== 'en') return formatter(locale, 'dayMonthYear').format(date);
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}
