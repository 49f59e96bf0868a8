import { join } from 'node:path';

/**
 * The journeys run in lanes, side by side, each lane on a server and a data directory of its own, seeded with the
 * same demo data. Journeys of one lane run one at a time, so they may share the demo accounts as a person would
 * (bob's bell, alice's listings, the operator's console) without seeing another lane's messages or blocks.
 * Two lanes keep both cores of a CI machine busy: one lane left a third of them idle (docs/testing.md, Time). No
 * more journeys run at a time than the machine has cores (playwright.config.ts), whatever the number of lanes.
 *
 * A spec file belongs to the lane that names it; a file no lane names runs in the first. The lists balance the
 * journeys' measured times (about 150 s each alone, 300 s side by side).
 */
export interface Lane {
  name: string;
  port: number;
  dataDir: string;
  /** Spec files (under tests/) of this lane; undefined: every file another lane does not name. */
  files?: string[];
  /** What the lane's server is set to beyond the journeys' defaults (servers.ts). */
  env?: Record<string, string>;
  /** The browser's language (navigator.languages and Accept-Language); Playwright's en-US without one. */
  locale?: string;
}

/**
 * An installation in Germany, read by a browser set to German: its own server, as DEFAULT_LOCALE, CURRENCY,
 * DISTANCE_UNIT and DEFAULT_COUNTRY are read at start. Its journeys (about a minute) take turns with the others: the
 * pages in German, and a seller's way from registering in Berlin to a chat, in German and in Spanish.
 */
const GERMAN_LANE = {
  name: 'german',
  files: ['german.spec.ts', 'language-choice.spec.ts', 'german-journey.spec.ts', 'spanish-journey.spec.ts'],
  env: { DEFAULT_LOCALE: 'de', CURRENCY: 'EUR', DISTANCE_UNIT: 'km', DEFAULT_COUNTRY: 'DE' },
  locale: 'de-DE',
};

const SECOND_LANE = [
  'profiles.spec.ts',
  'rendered-pages.spec.ts',
  'rendered-pages-signed-in.spec.ts',
  'listings.spec.ts',
  'pages.spec.ts',
  'keyboard.spec.ts',
  'account-data.spec.ts',
  'chat.spec.ts',
  'notifications-push.spec.ts',
  'duplicate-photos.spec.ts',
  'chat-reconnect.spec.ts',
  'deals.spec.ts',
  'ratings.spec.ts',
];

/**
 * The run's lanes: E2E_LANES of them (default 2; 1 runs every journey on one server, one at a time), on ports from
 * E2E_PORT (default 3210) up, with data directories under the run's E2E_DATA_DIR; then the German installation's
 * lane on the port after theirs. E2E_LANE names the one lane to run.
 */
export function lanesOf(env: NodeJS.ProcessEnv, runDir: string): Lane[] {
  const count = Math.min(2, Math.max(1, Number(env.E2E_LANES ?? 2) || 1));
  const firstPort = Number(env.E2E_PORT ?? 3210);
  const lanes: Lane[] = Array.from({ length: count }, (_, index) => ({
    name: `lane ${index + 1}`,
    port: firstPort + index,
    dataDir: join(runDir, `lane-${index + 1}`),
    ...(count > 1 && index === 1 && { files: SECOND_LANE }),
  }));
  const all = [...lanes, { ...GERMAN_LANE, port: firstPort + 2, dataDir: join(runDir, 'lane-german') }];
  // E2E_LANE=german starts that lane's server alone (its journeys only).
  return env.E2E_LANE ? all.filter((lane) => lane.name === env.E2E_LANE) : all;
}

/** The spec files a lane runs, as Playwright's testMatch and testIgnore read them. */
export function laneMatch(
  lane: Lane,
  lanes: readonly Lane[],
): { testMatch?: string[]; testIgnore?: string[] } {
  if (lane.files) return { testMatch: lane.files.map((file) => `**/${file}`) };
  const elsewhere = lanes.flatMap((other) => other.files ?? []);
  return elsewhere.length > 0 ? { testIgnore: elsewhere.map((file) => `**/${file}`) } : {};
}
