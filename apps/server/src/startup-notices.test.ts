import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test/app.js';
import { users } from './db/schema.js';
import { DEMO_USERS } from './db/seed.js';
import { isLoopbackHost, sayStartupNotices } from './startup-notices.js';

let t: TestApp;
// Seeding the demo (people, listings and their photos) takes about 20 s on a quiet two-core machine and has
// passed 30 s beside a browser run; the tests themselves keep the suite's limit.
beforeAll(async () => {
  t = await buildTestApp({ SEED_DEMO_DATA: 'true' });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

function recorder() {
  const lines: { level: 'info' | 'warn'; text: string }[] = [];
  return {
    lines,
    log: {
      info: (text: string) => lines.push({ level: 'info', text }),
      warn: (text: string) => lines.push({ level: 'warn', text }),
    },
  };
}

describe('start-up notices', () => {
  it('seeds no staff or admin account with a published password', async () => {
    expect(DEMO_USERS.every((demo) => demo.role === 'user')).toBe(true);
    const privileged = await t.app.parts.storage.database.db
      .select({ username: users.username })
      .from(users)
      .where(eq(users.role, 'admin'));
    expect(privileged).toEqual([]);
  });

  it('tells how to create the first admin while there is none', async () => {
    const { lines, log } = recorder();
    await sayStartupNotices(t.app.parts.storage.database.db, { host: '127.0.0.1', log });
    expect(lines).toEqual([{ level: 'info', text: expect.stringContaining('npm run admin -- create') }]);
  });

  it('warns once when demo accounts are reachable from other machines', async () => {
    const { lines, log } = recorder();
    await sayStartupNotices(t.app.parts.storage.database.db, { host: '0.0.0.0', log });
    const warnings = lines.filter((line) => line.level === 'warn');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.text).toContain('demo, alice, bob');
    expect(warnings[0]!.text).toContain('0.0.0.0');
  });

  it('says nothing once an admin exists and the server stays on loopback', async () => {
    await t.app.parts.storage.database.db
      .update(users)
      .set({ role: 'admin' })
      .where(eq(users.username, 'alice'));
    const { lines, log } = recorder();
    await sayStartupNotices(t.app.parts.storage.database.db, { host: 'localhost', log });
    expect(lines).toEqual([]);
  });

  it('knows which addresses only this machine reaches', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]'])
      expect(isLoopbackHost(host)).toBe(true);
    for (const host of ['0.0.0.0', '::', '10.0.0.5', 'market.example.org'])
      expect(isLoopbackHost(host)).toBe(false);
  });
});
