import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, apiPath, type ProfileDetails } from '@rummage/contract';
import { reviews, users } from '../../db/schema.js';
import { withTransaction, type Transaction } from '../../db/client.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { banUser, bearer, createUser, signIn } from '../../test/factories.js';
import { createProduct } from '../../test/products.js';
import type { Person } from '../notification/notification.fixtures.js';
import { dealApi } from './deal.fixtures.js';
import { REPUTATION_FRESH_MS, reputationAt } from './reputations.js';

// A reputation read before is answered again only while nothing it reads has changed: every change bumps the
// person's reputation_version in the database, whichever path made it, and the next answer reads it anew.

let t: TestApp;
let api: ReturnType<typeof dealApi>;
beforeAll(async () => {
  t = await buildTestApp();
  api = dealApi(t.app);
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.app.parts.storage.database.db;
async function versionOf(person: Person): Promise<number> {
  const [row] = await db()
    .select({ version: users.reputationVersion })
    .from(users)
    .where(eq(users.id, person.id));
  return row!.version;
}
async function profileReputation(person: Person) {
  const response = await api.get(apiPath(API.user.profileDetails, { userId: person.id }));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: ProfileDetails }>().data.reputation;
}

describe('reputations as last read', () => {
  it('answers the one read before while the version stands, and reads again at a new version or once stale', async () => {
    const { seller, buyer, dealId } = await api.deal();
    const at = new Date();
    const before = await versionOf(seller);
    expect(await reputationAt(db(), seller.id, before, at)).toMatchObject({ count: 0, deals: 1 });
    await api.rated(buyer, dealId, 4);
    await api.rated(seller, dealId, 5);
    const after = await versionOf(seller);
    expect(after).toBeGreaterThan(before);
    // Asked with the version it was read at, the kept one answers: no statement ran.
    expect(await reputationAt(db(), seller.id, before, at)).toMatchObject({ count: 0 });
    expect(await reputationAt(db(), seller.id, after, at)).toMatchObject({ average: 4, count: 1 });
    // Time alone makes a kept reputation stale (chats leave the reply time's window).
    await db().execute(
      sql`update reviews set stars = 2 where deal_id = ${dealId} and subject_id = ${seller.id}`,
    );
    const later = new Date(at.getTime() + REPUTATION_FRESH_MS);
    expect(await reputationAt(db(), seller.id, after, later)).toMatchObject({ average: 2, count: 1 });
  });

  it('bumps the version with each change the reputation reads, and the profile shows it at once', async () => {
    const { seller, buyer, dealId } = await api.deal();
    const bumps = async (who: Person, change: () => Promise<unknown>) => {
      const before = await versionOf(who);
      await change();
      return (await versionOf(who)) > before;
    };
    expect(await profileReputation(seller)).toMatchObject({ count: 0, deals: 1 });

    // A rating given (hidden until both rated) and both published.
    expect(await bumps(seller, () => api.rated(buyer, dealId, 3))).toBe(true);
    expect(await bumps(seller, () => api.rated(seller, dealId, 5))).toBe(true);
    expect(await profileReputation(seller)).toMatchObject({ average: 3, count: 1 });

    // The rater suspended: their ratings are hidden while the ban lasts, and shown again after it.
    expect(await bumps(seller, () => banUser(t.app, buyer.id))).toBe(true);
    expect(await profileReputation(seller)).toMatchObject({ average: null, count: 0 });
    expect(
      await bumps(seller, () => db().update(users).set({ bannedAt: null }).where(eq(users.id, buyer.id))),
    ).toBe(true);
    expect(await profileReputation(seller)).toMatchObject({ average: 3, count: 1 });

    // Removed by staff.
    const removing = () =>
      db()
        .update(reviews)
        .set({ removedAt: new Date(), removedReason: 'Abusive' })
        .where(eq(reviews.subjectId, seller.id));
    expect(await bumps(seller, removing)).toBe(true);
    expect(await profileReputation(seller)).toMatchObject({ count: 0 });

    // A chat's first answer counts in the reply time; the messages after it change nothing it reads.
    const other = await api.person();
    const second = await createProduct(t.app, seller.id);
    await api.chat(other, seller, second);
    expect(await bumps(seller, () => api.chat(seller, other, second))).toBe(true);
    expect(await bumps(seller, () => api.chat(seller, other, second))).toBe(false);

    // A deal called off is no deal done.
    expect(await bumps(seller, () => api.dispute(buyer, dealId))).toBe(true);
    expect(await profileReputation(seller)).toMatchObject({ deals: 0 });
  });

  it("counts a banned rater's rating again once their account is deleted, as a deleted user's", async () => {
    const { seller, buyer, dealId } = await api.deal();
    await api.rated(buyer, dealId, 4);
    await api.rated(seller, dealId, 5);
    await banUser(t.app, buyer.id);
    expect(await profileReputation(seller)).toMatchObject({ count: 0 });
    const before = await versionOf(seller);
    await db().delete(users).where(eq(users.id, buyer.id));
    expect(await versionOf(seller)).toBeGreaterThan(before);
    expect(await profileReputation(seller)).toMatchObject({ average: 4, count: 1 });
  });

  // Two open transactions need two connections: PGlite has one.
  it.skipIf(!process.env.DATABASE_URL)(
    "publishes a deal's two ratings while another write holds its people in id order, without a deadlock",
    async () => {
      const { seller, buyer, dealId } = await api.deal();
      const [lower, higher] = [Math.min(seller.id, buyer.id), Math.max(seller.id, buyer.id)];
      // Stored hidden, the rating of the higher id first: one statement publishing both reaches it first.
      await db()
        .insert(reviews)
        .values(
          (
            [
              [lower, higher],
              [higher, lower],
            ] as const
          ).map(([authorId, subjectId]) => ({
            dealId,
            authorId,
            subjectId,
            role: subjectId === seller.id ? ('seller' as const) : ('buyer' as const),
            stars: 4,
          })),
        );
      const publishing = () =>
        withTransaction(db(), (tx) =>
          tx.execute(sql`update reviews set published_at = now() where deal_id = ${dealId}`),
        );
      // Locks taken as the rows came, the higher id first, would meet the other write's the other way round.
      await besideAWriteInIdOrder(lower, higher, publishing);
      expect(await profileReputation(seller)).toMatchObject({ average: 4, count: 1 });
    },
  );

  it.skipIf(!process.env.DATABASE_URL)(
    'bans a rater and deletes their account while another write holds the people they rated in id order, without a deadlock',
    async () => {
      const { seller, buyer, dealId } = await api.deal();
      // The rater has the higher id: their ban bumps the lower one, whom the other write holds first.
      const [rated, rater] = seller.id < buyer.id ? [seller, buyer] : [buyer, seller];
      await api.rated(rater, dealId, 2);
      const admin = await createUser(t.app, { role: 'admin' });
      const token = await signIn(t.app, admin);
      // What staff do to the rater: each bumps the reputation of the person they rated.
      const staffAct = (route: string, reason: string) => async () => {
        const response = await t.app.inject({
          method: 'POST',
          url: apiPath(route, { userId: rater.id }),
          headers: bearer(token),
          payload: { reason },
        });
        expect(response.statusCode, response.body).toBe(200);
      };
      await besideAWriteInIdOrder(rated.id, rater.id, staffAct(API.staff.banUser, 'Spam'));
      // Their account deleted, the same way (a banned person's ratings count again, as a deleted user's).
      const before = await versionOf(rated);
      await besideAWriteInIdOrder(rated.id, rater.id, staffAct(API.staff.deleteUser, 'Scam'));
      expect(await versionOf(rated)).toBeGreaterThan(before);
    },
  );
});

/**
 * Runs `write` while another transaction takes `lower`'s row, and once `write` waits for a lock, `higher`'s: a
 * write that took `higher` first and then waited for `lower` would deadlock with it. Both must finish.
 */
async function besideAWriteInIdOrder(lower: number, higher: number, write: () => Promise<unknown>) {
  const locked = (tx: Transaction, id: number) =>
    tx.execute(sql`select 1 from users where id = ${id} for no key update`);
  const waiting = async () => {
    const result = await db().execute(
      sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
    );
    return (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
  };
  let holding!: () => void;
  const held = new Promise<void>((resolve) => (holding = resolve));
  let goOn!: () => void;
  const writeWaits = new Promise<void>((resolve) => (goOn = resolve));
  const inOrder = withTransaction(db(), async (tx) => {
    await locked(tx, lower);
    holding();
    await writeWaits;
    await locked(tx, higher);
  });
  await held;
  const written = write();
  for (let tries = 0; (await waiting()) === 0; tries += 1) {
    expect(tries, 'the write never waited for the lock').toBeLessThan(200);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  goOn();
  await expect(Promise.all([inOrder, written])).resolves.toBeDefined();
}
