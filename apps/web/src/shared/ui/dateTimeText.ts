import type { Locale } from '@rummage/contract';

/** A moment in the reader's own clock and language, short enough for one line: "Sat, Nov 28, 3:15 PM". */
export function dateTimeText(iso: string, locale: Locale = 'en'): string {
  return new Date(iso).toLocaleString(locale, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}
