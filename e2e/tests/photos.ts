import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG of the given pixels (RGB for each x, y). */
function pngOf(width: number, height: number, pixel: (x: number, y: number) => number[]): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const rgb = pixel(x, y);
      for (let c = 0; c < 3; c++) row[1 + x * 3 + c] = Math.max(0, Math.min(255, Math.round(rgb[c]!)));
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A photo with detail of its own (waves of light at a few scales, set by `seed`): unlike two gradients, two of
 * these with different seeds are different pictures to the duplicate-photo check (docs/product.md §17).
 */
export function texturedPng(width: number, height: number, seed: number): Buffer {
  const waves = Array.from({ length: 6 }, (_, i) => {
    const angle = seed * 2.399 + i * 1.7;
    const frequency = (0.01 + 0.006 * i) * (1 + (seed % 7) / 10);
    return {
      fx: Math.cos(angle) * frequency,
      fy: Math.sin(angle) * frequency,
      phase: seed + i,
      gain: 45 / (1 + i),
    };
  });
  return pngOf(width, height, (x, y) => {
    const light = waves.reduce((sum, w) => sum + w.gain * Math.sin(w.fx * x + w.fy * y + w.phase), 120);
    return [light * 1.1, light, light * 0.8];
  });
}

/**
 * A real PNG photo (a two-colour diagonal gradient) made in memory, so the journeys upload genuine image
 * bytes through the server's pipeline without binary fixtures in the repository.
 */
export function gradientPng(
  width: number,
  height: number,
  from: [number, number, number],
  to: [number, number, number],
): Buffer {
  return pngOf(width, height, (x, y) => {
    const t = (x + y) / (width + height);
    return [0, 1, 2].map((c) => from[c]! + (to[c]! - from[c]!) * t);
  });
}
