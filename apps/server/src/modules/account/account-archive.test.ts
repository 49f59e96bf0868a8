/**
 * "Download my data" as the edit-profile page fetches it: a ZIP, read back with an independent ZIP reader (yauzl),
 * holding the same JSON as the export call and the very photo files the person uploaded.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { API, type AccountExport, type ProductDetail, type UploadPhotoResponse } from '@rummage/contract';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { bearer, createUser, signIn } from '../../test/factories.js';
import { image, listingFields, multipart, png, type Part } from '../../test/products.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Every entry of a ZIP, name to bytes. */
function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
          stream.on('error', reject);
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

async function upload(url: string, parts: Part[], token: string) {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  });
}

const stored = (url: string) =>
  readFileSync(join(t.config.dataDir, 'uploads', url.replace(/^\/uploads\//, '')));

describe('GET /api/Account/export/archive', () => {
  it('is a ZIP with a README, the export as JSON, the listing photos and the profile picture', async () => {
    const seller = await createUser(t.app);
    const token = await signIn(t.app, seller);
    const listed = await upload(
      API.product.add,
      [...listingFields({ Title: 'Rattan chair' }), image(await png()), image(await png(40, 30, '#cc6633'))],
      token,
    );
    expect(listed.statusCode, listed.body).toBe(201);
    const listing = listed.json<{ data: ProductDetail }>().data;
    const photo = await upload(
      API.user.uploadProfilePhoto,
      [
        { name: 'UserId', value: seller.id },
        { name: 'ImageFile', filename: 'me.png', contentType: 'image/png', data: await png() },
      ],
      token,
    );
    expect(photo.statusCode, photo.body).toBe(200);
    const profileUrl = photo.json<UploadPhotoResponse>().imageUrl;

    const response = await t.app.inject({
      method: 'GET',
      url: API.account.exportArchive,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(`attachment; filename="rummage-${seller.username}-\\d{4}-\\d{2}-\\d{2}\\.zip"`),
    );
    const files = await unzip(response.rawPayload);

    expect(files.get('README.txt')?.toString()).toContain(`@${seller.username}`);
    const data = JSON.parse(files.get('rummage-data.json')!.toString()) as AccountExport;
    expect(data.profile.username).toBe(seller.username);
    const exported = data.listings.find((row) => row.id === listing.id)!;
    expect(exported.title).toBe('Rattan chair');
    expect(exported.photos).toHaveLength(2);
    // The photos in the archive are the stored files themselves, in the listing's order.
    expect(files.get(`photos/listing-${listing.id}-1.webp`)).toEqual(stored(exported.photos[0]!.url));
    expect(files.get(`photos/listing-${listing.id}-2.webp`)).toEqual(stored(exported.photos[1]!.url));
    expect(files.get('profile/photo.webp')).toEqual(stored(profileUrl));
    expect(files.get('MISSING.txt')?.toString()).toBe('Every photo was found.\n');
  });

  it('needs a signed-in person', async () => {
    const response = await t.app.inject({ method: 'GET', url: API.account.exportArchive });
    expect(response.statusCode).toBe(401);
  });
});
