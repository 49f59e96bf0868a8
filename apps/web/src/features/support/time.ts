import type { Locale } from '@rummage/contract';

/** The ticket's date in the chat header as the page's language writes it, e.g. "Nov 21, 2025", "21.11.2025". */
export function ticketDate(iso: string, locale: Locale): string {
  const when = new Date(iso);
  return Number.isNaN(when.getTime()) ? '' : when.toLocaleDateString(locale, { dateStyle: 'medium' });
}
