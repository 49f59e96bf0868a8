import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { textsFor } from '@rummage/contract';
import { timeAgo, timeSince } from './relativeTime';

dayjs.extend(relativeTime);

const NOW = new Date(2026, 2, 31, 12, 0, 0).getTime();
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const before = (ms: number) => new Date(NOW - ms).toISOString();

/** Differences on both sides of every threshold, and calendar months and years. */
const DIFFERENCES = [
  0,
  1,
  44,
  45,
  89,
  90,
  44 * 60,
  44 * 60 + 30,
  45 * 60,
  89 * 60,
  89 * 60 + 30,
  90 * 60,
  21 * 3600,
  21.5 * 3600,
  22 * 3600,
  35 * 3600,
  35.5 * 3600,
  36 * 3600,
  25 * 86400,
  25.5 * 86400,
  26 * 86400,
  45 * 86400,
  46 * 86400,
  61 * 86400,
  300 * 86400,
  320 * 86400,
  340 * 86400,
  400 * 86400,
  530 * 86400,
  540 * 86400,
  800 * 86400,
  3650 * 86400,
].map((seconds) => seconds * SECOND);

describe('timeAgo', () => {
  it('says in English exactly what dayjs’s relativeTime says, at every threshold', () => {
    for (const ms of DIFFERENCES) {
      expect(timeAgo(before(ms), NOW), `${ms / SECOND} s`).toBe(dayjs(NOW - ms).from(dayjs(NOW)));
      expect(timeSince(before(ms), NOW), `${ms / SECOND} s`).toBe(dayjs(NOW - ms).from(dayjs(NOW), true));
    }
    // Every day of a year back, where calendar months decide "a month" and "11 months".
    for (let days = 0; days <= 800; days++) {
      const then = before(days * DAY + 7 * HOUR);
      expect(timeAgo(then, NOW), `${days} days`).toBe(dayjs(then).from(dayjs(NOW)));
    }
  });

  it('keeps the SPEC’s words', () => {
    expect(timeAgo(before(10 * SECOND), NOW)).toBe('a few seconds ago');
    expect(timeAgo(before(60 * SECOND), NOW)).toBe('a minute ago');
    expect(timeAgo(before(5 * MINUTE), NOW)).toBe('5 minutes ago');
    expect(timeAgo(before(HOUR), NOW)).toBe('an hour ago');
    expect(timeAgo(before(DAY), NOW)).toBe('a day ago');
    expect(timeAgo(before(61 * DAY), NOW)).toBe('2 months ago');
  });

  it('counts a time ahead of this clock as now, and gives nothing for an unreadable one', () => {
    expect(timeAgo(new Date(NOW + 5 * MINUTE).toISOString(), NOW)).toBe('a few seconds ago');
    expect(timeAgo('not a date', NOW)).toBe('');
    expect(timeSince('', NOW)).toBe('');
  });

  const spoken = {
    de: [
      [10 * SECOND, 'vor ein paar Sekunden', 'ein paar Sekunden'],
      [60 * SECOND, 'vor einer Minute', 'eine Minute'],
      [5 * MINUTE, 'vor 5 Minuten', '5 Minuten'],
      [HOUR, 'vor einer Stunde', 'eine Stunde'],
      [3 * HOUR, 'vor 3 Stunden', '3 Stunden'],
      [DAY, 'vor einem Tag', 'ein Tag'],
      [3 * DAY, 'vor 3 Tagen', '3 Tage'],
      [61 * DAY, 'vor 2 Monaten', '2 Monate'],
      [800 * DAY, 'vor 2 Jahren', '2 Jahre'],
    ],
    es: [
      [10 * SECOND, 'hace unos segundos', 'unos segundos'],
      [60 * SECOND, 'hace un minuto', 'un minuto'],
      [5 * MINUTE, 'hace 5 minutos', '5 minutos'],
      [HOUR, 'hace una hora', 'una hora'],
      [DAY, 'hace un día', 'un día'],
      [3 * DAY, 'hace 3 días', '3 días'],
      [61 * DAY, 'hace 2 meses', '2 meses'],
      [400 * DAY, 'hace un año', 'un año'],
      [800 * DAY, 'hace 2 años', '2 años'],
    ],
  } as const;

  it.each(['de', 'es'] as const)('speaks the page’s language: %s', (locale) => {
    const texts = textsFor(locale).relativeTime;
    for (const [ms, ago, since] of spoken[locale]) {
      expect(timeAgo(before(ms), NOW, texts)).toBe(ago);
      expect(timeSince(before(ms), NOW, texts)).toBe(since);
    }
  });
});
