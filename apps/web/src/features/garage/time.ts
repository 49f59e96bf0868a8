/**
 * When a garage sale starts and ends, how long until then, and how the start reads ("Tomorrow at 9:00 AM").
 * The server sends both instants (eventDate, endsAt); the SPEC's wall-clock fields (startDate + startTime,
 * endDate + endTime, local to the sale's place) are the fallback when an instant is missing.
 */
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { fillText, messages, type Catalogue, type GarageSale, type Locale } from '@rummage/contract';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(customParseFormat);

/** The fields the time rules read; everything may be missing or malformed in an answer. */
export type SaleTimes = Partial<
  Pick<GarageSale, 'eventDate' | 'endsAt' | 'timeZone' | 'startDate' | 'startTime' | 'endDate' | 'endTime'>
>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}(:\d{2})?$/;

/** `zone` when Intl knows it. */
export function validZone(zone: string | null | undefined): string | undefined {
  if (!zone) return undefined;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
}

/** The browser's own zone (the viewer's). */
export function viewerZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

function instant(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : new Date(ms);
}

/** A wall-clock date and time at the sale's place (its zone when known, else the viewer's). */
function wallClock(date: string | null | undefined, time: string, zone: string | undefined): Date | null {
  if (!date || !DATE.test(date) || !TIME.test(time)) return null;
  const text = `${date} ${time.length === 5 ? `${time}:00` : time}`;
  const format = 'YYYY-MM-DD HH:mm:ss';
  const parsed = zone ? dayjs.tz(text, format, zone) : dayjs(text, format, true);
  return parsed.isValid() ? parsed.toDate() : null;
}

/** docs/product.md §4: the start is eventDate, or startDate plus startTime (default 00:00:00). Null: no valid date. */
export function saleStart(sale: SaleTimes): Date | null {
  return (
    instant(sale.eventDate) ??
    wallClock(sale.startDate, sale.startTime || '00:00:00', validZone(sale.timeZone))
  );
}

/** The end (endsAt, or endDate plus endTime); null when there is no end time, so the sale never lapses. */
export function saleEnd(sale: SaleTimes): Date | null {
  const exact = instant(sale.endsAt);
  if (exact) return exact;
  if (!sale.endTime) return null;
  return wallClock(sale.endDate, sale.endTime, validZone(sale.timeZone));
}

/** docs/product.md §4: a sale whose end has passed is dropped (those without an end time never are). */
export function hasEnded(sale: SaleTimes, now: number): boolean {
  const end = saleEnd(sale);
  return end !== null && end.getTime() <= now;
}

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** All zero: the start has been reached. */
  live: boolean;
}

/**
 * What is left until `start`, in whole seconds rounded up, so the last second reads 00:00:00:01 and "live"
 * begins exactly at the start, never before it.
 */
export function countdown(start: Date, now: number): CountdownParts {
  const total = Math.max(0, Math.ceil((start.getTime() - now) / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
    live: total === 0,
  };
}

/** Two digits at least (a sale 120 days away reads 120). */
export const twoDigits = (value: number) => String(value).padStart(2, '0');

/** DD:HH:MM:SS, two digits each (docs/product.md §4). */
export function formatCountdown(parts: CountdownParts): string {
  return [parts.days, parts.hours, parts.minutes, parts.seconds].map(twoDigits).join(':');
}

/** The words of the garage-sale texts in the reader's language (English unless given). */
type GarageWords = Catalogue['garage'];

const unit = (count: number, one: string, other: string) => fillText(count === 1 ? one : other, { count });

/** The countdown as words, for screen readers: "1 day, 2 hours, 3 minutes, 4 seconds". */
export function spokenCountdown(parts: CountdownParts, words: GarageWords = messages.garage): string {
  return [
    unit(parts.days, words.spokenDay, words.spokenDays),
    unit(parts.hours, words.spokenHour, words.spokenHours),
    unit(parts.minutes, words.spokenMinute, words.spokenMinutes),
    unit(parts.seconds, words.spokenSecond, words.spokenSeconds),
  ].join(', ');
}

/**
 * `date` as read in `zone`, or in the viewer's own zone when none is given: a plain dayjs, which reads the same
 * without asking Intl for the zone or converting. Every garage-sale card formats its start several times, and
 * each Intl.DateTimeFormat the conversion creates is a noticeable pause on a phone.
 */
function inZone(date: Date | number, zone: string | undefined): Dayjs {
  return zone === undefined ? dayjs(date) : dayjs(date).tz(zone);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * How a language other than English writes a time or date, in `zone` (the viewer's when none is given). English
 * keeps dayjs's formats, the SPEC's words; the formatters are kept, since each one costs a pause (see inZone).
 */
function written(
  date: Date | number,
  locale: Locale,
  zone: string | undefined,
  options: Intl.DateTimeFormatOptions,
): string {
  const key = `${locale} ${zone ?? ''} ${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { ...options, ...(zone && { timeZone: zone }) });
    formatters.set(key, formatter);
  }
  return formatter.format(date);
}

const CLOCK: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
const DAY: Intl.DateTimeFormatOptions = { weekday: 'short', month: 'short', day: 'numeric' };

/** "9:00 AM" in English, "09:00" in German. */
function clockTime(date: Date, zone: string | undefined, locale: Locale): string {
  return locale === 'en' ? inZone(date, zone).format('h:mm A') : written(date, locale, zone, CLOCK);
}

/** "Sat, Nov 28 at 9:00 AM" (with the year when asked) in English, "Sa., 28. Nov., 09:00" in German. */
function dayAndTime(date: Date, zone: string | undefined, locale: Locale, withYear: boolean): string {
  if (locale === 'en')
    return inZone(date, zone).format(withYear ? 'ddd, MMM D, YYYY [at] h:mm A' : 'ddd, MMM D [at] h:mm A');
  return written(date, locale, zone, { ...DAY, ...CLOCK, ...(withYear && { year: 'numeric' }) });
}

/** A calendar day (YYYY-MM-DD) as the date field's hint writes it: "Sat, Nov 28", "Sa., 28. Nov.". */
export function dayText(day: string, locale: Locale): string {
  const date = dayjs.utc(day);
  return locale === 'en' ? date.format('ddd, MMM D') : written(date.toDate(), locale, 'UTC', DAY);
}

/**
 * The start in the viewer's zone, the way a calendar reads it: "Today at 9:00 AM", "Tomorrow at 9:00 AM",
 * "Yesterday at 9:00 AM" (a sale that started yesterday and runs on), else "Sat, Nov 28 at 9:00 AM" (with the
 * year when it is not this year's), in the reader's language.
 */
export function formatStart(
  start: Date,
  now: number,
  zone?: string,
  words: GarageWords = messages.garage,
  locale: Locale = 'en',
): string {
  const when = inZone(start, zone);
  const today = inZone(now, zone);
  const day = (value: Dayjs) => value.format('YYYY-MM-DD');
  const time = clockTime(start, zone, locale);
  if (day(when) === day(today)) return fillText(words.todayAt, { time });
  // Step whole calendar days on a plain UTC date: zone-aware arithmetic would trip over daylight saving.
  const todayUtc = dayjs.utc(day(today));
  if (day(when) === day(todayUtc.add(1, 'day'))) return fillText(words.tomorrowAt, { time });
  if (day(when) === day(todayUtc.subtract(1, 'day'))) return fillText(words.yesterdayAt, { time });
  return dayAndTime(start, zone, locale, when.year() !== today.year());
}

/** The clock time alone in the viewer's zone ("2:00 PM"), with the weekday when it is another day. */
export function formatEndTime(end: Date, start: Date, zone?: string, locale: Locale = 'en'): string {
  const sameDay = inZone(end, zone).format('YYYY-MM-DD') === inZone(start, zone).format('YYYY-MM-DD');
  return sameDay ? clockTime(end, zone, locale) : dayAndTime(end, zone, locale, false);
}

/** The date parts the card's coloured header shows ("Sat", "28", "Nov"), in the viewer's zone and language. */
export function dateBadge(start: Date, zone?: string, locale: Locale = 'en') {
  if (locale !== 'en')
    return {
      weekday: written(start, locale, zone, { weekday: 'short' }),
      day: written(start, locale, zone, { day: 'numeric' }),
      month: written(start, locale, zone, { month: 'short' }),
    };
  const when = inZone(start, zone);
  return { weekday: when.format('ddd'), day: when.format('D'), month: when.format('MMM') };
}
