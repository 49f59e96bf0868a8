import dayjs from 'dayjs';

/** The ticket's date in the chat header, e.g. "Nov 21, 2025". */
export function ticketDate(iso: string): string {
  const when = dayjs(iso);
  return when.isValid() ? when.format('MMM D, YYYY') : '';
}
