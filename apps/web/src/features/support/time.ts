import { useEffect, useState } from 'react';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(relativeTime);

/** How often "5 minutes ago" is brought up to date; finer steps would not change the words. */
const RELATIVE_TIME_REFRESH_MS = 30_000;

/** docs/product.md §9: relative times follow dayjs's thresholds ("a few seconds ago", "a minute ago", …). */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const when = dayjs(iso);
  if (!when.isValid()) return '';
  // A message stamped a moment after the last tick, or by a server clock slightly ahead, is not "in the future".
  return when.isAfter(now) ? dayjs(now).from(now) : when.from(now);
}

/** The ticket's date in the chat header, e.g. "Nov 21, 2025". */
export function ticketDate(iso: string): string {
  const when = dayjs(iso);
  return when.isValid() ? when.format('MMM D, YYYY') : '';
}

/** The current time, refreshed often enough for relative times to stay right while the chat is open. */
export function useRelativeNow(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), RELATIVE_TIME_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}
