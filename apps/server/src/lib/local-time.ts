import { DateTime, IANAZone } from 'luxon';
import tzlookup from 'tz-lookup';

/**
 * Garage-sale times are local wall-clock values of the sale's place (docs/data.md). This file turns them into
 * instants and back, so that a browser anywhere counts down to the same moment.
 */

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * IANA zone of a point, from tz-lookup (offline, CC0; its polygons follow county lines, unlike the gazetteer's
 * approximate split-state rules). Points at sea get a nautical zone such as Etc/GMT+5, which is still right.
 */
export function timeZoneAt(latitude: number, longitude: number): string {
  return tzlookup(latitude, longitude);
}

/** What a local wall-clock time means: the instant, and the local date and time the clock shows then. */
export interface LocalInstant {
  at: Date;
  /** yyyy-MM-dd at the place. */
  date: string;
  /** HH:mm:ss at the place. */
  time: string;
  /**
   * 'gap': the wall-clock time does not exist that day (spring forward) and was moved later by the gap.
   * 'overlap': it happens twice (fall back) and the first occurrence was taken. null: ordinary.
   */
  adjusted: 'gap' | 'overlap' | null;
}

/**
 * The instant a local date and time (yyyy-MM-dd, HH:mm:ss) means in `zone`.
 *
 * Daylight-saving transitions are decided deliberately, the way Temporal's default ('compatible') and the
 * JavaScript Date constructor do it, because that is what a person means:
 * - In a gap (02:30 on a spring-forward night in New York never happens), the time is read with the offset in
 *   force before the jump, which lands as many minutes after the jump as it was into the gap: 02:30 → 03:30 EDT.
 *   A sale "from 02:30" starts when the clocks first show a time at or after it.
 * - In an overlap (01:30 on a fall-back night happens twice), the first occurrence is taken (01:30 EDT):
 *   a sale never starts an hour later than the host expected. (Luxon alone would take the second one.)
 * The service stores the local date and time the clock really shows at that instant (03:30 in the gap case),
 * so the wall-clock fields and the instants never disagree.
 */
export function localToInstant(date: string, time: string, zone: string): LocalInstant {
  const iana = IANAZone.create(zone);
  if (!iana.isValid) throw new Error(`unknown time zone ${zone}`);
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute, second] = time.split(':').map(Number);
  // The wall-clock reading taken as if it were UTC; the real instant is this minus the zone's offset then.
  const wall = Date.UTC(year!, month! - 1, day!, hour!, minute!, second ?? 0);
  const offsetBefore = iana.offset(wall - DAY_MS);
  const offsetAfter = iana.offset(wall + DAY_MS);
  const candidates = [...new Set([offsetBefore, offsetAfter])]
    .map((offset) => wall - offset * MINUTE_MS)
    .filter((instant) => iana.offset(instant) * MINUTE_MS === wall - instant)
    .sort((a, b) => a - b);
  const instant = candidates[0] ?? wall - offsetBefore * MINUTE_MS;
  const adjusted = candidates.length === 0 ? 'gap' : candidates.length > 1 ? 'overlap' : null;
  const local = DateTime.fromMillis(instant, { zone: iana });
  return {
    at: new Date(instant),
    date: local.toFormat('yyyy-MM-dd'),
    time: local.toFormat('HH:mm:ss'),
    adjusted,
  };
}

/** The local date and time (yyyy-MM-dd, HH:mm:ss) of an instant in `zone`. */
export function instantToLocal(at: Date, zone: string): { date: string; time: string } {
  const local = DateTime.fromJSDate(at, { zone });
  return { date: local.toFormat('yyyy-MM-dd'), time: local.toFormat('HH:mm:ss') };
}
