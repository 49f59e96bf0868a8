import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, apiPath, type ProductDetail } from '@rummage/contract';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { queryRows, type Database } from '../db/client.js';
import { products, users } from '../db/schema.js';
import { DEMO_USERS, seedDemoUsers } from '../db/seed.js';
import { seedDemoListings } from '../db/seed-listings.js';
import { loadOrCreateSecret } from '../lib/secrets.js';
import { ageAccount, chatApi } from '../modules/message/chat.fixtures.js';
import { createLocalImageStore, type ImageStore } from '../services/storage/index.js';
import { buildTestApp, freshDatabase, TEST_ENV, type TestApp } from '../test/app.js';
import { createBackup } from './backup.js';
import { BackupError } from './manifest.js';
import { restoreBackup } from './restore.js';

/** Row counts of every table Rummage has, by name: a restored copy must match the original table for table. */
async function tableCounts(db: Database): Promise<Record<string, number>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
         where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql.raw(`select count(*)::int as n from "${name.replaceAll('"', '""')}"`),
    );
    counts[name] = row!.n;
  }
  return counts;
}

async function storedImages(store: ImageStore): Promise<Map<string, string>> {
  const images = new Map<string, string>();
  for await (const { key } of store.list!()) images.set(key, (await store.get!(key))!.toString('base64'));
  return images;
}

const loginAs = (app: FastifyInstance, userName: string, password: string) =>
  app.inject({ method: 'POST', url: API.account.login, payload: { userName, password } });

const temp = (name: string) => mkdtempSync(join(tmpdir(), `rummage-${name}-`));

describe(`backup and restore (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let source: TestApp;
  let backupDir: string;
  const chat = { productId: 0, sellerId: 0, text: 'Is the lamp still for sale? I can pick it up today.' };
  const cleanups: Array<() => unknown> = [];

  beforeAll(async () => {
    source = await buildTestApp({}, {}, { databaseOnDisk: true });
    const db = source.app.parts.storage.database.db;
    // The demo people, and demo listings with their photos as a first start makes them: 12 of its 300 (drawing
    // and storing every photo took half a minute on a busy machine; a dozen hold every kind of row and file).
    await seedDemoUsers(db);
    const { imageStore, gazetteer } = source.app.parts.storage;
    await seedDemoListings(
      db,
      { store: imageStore, reverse: (lat, lng) => gazetteer.reverse(lat, lng) },
      { count: 12 },
    );
    const buyer = DEMO_USERS[0]!;
    const ids = await db.select({ id: users.id, username: users.username }).from(users);
    const idOf = (username: string) => ids.find((row) => row.username === username)!.id;
    const listing = (await db.select().from(products).orderBy(asc(products.id))).find(
      (row) => row.sellerId !== idOf(buyer.username),
    )!;
    Object.assign(chat, { productId: listing.id, sellerId: listing.sellerId });
    await ageAccount(source.app, idOf(buyer.username));
    const token = (await source.app.parts.people.accounts.login(buyer.username, buyer.password)).authToken;
    await chatApi(source.app).sent(token, chat.productId, chat.sellerId, chat.text);
    // A generated secret, as a server without ALTCHA_HMAC_KEY keeps in DATA_DIR.
    loadOrCreateSecret(source.config.dataDir, 'session-test.key');
    backupDir = join(temp('backups'), 'first');
    await createBackup(
      {
        handle: source.app.parts.storage.database,
        config: { dataDir: source.config.dataDir, databaseUrl: source.databaseUrl },
        store: source.app.parts.storage.imageStore,
      },
      backupDir,
    );
  });

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await source?.close();
  });

  /** An empty place to restore into: a data directory, and on PostgreSQL a second fresh database. */
  async function freshTarget(): Promise<{ dataDir: string; databaseUrl?: string }> {
    const dataDir = temp('restored');
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    if (!process.env.DATABASE_URL) return { dataDir };
    const database = await freshDatabase({ empty: true });
    await database.handle.close();
    cleanups.push(() => database.drop());
    return { dataDir, databaseUrl: database.url };
  }

  const storeOf = (dataDir: string) => createLocalImageStore(join(dataDir, 'uploads'));

  it('brings back every listing, image, chat, account and secret on a server started on the restored copy', async () => {
    const target = await freshTarget();
    const manifest = await restoreBackup(backupDir, { config: target, store: storeOf(target.dataDir) });
    expect(manifest.migration).toMatch(/^\d{4}_/);
    expect(manifest.uploads.count).toBeGreaterThan(0);

    const config = loadConfig({
      ...TEST_ENV,
      DATA_DIR: target.dataDir,
      WEB_DIST_DIR: join(target.dataDir, 'web-dist-missing'),
      ...(target.databaseUrl && { DATABASE_URL: target.databaseUrl }),
    });
    const restored = await buildApp(config, { jobs: false });
    try {
      expect(await tableCounts(restored.parts.storage.database.db)).toEqual(
        await tableCounts(source.app.parts.storage.database.db),
      );
      expect(await storedImages(restored.parts.storage.imageStore)).toEqual(
        await storedImages(source.app.parts.storage.imageStore),
      );

      for (const { id, title } of await source.app.parts.storage.database.db.select().from(products)) {
        const answer = await restored.inject({ method: 'GET', url: apiPath(API.product.item, { id }) });
        expect(answer.statusCode).toBe(200);
        const detail = answer.json<{ data: ProductDetail }>().data;
        expect(detail.title).toBe(title);
        for (const image of detail.images) {
          expect((await restored.inject({ method: 'GET', url: image })).statusCode).toBe(200);
        }
      }
      for (const user of DEMO_USERS)
        expect((await loginAs(restored, user.username, user.password)).statusCode).toBe(200);

      const buyer = DEMO_USERS[0]!;
      const token = (await restored.parts.people.accounts.login(buyer.username, buyer.password)).authToken;
      const history = await chatApi(restored).historyOf(token, chat.productId, chat.sellerId);
      expect(history.data.map((message) => message.message)).toEqual([chat.text]);

      expect(readFileSync(join(target.dataDir, 'session-test.key'), 'utf8')).toBe(
        readFileSync(join(source.config.dataDir, 'session-test.key'), 'utf8'),
      );
    } finally {
      await restored.close();
    }

    await expect(
      restoreBackup(backupDir, { config: target, store: storeOf(target.dataDir) }),
    ).rejects.toThrow(/Not restored: .*add --force to replace/);
    await restoreBackup(backupDir, { config: target, store: storeOf(target.dataDir), force: true });
  });

  it('refuses a backup with one changed byte, before touching the target', async () => {
    const damaged = join(temp('damaged'), 'copy');
    cleanups.push(() => rmSync(damaged, { recursive: true, force: true }));
    cpSync(backupDir, damaged, { recursive: true });
    const manifest = JSON.parse(readFileSync(join(damaged, 'manifest.json'), 'utf8')) as {
      database: { file: string };
    };
    const file = join(damaged, manifest.database.file);
    const bytes = readFileSync(file);
    bytes[Math.floor(bytes.length / 2)]! ^= 0x01;
    writeFileSync(file, bytes);

    const target = await freshTarget();
    const attempt = restoreBackup(damaged, { config: target, store: storeOf(target.dataDir) });
    await expect(attempt).rejects.toBeInstanceOf(BackupError);
    await expect(attempt).rejects.toThrow(`${manifest.database.file} does not match its checksum`);
    expect(existsSync(join(target.dataDir, 'pglite'))).toBe(false);
    expect(existsSync(join(target.dataDir, 'uploads'))).toBe(false);
  });

  it('refuses to write a backup into a folder that already holds files', async () => {
    await expect(
      createBackup(
        {
          handle: source.app.parts.storage.database,
          config: { dataDir: source.config.dataDir, databaseUrl: source.databaseUrl },
          store: source.app.parts.storage.imageStore,
        },
        backupDir,
      ),
    ).rejects.toThrow(/is not empty/);
  });
});
