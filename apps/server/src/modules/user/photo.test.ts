import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API, fillText, messages, type UploadPhotoResponse } from '@rummage/contract';
import { users } from '../../db/schema.js';
import { createLocalImageStore, type ImageStore } from '../../services/storage/index.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { bearer, createUser, signIn, type TestUser } from '../../test/factories.js';
import { filesUnder, jpegWithGps, multipart, png, type Part } from '../../test/products.js';
import { profileOf } from '../../test/users.js';

const P = messages.profile;

/** A real local store that can run something after a write (to break the database write that follows). */
const dir = mkdtempSync(join(tmpdir(), 'rummage-photos-'));
const real = createLocalImageStore(dir);
let afterPut: (() => Promise<void>) | undefined;
const store: ImageStore = {
  kind: 'local',
  async put(key, body, type) {
    await real.put(key, body, type);
    await afterPut?.();
  },
  delete: (key) => real.delete(key),
  url: (key) => real.url(key),
};

let t: TestApp;
let owner: TestUser;
let token: string;

beforeAll(async () => {
  t = await buildTestApp({}, { imageStore: store });
});
beforeEach(async () => {
  owner = await createUser(t.app);
  token = await signIn(t.app, owner);
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const PATHS = { profile: API.user.uploadProfilePhoto, cover: API.user.uploadCoverPhoto } as const;

function upload(kind: keyof typeof PATHS, parts: Part[], headers: Record<string, string> = bearer(token)) {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: PATHS[kind],
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
}

const photo = (data: Buffer, filename = 'me.png', contentType = 'image/png'): Part => ({
  name: 'ImageFile',
  filename,
  contentType,
  data,
});
const userId = (id: number | string = owner.id): Part => ({ name: 'UserId', value: id });

/** The stored file behind an answered address (`/uploads/<key>`). */
const storedFile = (url: string) => readFileSync(join(dir, url.replace(/^\/uploads\//, '')));

async function uploaded(kind: keyof typeof PATHS, parts: Part[]): Promise<string> {
  const response = await upload(kind, parts);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<UploadPhotoResponse>().imageUrl;
}

describe('POST /api/User/upload-profile-photo and upload-cover-photo', () => {
  it('stores a profile photo as a small WebP and shows it on the profile', async () => {
    const response = await upload('profile', [userId(), photo(await png(1000, 800))]);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<UploadPhotoResponse>();
    expect(body.message).toBe(P.profilePhotoUpdated);
    expect(body.data.imageUrl).toBe(body.imageUrl);
    expect(body.imageUrl).toMatch(/^\/uploads\/profiles\//);
    const meta = await sharp(storedFile(body.imageUrl)).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(480);
    expect(meta.height).toBe(384);
    expect((await profileOf(t.app, owner.id)).profilePhotoUrl).toBe(body.imageUrl);
    const login = await t.app.parts.people.accounts.login(owner.username, owner.password);
    expect(login.imageUrl).toBe(body.imageUrl);
  });

  it('stores a cover photo wide, accepting field names in any letter case', async () => {
    const response = await upload('cover', [
      { name: 'userId', value: owner.id },
      { ...photo(await png(2400, 600)), name: 'imageFile' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<UploadPhotoResponse>();
    expect(body.message).toBe(P.coverPhotoUpdated);
    expect(body.imageUrl).toMatch(/^\/uploads\/covers\//);
    expect((await sharp(storedFile(body.imageUrl)).metadata()).width).toBe(1600);
    const profile = await profileOf(t.app, owner.id);
    expect(profile).toMatchObject({ coverPhotoUrl: body.imageUrl, profilePhotoUrl: null });
  });

  it('strips EXIF and GPS from a phone JPEG', async () => {
    const url = await uploaded('profile', [
      userId(),
      photo(await jpegWithGps(), 'IMG_0001.JPG', 'image/jpeg'),
    ]);
    const file = storedFile(url);
    const meta = await sharp(file).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(file.includes(Buffer.from('GPS'))).toBe(false);
    expect(file.includes(Buffer.from('RummageCam'))).toBe(false);
  });

  it('deletes the replaced picture, but keeps one another profile still shows', async () => {
    const first = await uploaded('profile', [userId(), photo(await png(40, 40))]);
    const second = await uploaded('profile', [userId(), photo(await png(50, 50))]);
    expect(second).not.toBe(first);
    expect(() => storedFile(first)).toThrow();
    expect(storedFile(second).length).toBeGreaterThan(0);

    // Demo accounts may share a picture: replacing it for one must not take it from the other.
    const other = await createUser(t.app);
    await t.app.parts.storage.database.db
      .update(users)
      .set({ imageUrl: second })
      .where(eq(users.id, other.id));
    const third = await uploaded('profile', [userId(), photo(await png(60, 60))]);
    expect(storedFile(second).length).toBeGreaterThan(0);
    expect(storedFile(third).length).toBeGreaterThan(0);

    // Pictures this app did not store (an outside address) are left alone.
    await t.app.parts.storage.database.db
      .update(users)
      .set({ coverPhotoUrl: 'https://example.test/cover.jpg' })
      .where(eq(users.id, owner.id));
    const cover = await uploaded('cover', [userId(), photo(await png(60, 30))]);
    expect((await profileOf(t.app, owner.id)).coverPhotoUrl).toBe(cover);
  });

  it('answers "Missing user ID or image file." without a UserId or without a picture', async () => {
    const before = filesUnder(dir).length;
    for (const parts of [
      [photo(await png())],
      [userId(''), photo(await png())],
      [userId()],
      [userId(), photo(Buffer.alloc(0), '')],
    ]) {
      const response = await upload('profile', parts);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: P.missingUpload });
    }
    expect((await upload('profile', [userId('abc'), photo(await png())])).statusCode).toBe(400);
    expect(filesUnder(dir)).toHaveLength(before);
  });

  it("refuses another user's UserId (403) and visitors (401), storing nothing", async () => {
    const before = filesUnder(dir).length;
    const other = await createUser(t.app);
    for (const kind of ['profile', 'cover'] as const) {
      const forbidden = await upload(kind, [userId(other.id), photo(await png())]);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toEqual({ message: P.notYourProfile });
    }
    expect((await upload('profile', [userId(), photo(await png())], {})).statusCode).toBe(401);
    expect(filesUnder(dir)).toHaveLength(before);
    expect(await profileOf(t.app, other.id)).toMatchObject({ profilePhotoUrl: null, coverPhotoUrl: null });
  });

  it('refuses what is not a JPEG or PNG, whatever its name says, with the SPEC text', async () => {
    const html = Buffer.from('<!doctype html><html><body>not a photo</body></html>');
    for (const kind of ['profile', 'cover'] as const) {
      const response = await upload(kind, [userId(), photo(html, 'selfie.jpg', 'image/jpeg')]);
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ message: P.profilePhotoType });
    }
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const response = await upload('profile', [userId(), photo(gif, 'me.png')]);
    expect(response.json()).toEqual({ message: P.profilePhotoType });
  });

  it('refuses a picture over the upload limit (413) and a second file (400)', async () => {
    const big = Buffer.concat([await png(), Buffer.alloc(t.config.uploads.maxImageBytes + 1024)]);
    const tooBig = await upload('profile', [userId(), photo(big)]);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({
      message: fillText(messages.images.tooLarge, {
        size: String(t.config.uploads.maxImageBytes / (1024 * 1024)),
      }),
    });
    const two = await upload('profile', [userId(), photo(await png()), photo(await png())]);
    expect(two.statusCode).toBe(400);
  });

  it('needs a multipart body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: API.user.uploadProfilePhoto,
      headers: bearer(token),
      payload: { UserId: owner.id },
    });
    expect(response.statusCode).toBe(415);
  });

  it('removes the new file when the database write fails', async () => {
    const before = filesUnder(dir).length;
    // The account disappears while its photo is being stored: the profile row is gone when it is updated.
    afterPut = async () => {
      await t.app.parts.storage.database.db.delete(users).where(eq(users.id, owner.id));
    };
    const response = await upload('profile', [userId(), photo(await png())]);
    afterPut = undefined;
    expect(response.statusCode).toBe(404);
    expect(filesUnder(dir)).toHaveLength(before);
  });
});
