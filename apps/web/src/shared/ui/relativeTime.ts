import { useEffect, useState } from 'react';
import dayjs from 'dayjs';
import 'dayjs/locale/de';
import 'dayjs/locale/es';
import relativeTime from 'dayjs/plugin/relativeTime';
import type { Locale } from '@rummage/contract';

// dayjs's thresholds are the SPEC's (§9): "a few seconds ago" up to 44 s, "a minute ago" up to 89 s, ...
dayjs.extend(relativeTime);

/** How often the "5 minutes ago" labels are brought up to date; finer steps would not change the words. */
export const RELATIVE_TIME_REFRESH_MS = 30_000;

/**
 * "5 minutes ago" (docs/product.md §9), in `locale` ("vor 5 Minuten", "hace 5 minutos"). A server clock slightly
 * ahead of this one, or a message stamped a moment after the last tick, must not read "in a few seconds", so future
 * times count as now.
 */
export function timeAgo(time: string, now: number = Date.now(), locale: Locale = 'en'): string {
  const then = dayjs(time);
  if (!then.isValid()) return '';
  return (then.valueOf() > now ? dayjs(now) : then).locale(locale).from(dayjs(now));
}

/** The current time, refreshed every RELATIVE_TIME_REFRESH_MS, for lists of relative times that stay open. */
export function useRelativeNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), RELATIVE_TIME_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}
