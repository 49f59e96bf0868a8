import type { Locale } from '@rummage/contract';
import { formatDayMonthYear } from '../../shared/ui/formatDate';

/** The ticket's date in the chat header, e.g. "Nov 21, 2025", in the reader's language. */
export function ticketDate(iso: string, locale: Locale): string {
  return formatDayMonthYear(iso, locale);
}
