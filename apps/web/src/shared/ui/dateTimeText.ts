/**
 * A moment in the reader's own clock, short enough for one line: "Sat, Nov 28, 3:15 PM". In `locale`, the language
 * the page is read in; without it, the browser's.
 */
export function dateTimeText(iso: string, locale?: string): string {
  return new Date(iso).toLocaleString(locale, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}
