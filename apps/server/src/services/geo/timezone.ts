import { STATES } from './states.js';

/**
 * IANA time zone of a point whose state is known, without shipping tz polygons (several MB).
 * Single-zone states use the state table; for the split states a straight line through the
 * boundary gets the towns right, while a few rural counties right on the line may come out wrong.
 * Good enough to show garage-sale hours in local time; not a legal boundary.
 */
export function timeZoneFor(state: string, lat: number, lng: number): string | undefined {
  const base = STATES[state]?.tz;
  if (base === undefined) return undefined;
  switch (state) {
    case 'AK':
      // The Aleutians west of Umnak Pass keep Hawaii–Aleutian time.
      return lng < -169.5 || lng > 170 ? 'America/Adak' : base;
    case 'FL':
      // The panhandle west of the Apalachicola River is Central.
      return lng < -85.2 ? 'America/Chicago' : base;
    case 'ID':
      // The panhandle north of the Salmon River is Pacific.
      return lat > 45.5 ? 'America/Los_Angeles' : base;
    case 'IN':
      // Chicago's suburbs (north-west) and the Evansville area (south-west) are Central.
      if ((lat > 41.2 && lng < -86.5) || (lat > 40.7 && lng < -86.95)) return 'America/Chicago';
      if (lat < 38.45 && (lng < -87.1 || (lat < 38.15 && lng < -86.5))) return 'America/Chicago';
      return base;
    case 'KS':
      // Sherman, Wallace, Greeley and Hamilton counties on the Colorado line are Mountain.
      return lng < -101.45 && lat > 37.7 ? 'America/Denver' : base;
    case 'KY':
      // Louisville, Elizabethtown and the east are Eastern; Bowling Green, Owensboro, Paducah are Central.
      // The line runs from Meade/Breckinridge in the north to Clinton/Wayne on the Tennessee line.
      return lng < (lat >= 37.5 ? -86.3 : -85.05 - (lat - 37.0) * 0.9) ? 'America/Chicago' : base;
    case 'MI':
      // The four Upper Peninsula counties on the Wisconsin line are Central.
      return (lng < -87.4 && lat < 46.2) || lng < -89.9 ? 'America/Menominee' : base;
    case 'NE':
      // The panhandle and the south-west corner are Mountain (Ogallala, Scottsbluff; not North Platte).
      return lng < -101.25 ? 'America/Denver' : base;
    case 'ND':
      // South-west of the Missouri River is Mountain (Dickinson, Bowman; not Williston or Mandan).
      return lng < -101.5 && lat < 47.5 ? 'America/Denver' : base;
    case 'SD':
      // West of the Missouri River is Mountain (Rapid City; Pierre stays Central).
      return lng < -100.4 ? 'America/Denver' : base;
    case 'OR':
      // Most of Malheur County (Ontario) is Mountain.
      return lng > -118.2 && lat < 44.3 ? 'America/Boise' : base;
    case 'TN':
      // East Tennessee (Knoxville, Chattanooga) is Eastern; the line runs north-east from Chattanooga.
      return lng > -85.6 + (lat - 35.0) * 0.7 ? 'America/New_York' : base;
    case 'TX':
      // El Paso and Hudspeth counties are Mountain.
      return lng < -104.9 ? 'America/Denver' : base;
    default:
      return base;
  }
}
