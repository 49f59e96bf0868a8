/**
 * Dates as en-US formatting writes them, in the viewer's zone, written out rather than with
 * Intl.DateTimeFormat: the first formatter a page creates loads locale data, a pause of tens of milliseconds on
 * a phone while a listing or profile opens. Both give '' for a date that cannot be read.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function readDate(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Nov 2024" */
export function formatMonthYear(iso: string): string {
  const date = readDate(iso);
  return date ? `${MONTHS[date.getMonth()]} ${date.getFullYear()}` : '';
}

/** "Nov 21, 2026" */
export function formatDayMonthYear(iso: string): string {
  const date = readDate(iso);
  return date ? `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}` : '';
}
