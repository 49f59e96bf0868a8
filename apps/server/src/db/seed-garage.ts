import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { GarageItem } from '@rummage/contract';
import { instantToLocal, localToInstant, timeZoneAt } from '../lib/local-time.js';
import { withTransaction, type Database } from './client.js';
import { garageSales, users } from './schema.js';
import { placeLabel, type ReverseGeocode } from '../services/geo/place-label.js';
import { DEMO_COUNTRIES, demoSellerName, demoSpot, US_DEMO, type DemoLocale } from './seed-places.js';

/**
 * Demo garage sales. Unlike listings, a garage sale has an end, so a demo seeded once would have an empty strip
 * a few days later. The choice (kept simple on purpose):
 *
 * - Each plan below is a slot: a host, an address and a timing relative to "now" ("starts in 20 minutes",
 *   "live now", "tomorrow 8–2 local", "in 3 days").
 * - `topUpDemoGarageSales` fills every slot that has no current sale (none, or it has ended) with a fresh sale
 *   timed from this moment. It runs at start-up and after each expiry-job pass, only when SEED_DEMO_DATA is true,
 *   and only for hosts that are the demo's local sellers (accounts created with the demo listings on a fresh
 *   installation, which nobody can sign in to). A site that never had demo data has none of them, so it never
 *   gets demo sales; turning SEED_DEMO_DATA off stops the top-ups, and the last ones expire on their own.
 * - The slot hosted by the `demo` account (who can sign in) is filled once, on the fresh installation: a
 *   visitor trying the demo may delete it, and it should stay deleted.
 * So the strip always shows the full spread, ≥ 5 sales around Chicago (a carousel) and one or two elsewhere.
 * Top-ups run under a transaction-scoped advisory lock, so two processes starting together add each sale once.
 */

export interface DemoGarageDeps {
  reverse: ReverseGeocode;
  /** The installation's language and country: where the sales are (db/seed-places.ts). The US else. */
  locale?: DemoLocale;
}

type Timing =
  /** Starts this many minutes from now (negative: already live) and lasts `hours`. */
  | { inMinutes: number; hours: number }
  /** On the day `inDays` after today at the sale's place, from `from` to `to` local time. */
  | { inDays: number; from: string; to: string };

interface DemoGaragePlan {
  host: string;
  title: string;
  latitude: number;
  longitude: number;
  items: GarageItem[];
  timing: Timing;
}

/** The hosts of slots filled only once (people who can sign in and may delete their sale). */
const ONCE_HOSTS = new Set(['demo']);

export const DEMO_GARAGE_PLANS: readonly DemoGaragePlan[] = [
  // Chicago: six sales within 25 miles of the demo user's location.
  {
    host: 'windycitythrift',
    title: '2145 N Milwaukee Ave, Chicago, IL',
    latitude: 41.9206,
    longitude: -87.6981,
    items: ['Furniture', 'Books', 'Kitchenware'],
    timing: { inMinutes: 20, hours: 4 },
  },
  {
    host: 'logansquarefinds',
    title: '3120 W Logan Blvd, Chicago, IL',
    latitude: 41.9286,
    longitude: -87.7063,
    items: ['Clothing', 'Toys', 'Baby items'],
    timing: { inMinutes: -90, hours: 4.5 },
  },
  {
    host: 'demo',
    title: '1530 W Addison St, Chicago, IL',
    latitude: 41.9466,
    longitude: -87.666,
    items: ['Electronics', 'Tools', 'Collectibles'],
    timing: { inMinutes: 180, hours: 3 },
  },
  {
    host: 'windycitythrift',
    title: '5400 N Clark St, Chicago, IL',
    latitude: 41.9795,
    longitude: -87.6685,
    items: ['Antiques', 'Art', 'Jewelry'],
    timing: { inDays: 1, from: '08:00:00', to: '14:00:00' },
  },
  {
    host: 'logansquarefinds',
    title: '1800 S Halsted St, Chicago, IL',
    latitude: 41.8577,
    longitude: -87.6466,
    items: ['Sports gear', 'Garden', 'Tools'],
    timing: { inDays: 2, from: '09:00:00', to: '15:00:00' },
  },
  {
    host: 'windycitythrift',
    title: '1020 Chicago Ave, Evanston, IL',
    latitude: 42.0339,
    longitude: -87.6795,
    items: ['Appliances', 'Kitchenware', 'Furniture'],
    timing: { inDays: 3, from: '10:00:00', to: '16:00:00' },
  },
  // Elsewhere: one or two per city.
  {
    host: 'atxvintage',
    title: '1601 S Congress Ave, Austin, TX',
    latitude: 30.249,
    longitude: -97.7497,
    items: ['Clothing', 'Antiques', 'Collectibles'],
    timing: { inMinutes: 45, hours: 5 },
  },
  {
    host: 'atxvintage',
    title: '4500 Duval St, Austin, TX',
    latitude: 30.3117,
    longitude: -97.7259,
    items: ['Furniture', 'Art'],
    timing: { inDays: 2, from: '08:00:00', to: '13:00:00' },
  },
  {
    host: 'rosecityfinds',
    title: '3300 SE Belmont St, Portland, OR',
    latitude: 45.5166,
    longitude: -122.6311,
    items: ['Books', 'Garden', 'Kitchenware'],
    timing: { inDays: 1, from: '09:00:00', to: '15:00:00' },
  },
  {
    host: 'milehighmarket',
    title: '1400 S Pearl St, Denver, CO',
    latitude: 39.6904,
    longitude: -104.9806,
    items: ['Sports gear', 'Tools', 'Electronics'],
    timing: { inMinutes: -30, hours: 5 },
  },
  {
    host: 'emeraldcitydeals',
    title: '2200 NW Market St, Seattle, WA',
    latitude: 47.6687,
    longitude: -122.3862,
    items: ['Electronics', 'Books', 'Toys'],
    timing: { inDays: 3, from: '10:00:00', to: '15:00:00' },
  },
  {
    host: 'beantownbargains',
    title: '120 Centre St, Boston, MA',
    latitude: 42.3223,
    longitude: -71.1081,
    items: ['Antiques', 'Jewelry', 'Art'],
    timing: { inDays: 1, from: '08:00:00', to: '12:00:00' },
  },
  {
    host: 'peachtreepicker',
    title: '1100 Euclid Ave NE, Atlanta, GA',
    latitude: 33.764,
    longitude: -84.3491,
    items: ['Baby items', 'Toys', 'Clothing'],
    timing: { inMinutes: 120, hours: 4 },
  },
];

/** The slots where the demo is: the US ones moved to the same spots of the local cities, with local addresses. */
export function demoGaragePlans(locale: DemoLocale = US_DEMO): readonly DemoGaragePlan[] {
  return DEMO_GARAGE_PLANS.map((plan, index) => {
    const spot = demoSpot(plan, index, locale);
    if (!spot) return plan;
    const { address: title, latitude, longitude } = spot;
    return { ...plan, host: demoSellerName(plan.host, locale), title, latitude, longitude };
  });
}

const MINUTE_MS = 60 * 1000;
/** Demo starts fall on the 5-minute grid, like the form's time picker. */
const GRID_MS = 5 * MINUTE_MS;

/** Start and end of a slot's sale, timed from `now`, as local values and instants. */
function timesOf(plan: DemoGaragePlan, timeZone: string, now: Date) {
  const { timing } = plan;
  if ('inMinutes' in timing) {
    const start = new Date(Math.ceil(now.getTime() / GRID_MS) * GRID_MS + timing.inMinutes * MINUTE_MS);
    const end = new Date(start.getTime() + timing.hours * 60 * MINUTE_MS);
    const [local, localEnd] = [instantToLocal(start, timeZone), instantToLocal(end, timeZone)];
    return { start: { ...local, at: start }, end: { ...localEnd, at: end } };
  }
  const day = DateTime.fromJSDate(now, { zone: timeZone })
    .plus({ days: timing.inDays })
    .toFormat('yyyy-MM-dd');
  return { start: localToInstant(day, timing.from, timeZone), end: localToInstant(day, timing.to, timeZone) };
}

/**
 * Fills the demo slots that have no current sale (see the top of this file). `includeOnce` also fills the slots
 * of hosts who can sign in: only on the fresh installation. Answers how many sales were added.
 */
export async function topUpDemoGarageSales(
  db: Database,
  deps: DemoGarageDeps,
  options: { includeOnce?: boolean; now?: Date } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const locale = deps.locale ?? US_DEMO;
  // The demo's sales are where its sellers were seeded: the installation's place, or (seeded before, or under
  // other settings) whichever of the demo's places has its sellers.
  const candidates = [locale, ...DEMO_COUNTRIES.map((country) => ({ ...locale, country }))].map((where) =>
    demoGaragePlans(where).filter((plan) => options.includeOnce || !ONCE_HOSTS.has(plan.host)),
  );
  const hostNames = [...new Set(candidates.flat().map((plan) => plan.host))];
  return withTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('rummage.demo-garage-sales'))`);
    const hosts = await tx
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(inArray(users.username, hostNames));
    const hostIds = new Map(hosts.map((row) => [row.username, row.id]));
    // The demo's local sellers exist only where demo listings were seeded; without them this is not a demo.
    const plans = candidates.find((each) =>
      each.some((plan) => !ONCE_HOSTS.has(plan.host) && hostIds.has(plan.host)),
    );
    if (!plans) return 0;
    const current = await tx
      .select({ sellerId: garageSales.sellerId, title: garageSales.title })
      .from(garageSales)
      .where(
        and(
          inArray(garageSales.sellerId, [...hostIds.values()]),
          gt(garageSales.endsAt, sql`${now.toISOString()}::timestamptz`),
        ),
      );
    const filled = new Set(current.map((row) => `${row.sellerId}|${row.title}`));
    const values = plans.flatMap((plan) => {
      const sellerId = hostIds.get(plan.host);
      if (sellerId === undefined || filled.has(`${sellerId}|${plan.title}`)) return [];
      const timeZone = timeZoneAt(plan.latitude, plan.longitude);
      const { start, end } = timesOf(plan, timeZone, now);
      return [
        {
          sellerId,
          title: plan.title,
          locationText: placeLabel(deps.reverse, plan.latitude, plan.longitude),
          latitude: plan.latitude,
          longitude: plan.longitude,
          items: plan.items,
          startDate: start.date,
          startTime: start.time,
          endDate: end.date,
          endTime: end.time,
          timeZone,
          startsAt: start.at,
          endsAt: end.at,
        },
      ];
    });
    if (values.length > 0) await tx.insert(garageSales).values(values);
    return values.length;
  });
}

/** Demo sales on a fresh installation (db/seed.ts calls it right after the demo listings). */
export function seedDemoGarageSales(db: Database, deps: DemoGarageDeps, now?: Date): Promise<number> {
  return topUpDemoGarageSales(db, deps, { includeOnce: true, now });
}

/** How many demo slots currently have a sale (tests, logs). */
export async function currentDemoGarageSales(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(garageSales)
    .innerJoin(users, eq(users.id, garageSales.sellerId))
    .where(
      and(
        inArray(users.username, [...new Set(DEMO_GARAGE_PLANS.map((plan) => plan.host))]),
        gt(garageSales.endsAt, sql`now()`),
      ),
    );
  return Number(row?.n ?? 0);
}
