import { useCallback, useEffect, useState } from 'react';
import dayjs, { type Dayjs, type OpUnitType } from 'dayjs';
import { fillText, messages, type Catalogue } from '@rummage/contract';
import { useTexts } from '../i18n/useTexts';

/** How often the "5 minutes ago" labels are brought up to date; finer steps would not change the words. */
export const RELATIVE_TIME_REFRESH_MS = 30_000;

export type RelativeTimeTexts = Catalogue['relativeTime'];

type Span =
  | 'seconds'
  | 'minute'
  | 'minutes'
  | 'hour'
  | 'hours'
  | 'day'
  | 'days'
  | 'month'
  | 'months'
  | 'year'
  | 'years';

/**
 * dayjs's relativeTime thresholds, the SPEC's (docs/product.md §9): each step says `span` while the difference,
 * measured in the unit of the last step that names one and rounded, is at most `max`. "a few seconds" up to 44 s,
 * "a minute" up to 89 s, "{count} minutes" up to 44 min, "an hour" up to 89 min, and so on up to "{count} years".
 */
const THRESHOLDS: ReadonlyArray<{ span: Span; max?: number; unit?: OpUnitType }> = [
  { span: 'seconds', max: 44, unit: 'second' },
  { span: 'minute', max: 89 },
  { span: 'minutes', max: 44, unit: 'minute' },
  { span: 'hour', max: 89 },
  { span: 'hours', max: 21, unit: 'hour' },
  { span: 'day', max: 35 },
  { span: 'days', max: 25, unit: 'day' },
  { span: 'month', max: 45 },
  { span: 'months', max: 10, unit: 'month' },
  { span: 'year', max: 17 },
  { span: 'years', unit: 'year' },
];

/** Which words say how long it is from `then` to `now`, and the count they hold, as dayjs's `from` finds them. */
function spanOf(then: Dayjs, now: Dayjs): { span: Span; count: number } {
  let difference = 0;
  for (const [index, step] of THRESHOLDS.entries()) {
    // Calendar months and days, as dayjs counts them (a month from Jan 31 is Feb 28; a day across a clock change).
    if (step.unit) difference = now.diff(then, step.unit, true);
    const count = Math.round(Math.abs(difference));
    if (step.max === undefined || count <= step.max) {
      // "1 minutes" is "a minute", and 0 seconds are "a few seconds".
      const said = count <= 1 && index > 0 ? (THRESHOLDS[index - 1] ?? step) : step;
      return { span: said.span, count };
    }
  }
  return { span: 'years', count: Math.round(Math.abs(difference)) };
}

const AGO = {
  seconds: 'secondsAgo',
  minute: 'minuteAgo',
  minutes: 'minutesAgo',
  hour: 'hourAgo',
  hours: 'hoursAgo',
  day: 'dayAgo',
  days: 'daysAgo',
  month: 'monthAgo',
  months: 'monthsAgo',
  year: 'yearAgo',
  years: 'yearsAgo',
} as const satisfies Record<Span, keyof RelativeTimeTexts>;

/**
 * The words for the time from `time` to `now`, with "ago" or without. A time ahead of `now` (a server clock
 * slightly ahead of this one, a message stamped a moment after the last tick) counts as now, never "in a few
 * seconds"; '' for a time that cannot be read.
 */
function spanWords(time: string, now: number, texts: RelativeTimeTexts, ago: boolean): string {
  const then = dayjs(time);
  if (!then.isValid()) return '';
  const { span, count } = spanOf(then.valueOf() > now ? dayjs(now) : then, dayjs(now));
  return fillText(texts[ago ? AGO[span] : span], { count });
}

/** "5 minutes ago" (docs/product.md §9) in the language of `texts` (the page's: useTimeAgo). */
export function timeAgo(
  time: string,
  now: number = Date.now(),
  texts: RelativeTimeTexts = messages.relativeTime,
): string {
  return spanWords(time, now, texts, true);
}

/** How long it has been since `time`, without "ago" ("3 hours", "2 days"): how old an account is, say. */
export function timeSince(
  time: string,
  now: number = Date.now(),
  texts: RelativeTimeTexts = messages.relativeTime,
): string {
  return spanWords(time, now, texts, false);
}

/** timeAgo in the language the page is read in. */
export function useTimeAgo(): (time: string, now?: number) => string {
  const texts = useTexts().relativeTime;
  return useCallback((time: string, now?: number) => timeAgo(time, now, texts), [texts]);
}

/** timeSince in the language the page is read in. */
export function useTimeSince(): (time: string, now?: number) => string {
  const texts = useTexts().relativeTime;
  return useCallback((time: string, now?: number) => timeSince(time, now, texts), [texts]);
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
