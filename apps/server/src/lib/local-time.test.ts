import { describe, expect, it } from 'vitest';
import { instantToLocal, localToInstant, timeZoneAt } from './local-time.js';

describe('timeZoneAt', () => {
  it('finds the IANA zone of a point from its coordinates', () => {
    expect(timeZoneAt(34.05, -118.24)).toBe('America/Los_Angeles');
    expect(timeZoneAt(40.7128, -74.006)).toBe('America/New_York');
    expect(timeZoneAt(41.8781, -87.6298)).toBe('America/Chicago');
    expect(timeZoneAt(33.4484, -112.074)).toBe('America/Phoenix'); // no DST in Arizona
    expect(timeZoneAt(21.3069, -157.8583)).toBe('Pacific/Honolulu');
    // El Paso is Mountain although Texas is mostly Central.
    expect(timeZoneAt(31.7619, -106.485)).toBe('America/Denver');
  });
});

describe('localToInstant', () => {
  it('reads an ordinary wall-clock time in the zone of the place', () => {
    expect(localToInstant('2027-11-22', '10:00:00', 'America/Los_Angeles')).toEqual({
      at: new Date('2027-11-22T18:00:00.000Z'),
      date: '2027-11-22',
      time: '10:00:00',
      adjusted: null,
    });
    expect(localToInstant('2027-07-04', '10:00:00', 'America/New_York').at.toISOString()).toBe(
      '2027-07-04T14:00:00.000Z',
    );
    expect(localToInstant('2027-07-04', '10:00:00', 'America/Phoenix').at.toISOString()).toBe(
      '2027-07-04T17:00:00.000Z',
    );
  });

  it('moves a time inside the spring-forward gap later by the gap, and says so', () => {
    // 14 March 2027: New York goes from 02:00 EST straight to 03:00 EDT.
    expect(localToInstant('2027-03-14', '02:30:00', 'America/New_York')).toEqual({
      at: new Date('2027-03-14T07:30:00.000Z'),
      date: '2027-03-14',
      time: '03:30:00',
      adjusted: 'gap',
    });
    // Either side of the gap is untouched.
    expect(localToInstant('2027-03-14', '01:59:00', 'America/New_York').at.toISOString()).toBe(
      '2027-03-14T06:59:00.000Z',
    );
    expect(localToInstant('2027-03-14', '03:00:00', 'America/New_York').at.toISOString()).toBe(
      '2027-03-14T07:00:00.000Z',
    );
  });

  it('takes the first of the two occurrences in the fall-back overlap', () => {
    // 7 November 2027: 01:30 happens at 05:30Z (EDT) and again at 06:30Z (EST).
    expect(localToInstant('2027-11-07', '01:30:00', 'America/New_York')).toEqual({
      at: new Date('2027-11-07T05:30:00.000Z'),
      date: '2027-11-07',
      time: '01:30:00',
      adjusted: 'overlap',
    });
  });

  it('handles fixed-offset zones (a point at sea)', () => {
    const zone = timeZoneAt(0, -30);
    expect(zone).toMatch(/^Etc\/GMT/);
    expect(localToInstant('2027-01-10', '12:00:00', zone).at.toISOString()).toBe('2027-01-10T14:00:00.000Z');
  });

  it('round-trips through instantToLocal', () => {
    const { at } = localToInstant('2027-05-01', '09:15:00', 'America/Chicago');
    expect(instantToLocal(at, 'America/Chicago')).toEqual({ date: '2027-05-01', time: '09:15:00' });
    expect(instantToLocal(at, 'America/Los_Angeles')).toEqual({ date: '2027-05-01', time: '07:15:00' });
  });
});
