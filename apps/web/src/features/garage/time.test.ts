import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textsFor } from '@rummage/contract';
import {
  countdown,
  dateBadge,
  dayText,
  formatCountdown,
  formatEndTime,
  formatStart,
  hasEnded,
  saleEnd,
  saleStart,
  spokenCountdown,
  viewerZone,
} from './time';

const NY = 'America/New_York';
const previousTz = process.env.TZ;
beforeAll(() => {
  // The viewer is in New York for every test here.
  process.env.TZ = NY;
});
afterAll(() => {
  process.env.TZ = previousTz;
});

const at = (iso: string) => Date.parse(iso);

describe('countdown', () => {
  it('writes DD:HH:MM:SS with two digits each', () => {
    const start = new Date('2026-11-28T15:00:00Z');
    const now = at('2026-11-27T13:58:57Z'); // 1 day, 1 hour, 1 minute and 3 seconds before
    const parts = countdown(start, now);
    expect(parts).toEqual({ days: 1, hours: 1, minutes: 1, seconds: 3, live: false });
    expect(formatCountdown(parts)).toBe('01:01:01:03');
    expect(spokenCountdown(parts)).toBe('1 day, 1 hour, 1 minute, 3 seconds');
  });

  it('lets days run past 99', () => {
    const start = new Date('2027-04-10T00:00:00Z');
    expect(formatCountdown(countdown(start, at('2026-11-28T00:00:00Z')))).toBe('133:00:00:00');
  });

  it('reads all zero and live at the start and after it, never a second early', () => {
    const start = new Date('2026-11-28T15:00:00Z');
    expect(formatCountdown(countdown(start, at('2026-11-28T14:59:59.500Z')))).toBe('00:00:00:01');
    expect(countdown(start, at('2026-11-28T14:59:59.500Z')).live).toBe(false);
    const zero = countdown(start, at('2026-11-28T15:00:00Z'));
    expect(formatCountdown(zero)).toBe('00:00:00:00');
    expect(zero.live).toBe(true);
    expect(countdown(start, at('2026-11-28T18:00:00Z')).live).toBe(true);
  });
});

describe('formatStart (viewer in New York)', () => {
  it('says Today and Tomorrow by the viewer’s calendar day, else weekday and date', () => {
    expect(viewerZone()).toBe(NY);
    const now = at('2026-11-27T20:00:00-05:00'); // Friday 8 PM in New York
    expect(formatStart(new Date('2026-11-27T21:30:00-05:00'), now)).toBe('Today at 9:30 PM');
    expect(formatStart(new Date('2026-11-28T09:00:00-05:00'), now)).toBe('Tomorrow at 9:00 AM');
    expect(formatStart(new Date('2026-11-26T09:00:00-05:00'), now)).toBe('Yesterday at 9:00 AM');
    expect(formatStart(new Date('2026-11-30T09:00:00-05:00'), now)).toBe('Mon, Nov 30 at 9:00 AM');
    expect(formatStart(new Date('2027-01-02T09:00:00-05:00'), now)).toBe('Sat, Jan 2, 2027 at 9:00 AM');
  });

  it('uses the viewer’s midnight, not UTC’s', () => {
    // 11:30 PM in New York is already the next day in UTC; 12:30 AM next day is still "Tomorrow".
    const now = at('2026-11-27T23:30:00-05:00');
    expect(formatStart(new Date('2026-11-28T00:30:00-05:00'), now)).toBe('Tomorrow at 12:30 AM');
    expect(formatStart(new Date('2026-11-27T23:45:00-05:00'), now)).toBe('Today at 11:45 PM');
  });

  it('follows another viewer zone when given one', () => {
    const now = at('2026-11-28T07:00:00Z'); // 11 PM on the 27th in Los Angeles
    expect(formatStart(new Date('2026-11-28T17:00:00Z'), now, 'America/Los_Angeles')).toBe(
      'Tomorrow at 9:00 AM',
    );
    expect(formatStart(new Date('2026-11-28T17:00:00Z'), now, NY)).toBe('Today at 12:00 PM');
  });
});

describe('a sale’s time in German and Spanish (viewer in New York)', () => {
  it('writes the day and the clock as the reader’s language does', () => {
    const now = at('2026-11-27T20:00:00-05:00');
    expect(
      formatStart(new Date('2026-11-28T09:00:00-05:00'), now, undefined, textsFor('de').garage, 'de'),
    ).toBe('Morgen um 9:00');
    expect(
      formatStart(new Date('2026-11-30T09:00:00-05:00'), now, undefined, textsFor('de').garage, 'de'),
    ).toBe('Mo., 30. Nov., 9:00');
    expect(
      formatStart(new Date('2027-01-02T09:00:00-05:00'), now, undefined, textsFor('es').garage, 'es'),
    ).toBe('sáb, 2 ene 2027, 9:00');
    const start = new Date('2026-11-30T09:00:00-05:00');
    expect(formatEndTime(new Date('2026-11-30T14:00:00-05:00'), start, undefined, 'de')).toBe('14:00');
    expect(dateBadge(start, undefined, 'de')).toEqual({ weekday: 'Mo', day: '30', month: 'Nov' });
    expect(dayText('2026-11-28', 'de')).toBe('Sa., 28. Nov.');
    expect(dayText('2026-11-28', 'en')).toBe('Sat, Nov 28');
  });
});

describe('saleStart and saleEnd', () => {
  it('prefers eventDate, the instant', () => {
    const sale = {
      eventDate: '2026-11-28T17:00:00.000Z',
      startDate: '2026-01-01',
      startTime: '01:00:00',
      timeZone: 'America/Los_Angeles',
    };
    expect(saleStart(sale)?.toISOString()).toBe('2026-11-28T17:00:00.000Z');
  });

  it('falls back to startDate + startTime at the sale’s place, 00:00:00 without a time', () => {
    const la = { startDate: '2026-11-28', startTime: '09:00:00', timeZone: 'America/Los_Angeles' };
    expect(saleStart(la)?.toISOString()).toBe('2026-11-28T17:00:00.000Z');
    expect(saleStart({ ...la, startTime: '' })?.toISOString()).toBe('2026-11-28T08:00:00.000Z');
    // Without a (valid) zone, the wall clock is read as the viewer's own.
    expect(saleStart({ startDate: '2026-11-28', startTime: '09:00' })?.toISOString()).toBe(
      '2026-11-28T14:00:00.000Z',
    );
    expect(
      saleStart({ startDate: '2026-11-28', startTime: '09:00:00', timeZone: 'Mars/Base' })?.toISOString(),
    ).toBe('2026-11-28T14:00:00.000Z');
    expect(saleStart({ startDate: 'soon', startTime: '09:00:00' })).toBeNull();
    expect(saleStart({})).toBeNull();
  });

  it('counts a Los Angeles sale down to the right instant for a viewer in New York', () => {
    // 9:00 AM in Los Angeles is noon in New York. At 11:00 AM New York time one hour is left.
    const now = at('2026-11-28T11:00:00-05:00');
    const fromFields = saleStart({
      startDate: '2026-11-28',
      startTime: '09:00:00',
      timeZone: 'America/Los_Angeles',
    })!;
    const fromInstant = saleStart({ eventDate: '2026-11-28T17:00:00.000Z' })!;
    for (const start of [fromFields, fromInstant]) {
      expect(formatCountdown(countdown(start, now))).toBe('00:01:00:00');
      expect(formatStart(start, now)).toBe('Today at 12:00 PM');
    }
  });

  it('ends at endsAt, or endDate + endTime; without an end time a sale never ends', () => {
    expect(saleEnd({ endsAt: '2026-11-28T20:00:00Z' })?.toISOString()).toBe('2026-11-28T20:00:00.000Z');
    const fields = { endDate: '2026-11-28', endTime: '14:00:00', timeZone: 'America/Chicago' };
    expect(saleEnd(fields)?.toISOString()).toBe('2026-11-28T20:00:00.000Z');
    expect(hasEnded(fields, at('2026-11-28T20:00:00Z'))).toBe(true);
    expect(hasEnded(fields, at('2026-11-28T19:59:59Z'))).toBe(false);
    expect(saleEnd({ endDate: '2026-11-28', endTime: '' })).toBeNull();
    expect(hasEnded({ endDate: '2020-01-01' }, Date.now())).toBe(false);
  });
});

describe('formatDateInput', () => {
  it('puts the dashes in as digits are typed or pasted', async () => {
    const { formatDateInput } = await import('./DateField');
    expect(
      ['2', '2026', '20261', '202611', '2026112', '20261128', '2026-11-28', '2026/11/28x9'].map(
        formatDateInput,
      ),
    ).toEqual(['2', '2026', '2026-1', '2026-11', '2026-11-2', '2026-11-28', '2026-11-28', '2026-11-28']);
  });
});
