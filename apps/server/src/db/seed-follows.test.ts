import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.js';
import { followersOf } from '../test/users.js';
import { follows } from './schema.js';
import { DEMO_USERS, seed } from './seed.js';
import { seedDemoFollows } from './seed-follows.js';

let t: TestApp;
beforeAll(async () => {
  // Demo data off at start-up, so this test seeds a fresh installation itself (without the slow demo listings).
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const followCount = async () => {
  const [row] = await t.app.parts.storage.database.db.select({ n: sql<number>`count(*)::int` }).from(follows);
  return Number(row?.n);
};

async function signInAs(username: string): Promise<string> {
  const demo = DEMO_USERS.find((user) => user.username === username)!;
  return (await t.app.parts.people.accounts.login(demo.username, demo.password)).authToken;
}

describe('demo follows', () => {
  it('gives the demo account followers on a fresh installation, once', async () => {
    const result = await seed(t.app.parts.storage.database.db, { demoData: true });
    expect(result.demoUsers).toBe(DEMO_USERS.length);

    const demoToken = await signInAs('demo');
    const followers = await followersOf(t.app, demoToken);
    expect(followers.data.map((card) => card.userName).sort()).toEqual(['alice', 'bob']);
    expect(followers.data.find((card) => card.userName === 'alice')?.isFollowingBack).toBe(true);
    expect(followers.data.find((card) => card.userName === 'bob')?.isFollowingBack).toBe(false);

    const aliceToken = await signInAs('alice');
    expect((await followersOf(t.app, aliceToken)).data.map((card) => card.userName).sort()).toEqual([
      'bob',
      'demo',
    ]);

    // A second run adds nothing; later starts leave follows alone, so unfollowing a demo account sticks.
    expect(await seedDemoFollows(t.app.parts.storage.database.db)).toBe(0);
    await t.app.parts.storage.database.db.delete(follows);
    await seed(t.app.parts.storage.database.db, { demoData: true });
    expect(await followCount()).toBe(0);
  });
});
