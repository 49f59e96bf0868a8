import type { Locale } from '@rummage/contract';

/**
 * Dates as en-US formatting writes them, in the viewer's zone, written out rather than with
 * Intl.DateTimeFormat: the first formatter a page creates loads locale data, a pause of tens of milliseconds on
 * a phone while a listing or profile opens. A page read in another language pays it where a function takes the
 * locale. All give '' for a date that cannot be read.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function readDate(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Nov 2024"; in another language as it writes a month and year ("Nov. 2024", "nov 2024"). */
export function formatMonthYear(iso: string, locale: Locale = 'en'): string {
  const date = readDate(iso);
  if (!date) return '';
  if (locale !== 'en') return date.toLocaleDateString(locale, { month: 'short', year: 'numeric' });
  return `${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

/** "Nov 21, 2026" */
export function formatDayMonthYear(iso: string): string {
  const date = readDate(iso);
  return date ? `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}` : '';
}
