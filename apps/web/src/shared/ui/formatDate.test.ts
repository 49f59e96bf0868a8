import { describe, expect, it } from 'vitest';
import { formatDayMonthYear, formatMonthYear } from './formatDate';

const DATES = [
  '2024-01-01T00:00:00Z',
  '2024-02-29T12:30:00Z',
  '2025-07-04T23:59:59-07:00',
  '2026-11-21T04:35:47.697Z',
  '2026-12-31T23:00:00-05:00',
  '1999-03-15',
];

describe('formatDate', () => {
  it('writes dates as en-US formatting does, in the viewer’s zone', () => {
    const month = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric' });
    const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
    for (const iso of DATES) {
      expect(formatMonthYear(iso), iso).toBe(month.format(new Date(iso)));
      expect(formatDayMonthYear(iso), iso).toBe(day.format(new Date(iso)));
    }
  });

  it('writes them in German and Spanish as Intl does', () => {
    expect(formatMonthYear('2025-03-04T12:00:00Z', 'de')).toBe('März 2025');
    expect(formatDayMonthYear('2025-03-04T12:00:00Z', 'de')).toBe('4. März 2025');
    expect(formatDayMonthYear('2026-11-21T12:00:00Z', 'de')).toBe('21. Nov. 2026');
    expect(formatDayMonthYear('2026-11-21T12:00:00Z', 'es')).toBe('21 nov 2026');
    expect(formatMonthYear('not a date', 'de')).toBe('');
  });

  it('gives nothing for a date that cannot be read', () => {
    expect(formatMonthYear('not a date')).toBe('');
    expect(formatDayMonthYear('')).toBe('');
  });
});
