import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { messages } from '@rummage/contract';
import { createImagePipeline, ImageRejectedError, type ProcessedImage } from './index.js';
import { createLimiter } from './limiter.js';

const XMP = `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF
 xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about=""
 xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Secret Person</dc:creator></rdf:Description></rdf:RDF>
 </x:xmpmeta><?xpacket end="w"?>`;

/**
 * A 400×200 phone-style photo stored sideways (EXIF orientation 6), with a red marker in its top-left corner and
 * everything a camera leaks: Make/Model, GPS position, an ICC profile and XMP.
 */
async function phoneJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 200, channels: 3, background: '#ffffff' } })
    .composite([
      { input: { create: { width: 40, height: 40, channels: 3, background: '#ff0000' } }, left: 0, top: 0 },
    ])
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'RummageCam', Model: 'Model X1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '41/1 52/1 5/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '87/1 37/1 40/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .withIccProfile('p3')
    .withXmp(XMP)
    .toBuffer();
}

const solid = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: { r: 20, g: 120, b: 200, alpha: 0.5 } } });

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A well-formed PNG header claiming 20000×20000 RGB (400 MP, 1.2 GB decoded) with a tiny IDAT: a decompression
 * bomb in a few hundred bytes. Encoding a real one with sharp would itself take seconds and lots of memory.
 */
function pngBomb(size = 20_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc((size * 3 + 1) * 4))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

async function rejection(promise: Promise<unknown>): Promise<ImageRejectedError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ImageRejectedError);
  return error as ImageRejectedError;
}

async function expectCleanWebp(image: Buffer) {
  const meta = await sharp(image).metadata();
  expect(meta.format).toBe('webp');
  expect(meta.exif).toBeUndefined();
  expect(meta.icc).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(meta.orientation).toBeUndefined();
  return meta;
}

describe('image pipeline', () => {
  const pipeline = createImagePipeline();

  it('turns a sideways phone JPEG upright and strips EXIF, GPS, ICC and XMP from both renditions', async () => {
    const input = await phoneJpeg();
    const before = await sharp(input).metadata();
    // The fixture really carries what must go.
    expect(before.orientation).toBe(6);
    expect(before.exif?.includes('RummageCam')).toBe(true);
    expect(before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true); // GPS IFD pointer (tag 0x8825)
    expect(before.icc).toBeDefined();
    expect(before.xmp).toBeDefined();

    const out: ProcessedImage = await pipeline.process(input);
    expect({ width: out.width, height: out.height }).toEqual({ width: 200, height: 400 });
    const large = await expectCleanWebp(out.large);
    expect({ width: large.width, height: large.height }).toEqual({ width: 200, height: 400 });
    await expectCleanWebp(out.thumb);
    for (const buffer of [out.large, out.thumb]) {
      expect(buffer.includes('RummageCam')).toBe(false);
      expect(buffer.includes('Secret Person')).toBe(false);
    }

    // Orientation 6 means "rotate 90° clockwise to view": the marker moves from top-left to top-right.
    const { data, info } = await sharp(out.large).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) =>
      [...data.subarray((y * info.width + x) * info.channels)].slice(0, 3);
    const [r, g, b] = pixel(info.width - 10, 10);
    expect(r).toBeGreaterThan(200);
    expect(g! + b!).toBeLessThan(100);
    expect(pixel(10, 10).every((channel) => channel > 200)).toBe(true);
  });

  it('fits big images inside the large and thumb boxes without cropping and never enlarges small ones', async () => {
    const big = await solid(3000, 1000).jpeg().toBuffer();
    const out = await pipeline.process(big);
    expect([out.width, out.height]).toEqual([1600, 533]);
    const thumb = await sharp(out.thumb).metadata();
    expect([thumb.width, thumb.height]).toEqual([480, 160]);

    const small = await solid(300, 120).jpeg().toBuffer();
    const smallOut = await pipeline.process(small);
    expect([smallOut.width, smallOut.height]).toEqual([300, 120]);
    const smallThumb = await sharp(smallOut.thumb).metadata();
    expect([smallThumb.width, smallThumb.height]).toEqual([300, 120]);
  });

  it('accepts PNG, keeping transparency', async () => {
    const png = await solid(640, 480, 4).png().toBuffer();
    const out = await pipeline.process(png);
    const meta = await expectCleanWebp(out.large);
    expect(meta.hasAlpha).toBe(true);
    expect([out.width, out.height]).toEqual([640, 480]);
  });

  it('accepts a 16-bit PNG and a CMYK JPEG, writing 8-bit sRGB', async () => {
    const png16 = await solid(64, 64).toColourspace('rgb16').png().toBuffer();
    const cmyk = await solid(64, 64).toColourspace('cmyk').jpeg().toBuffer();
    for (const input of [png16, cmyk]) {
      const meta = await expectCleanWebp((await pipeline.process(input)).large);
      expect(meta.space).toBe('srgb');
    }
  });

  it('judges the type by the bytes: HTML named .jpg, GIF, WebP, SVG, PDF and empty input are refused with 415', async () => {
    const inputs: Record<string, Buffer> = {
      html: Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
      gif: await solid(10, 10).gif().toBuffer(),
      webp: await solid(10, 10).webp().toBuffer(),
      svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect/></svg>'),
      pdf: Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'),
      empty: Buffer.alloc(0),
    };
    for (const [name, input] of Object.entries(inputs)) {
      const error = await rejection(pipeline.process(input));
      expect({ name, status: error.statusCode, message: error.message }).toEqual({
        name,
        status: 415,
        message: messages.listing.imageType,
      });
    }
  });

  it('uses the caller’s type message (profile photo wording)', async () => {
    const profile = createImagePipeline({ typeMessage: messages.profile.profilePhotoType });
    const error = await rejection(profile.process(Buffer.from('GIF89a')));
    expect(error.message).toBe('Only JPG, JPEG, and PNG images are allowed.');
  });

  it('refuses input over maxInputBytes with 413 before reading it', async () => {
    const input = Buffer.alloc(16 * 1024 * 1024, 0xff);
    const error = await rejection(pipeline.process(input));
    expect(error.statusCode).toBe(413);
    expect(error.message).toBe('Each image must be at most 15 MB.');

    const tiny = await rejection(createImagePipeline({ maxInputBytes: 1024 }).process(Buffer.alloc(2048)));
    expect(tiny.statusCode).toBe(413);
  });

  it('refuses a 20000×20000 PNG bomb with 422 without allocating its pixels', async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(2_000);
    const rssBefore = process.memoryUsage().rss;
    const error = await rejection(pipeline.process(bomb));
    expect(error.statusCode).toBe(422);
    expect(error.message).toBe('This image is too large. Please use one under 40 megapixels.');
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(200 * 1024 * 1024);
  });

  it('refuses truncated and corrupt JPEGs with a readable 422, never a crash', async () => {
    const jpeg = await sharp({
      create: {
        width: 800,
        height: 600,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg()
      .toBuffer();
    const broken = [
      jpeg.subarray(0, Math.floor(jpeg.length / 2)),
      jpeg.subarray(0, jpeg.length - 64),
      Buffer.concat([jpeg.subarray(0, 4), Buffer.alloc(500, 0x41)]),
    ];
    for (const input of broken) {
      const error = await rejection(pipeline.process(input));
      expect(error.statusCode).toBe(422);
      expect(error.message).toBe(messages.images.unreadable);
    }
  });

  it('keeps working for parallel uploads, all of them finishing', async () => {
    const input = await solid(1200, 900).jpeg().toBuffer();
    const outputs = await Promise.all(Array.from({ length: 10 }, () => pipeline.process(input)));
    expect(outputs.every((out) => out.width === 1200 && out.thumb.length > 0)).toBe(true);
  });

  it('rejects nonsense options at creation', () => {
    expect(() => createImagePipeline({ largeSize: 0 })).toThrow(RangeError);
    expect(() => createImagePipeline({ maxInputPixels: 1.5 })).toThrow(RangeError);
  });
});

describe('limiter', () => {
  it('runs at most `limit` tasks at once, in arrival order, and frees the slot when a task fails', async () => {
    const limiter = createLimiter(2);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const task = (n: number) => async () => {
      running++;
      peak = Math.max(peak, running);
      order.push(n);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
      if (n === 1) throw new Error('boom');
      return n;
    };
    const results = await Promise.allSettled([1, 2, 3, 4, 5].map((n) => limiter.run(task(n))));
    expect(peak).toBe(2);
    expect(order).toEqual([1, 2, 3, 4, 5]);
    expect(results.map((r) => r.status)).toEqual([
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    expect([limiter.active, limiter.waiting]).toEqual([0, 0]);
  });
});
