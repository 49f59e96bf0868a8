import { sql } from 'drizzle-orm';
import { DEFAULT_CATEGORIES, normalizePhoneNumber, type Role } from '@rummage/contract';
import { hashPassword } from '../lib/passwords.js';
import type { Database } from './client.js';
import { categories, users } from './schema.js';
import { seedDemoDeals } from './seed-deals.js';
import { seedDemoFollows } from './seed-follows.js';
import { seedDemoGarageSales, topUpDemoGarageSales } from './seed-garage.js';
import { seedDemoListings, type DemoListingDeps } from './seed-listings.js';
import { demoHome, demoPhone, US_DEMO, type DemoLocale } from './seed-places.js';

/**
 * Demo accounts created on the first start when SEED_DEMO_DATA is on (the embedded quick start's default).
 * None is staff or admin: their passwords are published in the README, so the staff console must never open
 * with them. The first admin comes from `npm run admin -- create` or the ADMIN_* variables.
 * For the README:
 *
 * | username | e-mail               | password   | role  | city           |
 * |----------|----------------------|------------|-------|----------------|
 * | demo     | demo@rummage.local   | Demo123!   | user  | Chicago, IL    |
 * | alice    | alice@rummage.local  | Alice123!  | user  | Austin, TX     |
 * | bob      | bob@rummage.local    | Bob12345!  | user  | Portland, OR   |
 */
export const DEMO_USERS: ReadonlyArray<{
  username: string;
  email: string;
  password: string;
  role: Role;
  phone: string;
  address: string;
  latitude: number;
  longitude: number;
}> = [
  {
    username: 'demo',
    email: 'demo@rummage.local',
    password: 'Demo123!',
    role: 'user',
    phone: '(312) 555-0142',
    address: 'Chicago, IL',
    latitude: 41.8781,
    longitude: -87.6298,
  },
  {
    username: 'alice',
    email: 'alice@rummage.local',
    password: 'Alice123!',
    role: 'user',
    phone: '(512) 555-0199',
    address: 'Austin, TX',
    latitude: 30.2672,
    longitude: -97.7431,
  },
  {
    username: 'bob',
    email: 'bob@rummage.local',
    password: 'Bob12345!',
    role: 'user',
    phone: '(503) 555-0123',
    address: 'Portland, OR',
    latitude: 45.5152,
    longitude: -122.6784,
  },
];

/** The SPEC's ten categories always exist; ON CONFLICT keeps this idempotent and safe when processes race. */
export async function ensureCategories(db: Database): Promise<void> {
  await db
    .insert(categories)
    .values(DEFAULT_CATEGORIES.map((title) => ({ title })))
    .onConflictDoNothing();
}

const DEMO_ACCOUNT_AGE_DAYS = 90;

/** Demo people only on a fresh installation: once anyone exists, deleted demo accounts stay deleted. */
export async function seedDemoUsers(db: Database, locale: DemoLocale = US_DEMO): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  if ((row?.n ?? 0) > 0) return 0;
  // The demo people's listings go back up to 60 days (seed-listings.ts), so their accounts are older than that:
  // a profile's "since" then reads true, and they are not held to a day-old account's chat limits.
  const since = new Date(Date.now() - DEMO_ACCOUNT_AGE_DAYS * 24 * 60 * 60 * 1000);
  const values = await Promise.all(
    DEMO_USERS.map(async (demo) => {
      // Where the demo is (db/seed-places.ts): in Berlin for `demo` on a German installation, say.
      const home = demoHome(demo.username, locale);
      return {
        username: demo.username,
        email: demo.email,
        passwordHash: await hashPassword(demo.password),
        role: demo.role,
        // The US numbers are read as US ones on any installation, not in DEFAULT_COUNTRY's form.
        phoneE164: normalizePhoneNumber(demoPhone(demo.username, locale) ?? demo.phone, 'US') ?? null,
        address: home?.label ?? demo.address,
        latitude: home?.latitude ?? demo.latitude,
        longitude: home?.longitude ?? demo.longitude,
        termsAcceptedAt: since,
        // Their addresses are the demo's own (example.com): verified, so their e-mails show what verified people get.
        emailVerifiedAt: since,
        createdAt: since,
      };
    }),
  );
  const inserted = await db.insert(users).values(values).onConflictDoNothing().returning({ id: users.id });
  return inserted.length;
}

/**
 * Categories always; with demo data on a fresh installation, the demo users and then (when the image store is
 * given) demo listings with photos (db/seed-listings.ts), rated deals of some sold ones (db/seed-deals.ts) and demo
 * garage sales (db/seed-garage.ts). On later
 * starts with demo data on, ended demo garage sales are topped up (see seed-garage.ts for why and for whom).
 */
export async function seed(
  db: Database,
  options: { demoData: boolean; listings?: DemoListingDeps; locale?: DemoLocale },
): Promise<{ demoUsers: number; demoListings: number; demoGarageSales: number }> {
  await ensureCategories(db);
  // The installation's language and country: the demo's texts and places (db/seed-places.ts).
  const locale = options.locale ?? US_DEMO;
  const demoUsers = options.demoData ? await seedDemoUsers(db, locale) : 0;
  // Same rule as the people: only right after they were created, so a live site never gets demo listings.
  const demoListings =
    demoUsers > 0 && options.listings
      ? (await seedDemoListings(db, options.listings, { locale })).listings
      : 0;
  // After the listings, whose local sellers follow the demo account too (db/seed-follows.ts).
  if (demoUsers > 0) await seedDemoFollows(db, locale);
  // Handovers of sold demo listings, rated both ways (db/seed-deals.ts).
  if (demoListings > 0) await seedDemoDeals(db, locale.language);
  let demoGarageSales = 0;
  if (options.demoData && options.listings) {
    const deps = { ...options.listings, locale };
    demoGarageSales =
      demoListings > 0 ? await seedDemoGarageSales(db, deps) : await topUpDemoGarageSales(db, deps);
  }
  return { demoUsers, demoListings, demoGarageSales };
}
