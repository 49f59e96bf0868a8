/**
 * Stolen and duplicate photos (docs/product.md §17) through the real app: listings uploaded as multipart forms,
 * the photo check run by the app's own durable queue, and the automatic report read from the staff queue as the
 * console reads it.
 */
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  apiPath,
  DUPLICATE_PHOTO_REASON,
  type AccountExport,
  type ProductDetail,
  type StaffReportedProduct,
  type StaffUserDetail,
} from '@rummage/contract';
import { jobs, photoHashes } from '../../db/schema.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { bearer, deleteAccount, createUser, signIn, type TestUser } from '../../test/factories.js';
import { testPhoto } from '../../test/photos.js';
import { image, listingFields, multipart, png } from '../../test/products.js';
import { until } from '../../test/until.js';
import { photoDistance, photoHash, type PhotoHash } from '../../services/images/photo-hash.js';
import { PHOTO_CHECK_JOB } from './duplicate-photos.js';
import { insertPhotoHashes, matchingListings } from './duplicate-photos.repository.js';

let t: TestApp;
let staffToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  staffToken = await signIn(t.app, await createUser(t.app, { role: 'staff' }));
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.app.parts.storage.database.db;

interface Seller {
  user: TestUser;
  token: string;
}
async function seller(): Promise<Seller> {
  const user = await createUser(t.app);
  return { user, token: await signIn(t.app, user) };
}

/** Lists an item with these photos as the web form sends it; answers the new listing's id. */
async function list(who: Seller, photos: Buffer[], title = 'Walnut side table'): Promise<number> {
  const body = multipart([
    ...listingFields({ Title: title }),
    ...photos.map((photo, index) => image(photo, `photo-${index}.jpg`, 'image/jpeg')),
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: API.product.add,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(who.token) },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: ProductDetail }>().data.id;
}

/** Adds photos to a listing through the edit form. */
async function addPhotos(who: Seller, productId: number, photos: Buffer[]): Promise<void> {
  const body = multipart([
    { name: 'ProductId', value: String(productId) },
    ...listingFields({ Title: 'Walnut side table, now with more photos' }),
    ...photos.map((photo, index) => image(photo, `more-${index}.jpg`, 'image/jpeg')),
  ]);
  const response = await t.app.inject({
    method: 'PUT',
    url: API.product.update,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(who.token) },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** Every photo check has run (none waiting or running). */
const checksSettled = () =>
  until('the photo checks to finish', async () => {
    const rows = await db().select({ state: jobs.state }).from(jobs).where(eq(jobs.name, PHOTO_CHECK_JOB));
    return rows.every((row) => row.state === 'done' || row.state === 'dead');
  });

/** The staff queue's entry for a listing (every status), or undefined when nobody and nothing reported it. */
async function reportedEntry(productId: number): Promise<StaffReportedProduct | undefined> {
  await checksSettled();
  const response = await t.app.inject({
    method: 'GET',
    url: `${API.staff.reports}?status=all&pageSize=100`,
    headers: bearer(staffToken),
  });
  expect(response.statusCode).toBe(200);
  return response
    .json<{ data: StaffReportedProduct[] }>()
    .data.find((entry) => entry.productId === productId);
}

/** A copy as a thief makes one: 4% off two sides, scaled down, a little brighter, saved as JPEG at quality 60. */
async function stolenCopy(photo: Buffer): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(photo).metadata();
  return sharp(photo)
    .extract({
      left: Math.round(width * 0.04),
      top: Math.round(height * 0.04),
      width: Math.round(width * 0.96),
      height: Math.round(height * 0.96),
    })
    .resize(Math.round(width * 0.7))
    .modulate({ brightness: 1.1 })
    .jpeg({ quality: 60 })
    .toBuffer();
}

describe('duplicate photos', () => {
  it("reports a listing whose photo is another seller's copy, naming the other listing and seller; nothing is hidden", async () => {
    const [owner, copier] = await Promise.all([seller(), seller()]);
    const original = await testPhoto(101);
    const ownerListing = await list(owner, [original]);
    const copied = await list(
      copier,
      [await testPhoto(102), await stolenCopy(original)],
      'Side table, walnut',
    );

    const entry = await reportedEntry(copied);
    expect(entry?.openReports).toBe(1);
    expect(entry?.reports).toEqual([
      expect.objectContaining({
        reporterId: null,
        reporterName: null,
        reason: DUPLICATE_PHOTO_REASON,
        status: 'open',
        relatedProductId: ownerListing,
        relatedUserId: owner.user.id,
        relatedUserName: owner.user.username,
      }),
    ]);
    // The original is not the suspect: nothing reports it.
    expect(await reportedEntry(ownerListing)).toBeUndefined();
    // Staff judge; the listing stays where buyers find it.
    const visitor = await t.app.inject({ method: 'GET', url: apiPath(API.product.item, { id: copied }) });
    expect(visitor.statusCode).toBe(200);
    // The copier's record in the console shows it among the reports against them.
    const detail = await t.app.inject({
      method: 'GET',
      url: apiPath(API.staff.user, { userId: copier.user.id }),
      headers: bearer(staffToken),
    });
    expect(detail.json<{ data: StaffUserDetail }>().data.reports).toEqual([
      expect.objectContaining({
        productId: copied,
        reason: DUPLICATE_PHOTO_REASON,
        relatedProductId: ownerListing,
      }),
    ]);
  });

  it('never reports a seller reusing their own photo, different photos, or pictures too plain to compare', async () => {
    const [owner, other] = await Promise.all([seller(), seller()]);
    const photo = await testPhoto(201);
    await list(owner, [photo]);
    const reused = await list(owner, [await stolenCopy(photo)], 'The same table, relisted');
    const different = await list(other, [await testPhoto(202), await testPhoto(203)]);
    // A flat colour has no detail to tell two pictures apart: neither is kept, neither matches.
    const flatA = await list(owner, [await png(640, 480, '#3366cc')]);
    const flatB = await list(other, [await png(640, 480, '#3366cc')]);

    for (const id of [reused, different, flatA, flatB]) expect(await reportedEntry(id)).toBeUndefined();
    const kept = await db()
      .select({ productId: photoHashes.productId })
      .from(photoHashes)
      .where(sql`${photoHashes.productId} in (${flatA}, ${flatB})`);
    expect(kept).toEqual([]);
  });

  it("still matches a deleted listing's photo, for 180 days", async () => {
    const [owner, first, later] = await Promise.all([seller(), seller(), seller()]);
    const photo = await testPhoto(301);
    const deleted = await list(owner, [photo]);
    const removal = await t.app.inject({
      method: 'DELETE',
      url: apiPath(API.product.item, { id: deleted }),
      headers: bearer(owner.token),
    });
    expect(removal.statusCode).toBe(200);

    const copy = await list(first, [await stolenCopy(photo)]);
    expect((await reportedEntry(copy))?.reports).toEqual([
      expect.objectContaining({ relatedProductId: deleted, relatedUserId: owner.user.id }),
    ]);

    // Once the owner's photo is 181 days old (and the copy's too), a further copy is compared with nothing.
    await db()
      .update(photoHashes)
      .set({ createdAt: sql`now() - interval '181 days'` })
      .where(sql`${photoHashes.productId} in (${deleted}, ${copy})`);
    const tooLate = await list(later, [await stolenCopy(photo)]);
    expect(await reportedEntry(tooLate)).toBeUndefined();
  });

  it('reports a copy added by an edit once, however often the listing is edited', async () => {
    const [owner, copier] = await Promise.all([seller(), seller()]);
    const photo = await testPhoto(401);
    const ownerListing = await list(owner, [photo]);
    const listing = await list(copier, [await testPhoto(402)]);
    expect(await reportedEntry(listing)).toBeUndefined();

    await addPhotos(copier, listing, [await stolenCopy(photo)]);
    await addPhotos(copier, listing, [await stolenCopy(photo)]);
    const entry = await reportedEntry(listing);
    expect(entry?.totalReports).toBe(1);
    expect(entry?.reports[0]).toMatchObject({ relatedProductId: ownerListing, reporterId: null });
  });

  it('measures two photos in SQL exactly as photoDistance does', async () => {
    const [a, b] = await Promise.all([createUser(t.app), createUser(t.app)]);
    const pictures = await Promise.all([601, 602, 603].map((seed) => testPhoto(seed)));
    pictures.push(await stolenCopy(pictures[0]!));
    const hashes = (await Promise.all(pictures.map((picture) => photoHash(picture)))) as PhotoHash[];
    // One listing of a's per photo (ids far above the suite's), one photo of b's compared with all of them.
    const theirs = await Promise.all(
      hashes.map((hash, index) => insertPhotoHashes(db(), 900_000 + index, a.id, [hash.views])),
    );
    expect(theirs.flat()).toHaveLength(4);
    const [ours] = await insertPhotoHashes(db(), 900_100, b.id, [hashes[3]!.views]);
    const since = new Date(Date.now() - 60_000);
    const matches = await matchingListings(db(), [ours!], { since, threshold: 64 });
    const measured = new Map(matches.map((match) => [match.relatedProductId, match.distance]));
    hashes.forEach((hash, index) => {
      expect(measured.get(900_000 + index), `photo ${index}`).toBe(photoDistance(hashes[3]!, hash));
    });
    expect(measured.get(900_003)).toBe(0);
  });

  it("exports a seller's photo hashes, and deletes them with the account", async () => {
    const owner = await seller();
    const listing = await list(owner, [await testPhoto(501), await testPhoto(502)]);
    const exported = await t.app.inject({
      method: 'GET',
      url: API.account.exportData,
      headers: bearer(owner.token),
    });
    const hashes = exported.json<AccountExport>().photoHashes;
    expect(hashes).toHaveLength(2);
    for (const hash of hashes) {
      expect(hash.productId).toBe(listing);
      expect(hash.views.length).toBeGreaterThanOrEqual(1);
      for (const view of hash.views) expect(view).toMatch(/^-?\d+$/);
    }

    await deleteAccount(t.app, owner.token, owner.user.password);
    const left = await db().select().from(photoHashes).where(eq(photoHashes.sellerId, owner.user.id));
    expect(left).toEqual([]);
  });
});
