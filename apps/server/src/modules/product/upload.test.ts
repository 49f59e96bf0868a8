import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, fillText, messages, type ProductDetail } from '@rummage/contract';
import { products } from '../../db/schema.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { bearer, createUser, signIn, type TestUser } from '../../test/factories.js';
import {
  filesUnder,
  image,
  jpegWithGps,
  listingFields,
  multipart,
  png,
  type Part,
} from '../../test/products.js';

const L = messages.listing;
let t: TestApp;
let seller: TestUser;
let token: string;
let uploadsDir: string;

beforeAll(async () => {
  t = await buildTestApp();
  seller = await createUser(t.app);
  token = await signIn(t.app, seller);
  uploadsDir = join(t.config.dataDir, 'uploads');
});
afterAll(async () => {
  await t?.close();
});

const countProducts = async () => {
  const [row] = await t.app.parts.storage.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(products);
  return Number(row?.n);
};

function send(method: 'POST' | 'PUT', parts: Part[], headers: Record<string, string> = bearer(token)) {
  const body = multipart(parts);
  return t.app.inject({
    method,
    url: method === 'POST' ? API.product.add : API.product.update,
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
}

/** The stored file behind an answered image path (`/uploads/<key>`). */
const storedFile = (url: string) => readFileSync(join(uploadsDir, url.replace(/^\/uploads\//, '')));
const widthOf = async (url: string) => (await sharp(storedFile(url)).metadata()).width;

/** A PNG header claiming 20000×20000 pixels with almost no data: a decompression bomb in a few bytes. */
function pngBomb(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    let crc = 0xffffffff;
    for (const byte of body) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE((crc ^ 0xffffffff) >>> 0, 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(20_000, 0);
  ihdr.writeUInt32BE(20_000, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(60_001 * 4))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('POST /api/Product/add', () => {
  it('creates a listing: photos in order, re-encoded, without EXIF or GPS', async () => {
    const before = filesUnder(uploadsDir).length;
    const response = await send('POST', [
      ...listingFields({ CategoryId: 7 }),
      image(await png(64, 48)),
      image(await jpegWithGps(), 'IMG_0001.JPG', 'image/jpeg'),
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const { message, data } = response.json<{ message: string; data: ProductDetail }>();
    expect(message).toBe(L.created);
    expect(data).toMatchObject({
      title: 'Oak bookshelf',
      description: 'Five shelves, solid oak.',
      price: 45.5,
      latitude: 41.8781,
      longitude: -87.6298,
      location: 'Chicago, IL',
      userId: seller.id,
      userName: seller.username,
      categoryId: 7,
      isSold: false,
      isOwner: true,
      views: 0,
      likesCount: 0,
    });
    expect(data.images).toHaveLength(2);
    expect(data.thumbnails).toHaveLength(2);
    expect(await widthOf(data.images[0]!)).toBe(64);
    expect(await widthOf(data.images[1]!)).toBe(120);
    for (const url of [...data.images, ...data.thumbnails]) {
      const meta = await sharp(storedFile(url)).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      // Belt and braces: no GPS tag bytes anywhere in the file.
      expect(storedFile(url).includes(Buffer.from('GPS'))).toBe(false);
    }
    expect(filesUnder(uploadsDir).length).toBe(before + 4);
    // The stored photos are served where the answer says.
    const served = await t.app.inject({ method: 'GET', url: data.images[0]! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it.each([
    ['a missing title', listingFields({ Title: '' }), L.fillFieldsProperly, 'Title'],
    ['a missing price', listingFields({ Price: '' }), L.fillFieldsProperly, 'Price'],
    ['a price that is not a number', listingFields({ Price: 'ten dollars' }), L.priceInvalid, 'Price'],
    ['a negative price', listingFields({ Price: '-1' }), L.priceRange, 'Price'],
    ['three decimals', listingFields({ Price: '1.999' }), L.priceRange, 'Price'],
    ['no pickup location', listingFields({ Latitude: '', Longitude: '' }), L.pickupRequired, 'Latitude'],
    ['an 81-character title', listingFields({ Title: 'x'.repeat(81) }), L.titleTooLong, 'Title'],
    [
      'a long description',
      listingFields({ Description: 'y'.repeat(2001) }),
      L.descriptionTooLong,
      'Description',
    ],
    ['an unknown category', listingFields({ CategoryId: 999 }), L.categoryInvalid, 'CategoryId'],
  ])('refuses %s with a 400 and the SPEC message', async (_name, fields, message, field) => {
    const response = await send('POST', [...fields, image(await png())]);
    expect(response.statusCode).toBe(400);
    const body = response.json<{ message: string; errors?: Record<string, string> }>();
    expect(body.message).toBe(message);
    if (field !== 'CategoryId') expect(body.errors?.[field]).toBe(message);
  });

  it('refuses a form without Title at all, and says first what the SPEC says first', async () => {
    const withoutTitle = listingFields().filter((part) => part.name !== 'Title');
    const response = await send('POST', [...withoutTitle, image(await png())]);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(L.fillFieldsProperly);
    // No photo and no title: the photo comes first (docs/product.md §5 order).
    const bare = await send('POST', withoutTitle);
    expect(bare.json<{ message: string }>().message).toBe(L.imageRequired);
  });

  it('refuses a listing without photos', async () => {
    const response = await send('POST', listingFields());
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(L.imageRequired);
  });

  it('refuses an HTML page renamed to .png with 415 and the SPEC text', async () => {
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const response = await send('POST', [...listingFields(), image(html, 'cat.png', 'image/png')]);
    expect(response.statusCode).toBe(415);
    expect(response.json<{ message: string }>().message).toBe(L.imageType);
  });

  it('refuses an image over 15 MB with 413 and a readable message', async () => {
    const big = Buffer.concat([await png(), Buffer.alloc(t.config.uploads.maxImageBytes + 1024)]);
    const response = await send('POST', [...listingFields(), image(big), image(await png())]);
    expect(response.statusCode).toBe(413);
    expect(response.json<{ message: string }>().message).toBe(
      fillText(messages.images.tooLarge, { size: String(t.config.uploads.maxImageBytes / (1024 * 1024)) }),
    );
  });

  it('refuses an image over the limit with 413 also when its bytes arrive split right at the limit', async () => {
    // The first chunk carries the photo up to exactly the limit; the bytes past it come in the next one. The
    // multipart parser then marks the file cut without handing over another chunk, and the cut bytes (no image
    // here) used to reach the pipeline as if whole: a 415 for a 50 MB upload (faults/abuse-http.fault.ts).
    const limit = t.config.uploads.maxImageBytes;
    const marker = Buffer.from('@@PHOTO@@');
    const body = multipart([...listingFields(), image(marker, 'big.png', 'image/png')]);
    const at = body.payload.indexOf(marker);
    const photo = Buffer.alloc(limit + 1024, 7);
    const cut = at + limit;
    const whole = Buffer.concat([
      body.payload.subarray(0, at),
      photo,
      body.payload.subarray(at + marker.length),
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: API.product.add,
      payload: Readable.from(
        (async function* () {
          yield whole.subarray(0, cut);
          await new Promise((resolve) => setTimeout(resolve, 50)); // two reads, as from a socket
          yield whole.subarray(cut);
        })(),
      ),
      headers: { ...body.headers, ...bearer(token), 'content-length': String(whole.length) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json<{ message: string }>().message).toBe(
      fillText(messages.images.tooLarge, { size: String(limit / (1024 * 1024)) }),
    );
  });

  it('says a photo is too large as soon as it passes the limit, not after the whole upload', async () => {
    // A 50 MB photo from a phone takes minutes to send; the refusal must not wait for the last byte. The parser
    // used to end the cut file only at the end of its part, so the answer came after all of it.
    const limit = t.config.uploads.maxImageBytes;
    const marker = Buffer.from('@@PHOTO@@');
    const body = multipart([...listingFields(), image(marker, 'huge.png', 'image/png')]);
    const at = body.payload.indexOf(marker);
    const head = body.payload.subarray(0, at);
    const tail = body.payload.subarray(at + marker.length);
    const firstPart = Buffer.alloc(limit + 1024 * 1024, 7);
    const rest = Buffer.alloc(35 * 1024 * 1024, 7);
    let restSent = false;
    let restSentBeforeAnswer: boolean | undefined;
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const waitForAnswer = setTimeout(release, 5_000);
    const response = t.app
      .inject({
        method: 'POST',
        url: API.product.add,
        payload: Readable.from(
          (async function* () {
            yield head;
            yield firstPart;
            await released; // the rest of the photo goes out only once the server answered (or after 5 s)
            restSent = true;
            yield rest;
            yield tail;
          })(),
        ),
        headers: {
          ...body.headers,
          ...bearer(token),
          'content-length': String(head.length + firstPart.length + rest.length + tail.length),
        },
      })
      .finally(() => {
        restSentBeforeAnswer = restSent;
        clearTimeout(waitForAnswer);
        release();
      });
    const answer = await response;
    expect(restSentBeforeAnswer, 'the answer waited for the rest of the photo').toBe(false);
    expect(answer.statusCode).toBe(413);
    expect(answer.json<{ message: string }>().message).toBe(
      fillText(messages.images.tooLarge, { size: String(limit / (1024 * 1024)) }),
    );
  });

  it('refuses a 20000×20000 PNG (decompression bomb) with a 4xx', async () => {
    const response = await send('POST', [...listingFields(), image(pngBomb())]);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });

  it('refuses more than 10 photos', async () => {
    const photo = await png(8, 8);
    const parts = [...listingFields(), ...Array.from({ length: 11 }, () => image(photo))];
    const response = await send('POST', parts);
    expect(response.statusCode).toBe(413);
    expect(response.json<{ message: string }>().message).toBe(fillText(L.tooManyImages, { max: 10 }));
  });

  it('leaves no listing and no file behind when the second photo is refused', async () => {
    const rows = await countProducts();
    const files = filesUnder(uploadsDir).length;
    const response = await send('POST', [
      ...listingFields(),
      image(await png()),
      image(Buffer.from('GIF89a not really'), 'b.png'),
    ]);
    expect(response.statusCode).toBe(415);
    expect(await countProducts()).toBe(rows);
    expect(filesUnder(uploadsDir)).toHaveLength(files);
  });

  it('needs a signed-in user and a multipart body', async () => {
    const visitor = await send('POST', [...listingFields(), image(await png())], {});
    expect(visitor.statusCode).toBe(401);
    const json = await t.app.inject({
      method: 'POST',
      url: API.product.add,
      headers: bearer(token),
      payload: { Title: 'x' },
    });
    expect(json.statusCode).toBe(415);
  });

  it('answers a malformed multipart body with a 400, never a 500', async () => {
    const body = multipart([...listingFields(), image(await png())]);
    const cut = body.payload.subarray(0, body.payload.length - 200);
    const truncated = await t.app.inject({
      method: 'POST',
      url: API.product.add,
      payload: cut,
      headers: { ...body.headers, ...bearer(token) },
    });
    expect(truncated.statusCode).toBe(400);
    const noBoundary = await t.app.inject({
      method: 'POST',
      url: API.product.add,
      payload: 'garbage',
      headers: { 'content-type': 'multipart/form-data', ...bearer(token) },
    });
    expect(noBoundary.statusCode).toBeGreaterThanOrEqual(400);
    expect(noBoundary.statusCode).toBeLessThan(500);
  });
});

describe('PUT /api/Product', () => {
  async function listingWithPhotos(widths: number[]): Promise<ProductDetail> {
    const photos = await Promise.all(widths.map((width) => png(width, 20)));
    const response = await send('POST', [...listingFields(), ...photos.map((data) => image(data))]);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ data: ProductDetail }>().data;
  }

  it('removes the named photos, keeps the order and appends new ones; removed files are deleted', async () => {
    const listing = await listingWithPhotos([30, 40, 50]);
    const removed = listing.images[1]!;
    const response = await send('PUT', [
      { name: 'ProductId', value: listing.id },
      ...listingFields({ Title: 'Oak bookshelf (tall)', Price: '40' }),
      // Clients may send the absolute address they were shown.
      { name: 'ImagesToDelete', value: `http://localhost:3000${removed}` },
      image(await png(60, 20)),
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json<{ data: ProductDetail }>();
    expect(data.title).toBe('Oak bookshelf (tall)');
    expect(data.price).toBe(40);
    expect(await Promise.all(data.images.map(widthOf))).toEqual([30, 50, 60]);
    expect(data.images.slice(0, 2)).toEqual([listing.images[0], listing.images[2]]);
    expect(() => storedFile(removed)).toThrow();
    expect(() => storedFile(listing.thumbnails[1]!)).toThrow();
  });

  it('refuses to remove the last photo', async () => {
    const listing = await listingWithPhotos([30, 40]);
    const response = await send('PUT', [
      { name: 'ProductId', value: listing.id },
      ...listingFields(),
      ...listing.images.map((value) => ({ name: 'ImagesToDelete', value })),
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(L.imageRequired);
    const after = await t.app.inject({ method: 'GET', url: `/api/Product/${listing.id}` });
    expect(after.json<{ data: ProductDetail }>().data.images).toEqual(listing.images);
    expect(storedFile(listing.images[0]!).length).toBeGreaterThan(0);
  });

  it('lets only the seller edit: 401 for visitors, 403 for others, 404 and 400 for bad ids', async () => {
    const listing = await listingWithPhotos([30]);
    const other = await signIn(t.app, await createUser(t.app));
    const form = (id: string | number) => [{ name: 'ProductId', value: id }, ...listingFields()];
    const visitor = await send('PUT', form(listing.id), {});
    expect(visitor.statusCode).toBe(401);
    const forbidden = await send('PUT', form(listing.id), bearer(other));
    expect(forbidden.statusCode).toBe(403);
    // The client of docs/product.md §7 reads the reason of a refused update from `error`; this API's clients from `message`.
    expect(forbidden.json()).toEqual({ message: L.notOwner, error: L.notOwner });
    const missing = await send('PUT', form(987_654));
    expect(missing.statusCode).toBe(404);
    const badId = await send('PUT', form('abc'));
    expect(badId.statusCode).toBe(400);
    for (const refused of [visitor, missing, badId]) {
      const body = refused.json<{ message: string; error: string }>();
      expect(body.message).toBeTruthy();
      expect(body.error).toBe(body.message);
    }
  });
});
