import sharp from 'sharp';

/**
 * A photo-like 640×480 JPEG: smooth colour waves at several scales, a few shaded round objects and sensor grain.
 * A flat picture would be no test (its DCT bits are unstable), and different seeds give different layouts.
 */
export async function testPhoto(seed: number, width = 640, height = 480): Promise<Buffer> {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const waves = Array.from({ length: 12 }, (_, i) => ({
    fx: (next() - 0.5) * 0.004 * 1.6 ** i,
    fy: (next() - 0.5) * 0.004 * 1.6 ** i,
    phase: next() * 2 * Math.PI,
    gain: [0, 1, 2].map(() => (next() - 0.3) * (60 / (1 + i / 2))),
  }));
  const blobs = Array.from({ length: 4 }, () => ({
    x: next() * width,
    y: next() * height,
    r: (0.1 + next() * 0.2) * height,
    colour: [0, 1, 2].map(() => 40 + next() * 200),
  }));
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i += 3) {
      for (let c = 0; c < 3; c++) {
        let value = 110;
        for (const w of waves) value += w.gain[c]! * Math.sin(w.fx * x + w.fy * y + w.phase);
        for (const b of blobs) {
          const d = Math.hypot(x - b.x, y - b.y) / b.r;
          if (d < 1) value = b.colour[c]! * (1.1 - 0.6 * d * d);
        }
        pixels[i + c] = Math.max(0, Math.min(255, value + (next() - 0.5) * 16));
      }
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}
