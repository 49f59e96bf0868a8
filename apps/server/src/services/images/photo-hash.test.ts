import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  hammingDistance,
  PHOTO_MATCH_THRESHOLD,
  photoDistance,
  photoHash,
  photoHashOfPixels,
  photosMatch,
  VIEWS,
  type PhotoHash,
} from './photo-hash.js';
import { testPhoto } from '../../test/photos.js';

/** photoHash of a picture with detail, which always has one. */
async function hashOf(input: Buffer): Promise<PhotoHash> {
  const hash = await photoHash(input);
  if (!hash) throw new Error('no hash for a detailed picture');
  return hash;
}

describe('photoHash', () => {
  it('matches a copy that was cropped, resized, made brighter and saved as JPEG q60', async () => {
    const original = await testPhoto(1);
    // 4% off the left and the top, 2% off the right: the crop also moves the centre, the hard case.
    const copy = await sharp(original)
      .extract({ left: 26, top: 19, width: 640 - 26 - 13, height: 480 - 19 })
      .resize(360)
      .linear(1.1, 0)
      .jpeg({ quality: 60 })
      .toBuffer();
    const [a, b] = await Promise.all([hashOf(original), hashOf(copy)]);
    expect(photoDistance(a, b)).toBeLessThanOrEqual(PHOTO_MATCH_THRESHOLD);
    expect(photosMatch(a, b)).toBe(true);
  });

  it('tells distinct photos apart', async () => {
    const hashes = await Promise.all([1, 2, 3, 4].map(async (seed) => hashOf(await testPhoto(seed))));
    for (let i = 0; i < hashes.length; i++) {
      for (let j = i + 1; j < hashes.length; j++) {
        expect(photoDistance(hashes[i]!, hashes[j]!)).toBeGreaterThan(PHOTO_MATCH_THRESHOLD);
        expect(photosMatch(hashes[i]!, hashes[j]!)).toBe(false);
      }
    }
  });

  it('hashes the photo as displayed, with EXIF orientation applied', async () => {
    const original = await testPhoto(5);
    // Stored sideways, as a phone held upright writes it, with orientation 6 (turn 90° clockwise to show).
    const sideways = await sharp(original).rotate(270).jpeg({ quality: 92 }).toBuffer();
    const tagged = await sharp(sideways).withMetadata({ orientation: 6 }).jpeg({ quality: 92 }).toBuffer();
    expect((await sharp(tagged).metadata()).orientation).toBe(6);
    const [a, upright, untagged] = await Promise.all([original, tagged, sideways].map(hashOf));
    expect(photosMatch(a!, upright!)).toBe(true);
    // The same pixels without the tag are a different picture: the match above is not an accident.
    expect(photosMatch(a!, untagged!)).toBe(false);
  });

  it('gives the same bytes the same hash, as signed 64-bit values', async () => {
    const input = await testPhoto(6);
    const [a, b] = await Promise.all([hashOf(input), hashOf(input)]);
    expect(a).toEqual(b);
    expect(a.views).toHaveLength(VIEWS.length);
    for (const view of a.views) expect(BigInt.asIntN(64, view)).toBe(view);
    // Balanced bits (median split): a constant hash would mean the DCT saw nothing.
    expect(hammingDistance(a.views[0]!, 0n)).toBe(32);
  });

  it('reads PNG and WebP, and decoded pixels as the upload pipeline has them', async () => {
    const jpeg = await testPhoto(7);
    const png = await sharp(jpeg).ensureAlpha(1).png().toBuffer();
    const webp = await sharp(jpeg).webp({ quality: 80 }).toBuffer();
    const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
    const [a, b, c, d] = await Promise.all([
      ...[jpeg, png, webp].map(hashOf),
      photoHashOfPixels(data, { width: info.width, height: info.height, channels: info.channels }),
    ]);
    expect(photoDistance(a!, b!)).toBe(0);
    expect(photosMatch(a!, c!)).toBe(true);
    expect(photosMatch(a!, d!)).toBe(true);
  });

  it('gives a flat picture no hash, transparent or not', async () => {
    const blank = (channels: 3 | 4, background: string) =>
      sharp({ create: { width: 64, height: 48, channels, background } })
        .png()
        .toBuffer();
    expect(await photoHash(await blank(4, '#00000000'))).toBeNull();
    expect(await photoHash(await blank(3, '#ffffff'))).toBeNull();
    expect(await photoHash(await blank(3, '#3366cc'))).toBeNull();
  });
});

describe('hammingDistance', () => {
  it('counts differing bits across the whole signed 64-bit range', () => {
    expect(hammingDistance(0n, 0n)).toBe(0);
    expect(hammingDistance(1n, 3n)).toBe(1);
    expect(hammingDistance(0n, -1n)).toBe(64);
    expect(hammingDistance(-(2n ** 63n), 2n ** 63n - 1n)).toBe(64);
    expect(hammingDistance(-(2n ** 63n), 0n)).toBe(1);
    expect(hammingDistance(0x0f0f_0000_0000_00f0n, 0x0f0f_0000_0000_0000n)).toBe(4);
  });
});
