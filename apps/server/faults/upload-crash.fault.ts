/**
 * The server SIGKILLed while it processes a multipart `POST /api/Product/add` with several large photos, at
 * different moments: no listing is ever committed without its images (nor pointing at missing files), and the
 * files an interrupted upload left in DATA_DIR/uploads are removed by the orphan sweep (jobs/orphan-uploads.ts)
 * once they are older than UPLOAD_SWEEP_GRACE_MS, while the files of real listings stay.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@rummage/contract';
import { createListing, listingForm, noisePhoto, NO_CAPTCHA, signUp, type Person } from './harness/api.js';
import { createPostgres, type PostgresCluster } from './harness/postgres.js';
import { startServer, type ServerProcess } from './harness/server.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let postgres: PostgresCluster;
let databaseUrl: string;
let dataDir: string;
let server: ServerProcess | undefined;
let seller: Person;
let photos: Buffer[];

const uploadsDir = () => join(dataDir, 'uploads');

/** Every file under DATA_DIR/uploads (hidden temporary files included), relative to it. */
function storedFiles(): string[] {
  try {
    return readdirSync(uploadsDir(), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(uploadsDir(), join(entry.parentPath, entry.name)));
  } catch {
    return [];
  }
}

async function query<T extends pg.QueryResultRow>(text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

const start = (env: Record<string, string> = {}) =>
  startServer({ dataDir, env: { DATABASE_URL: databaseUrl, ...NO_CAPTCHA, ...env } });

type Moment = 'body sent' | 'first temporary file' | 'first stored image' | 'body sent + 400 ms';

/**
 * Sends the listing form over a raw HTTP request and SIGKILLs the server at `moment`. Answers the status the
 * request got before the kill (the upload may finish first), or 'killed'.
 */
async function uploadAndKill(target: ServerProcess, moment: Moment): Promise<number | 'killed'> {
  const form = listingForm(photos, `Crash test (${moment})`);
  const before = new Set(storedFiles());
  let status: number | 'killed' = 'killed';
  let bodySent: () => void = () => undefined;
  const sent = new Promise<void>((resolve) => (bodySent = resolve));
  const answered = new Promise<void>((resolve) => {
    const req = request(`${target.origin}${API.product.add}`, {
      method: 'POST',
      headers: {
        ...form.headers,
        authorization: `Bearer ${seller.token}`,
        'content-length': form.payload.length,
      },
    });
    req.on('response', (response) => {
      status = response.statusCode ?? 0;
      response.resume();
      response.on('end', resolve);
    });
    req.on('error', () => resolve()); // the connection died with the server
    req.end(form.payload, () => bodySent());
  });
  await sent;

  const fresh = (test: (name: string) => boolean) =>
    storedFiles().some((file) => !before.has(file) && test(file.split('/').pop()!));
  const deadline = Date.now() + 20_000;
  if (moment === 'body sent + 400 ms') await sleep(400);
  while (
    moment === 'first temporary file' &&
    !fresh((name) => name.endsWith('.tmp')) &&
    Date.now() < deadline
  ) {
    await sleep(2);
  }
  while (
    moment === 'first stored image' &&
    !fresh((name) => name.endsWith('.webp')) &&
    Date.now() < deadline
  ) {
    await sleep(2);
  }
  await target.kill();
  await answered;
  return status;
}

beforeAll(async () => {
  postgres = await createPostgres();
  databaseUrl = await postgres.createDatabase('rummage');
  dataDir = mkdtempSync(join(tmpdir(), 'rummage-upload-crash-'));
  // Four phone-sized photos of noise (noise does not compress: real decoding and encoding work for sharp).
  photos = await Promise.all(Array.from({ length: 4 }, () => noisePhoto(1600, 1200)));
  server = await start();
  seller = await signUp(server.origin, 'seller');
});

afterAll(async () => {
  await server?.stop();
  await postgres?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the server killed during an upload', () => {
  it('never commits a listing without its images, and the sweep removes the orphaned files', async () => {
    // A listing that completes: the sweep must keep its files.
    const kept = await createListing(server!.origin, seller, photos.slice(0, 2));

    const outcomes: string[] = [];
    for (const moment of [
      'body sent',
      'first temporary file',
      'first stored image',
      'body sent + 400 ms',
    ] as const) {
      const status = await uploadAndKill(server!, moment);
      outcomes.push(`${moment}: ${status}`);
      server = await start();
    }
    console.info(`[upload-crash] ${outcomes.join('; ')}`);
    // The kills really interrupted uploads in flight (an upload that always finished first would prove nothing).
    expect(outcomes.filter((outcome) => outcome.endsWith('killed')).length).toBeGreaterThanOrEqual(3);

    // No listing without images, and none pointing at a file that is not there.
    const listings = await query<{ id: string; images: number }>(
      `select p.id, count(i.id)::int as images from products p left join product_images i on i.product_id = p.id
       group by p.id`,
    );
    expect(listings.filter((listing) => listing.images === 0)).toEqual([]);
    expect(listings.map((listing) => Number(listing.id))).toContain(kept);
    const keys = await query<{ key: string }>(
      `select large_key as key from product_images union select thumb_key from product_images`,
    );
    const referenced = new Set(keys.map((row) => row.key));
    const files = new Set(storedFiles());
    expect([...referenced].filter((key) => !files.has(key))).toEqual([]);

    // The crashes left files nobody uses (at least the images written before the "first stored image" kill).
    const orphans = [...files].filter((file) => !referenced.has(file));
    expect(orphans.length).toBeGreaterThan(0);

    // Restarted with a short grace, the sweep removes them, and only them.
    await server!.stop();
    server = await start({ UPLOAD_SWEEP_INTERVAL_MS: '1000', UPLOAD_SWEEP_GRACE_MS: '1000' });
    const restartedAt = Date.now();
    while (storedFiles().some((file) => !referenced.has(file)) && Date.now() - restartedAt < 15_000) {
      await sleep(100);
    }
    console.info(
      `[upload-crash] ${orphans.length} orphaned files (${files.size} in all) before the sweep; ` +
        `gone ${Date.now() - restartedAt} ms after the restart with a 1 s grace`,
    );
    expect(storedFiles().sort()).toEqual([...referenced].sort());
  });
});
