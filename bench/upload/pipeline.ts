/**
 * Upload pipeline cost: `process()` (type sniffing, one decode, large + thumb WebP) against the bare sharp call
 * that makes only the large rendition, on the same 12 MP JPEG in the same run. Target: ratio ≤ 1.3.
 *
 *   npx tsx bench/upload/pipeline.ts [iterations=15]
 */
import { availableParallelism } from 'node:os';
import sharp from 'sharp';
import {
  createImagePipeline,
  IMAGE_CONCURRENCY,
  LARGE_WEBP_QUALITY,
} from '../../apps/server/src/services/images/index.js';

const iterations = Math.max(3, Number(process.argv[2] ?? 15) || 15);

/**
 * A photo-like 4000×3000 JPEG: broad shading, mid-size texture and fine grain, so both the large and the
 * thumbnail encode about as much detail as a real phone picture would (plain noise averages out to grey).
 */
async function twelveMegapixelJpeg(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 42;
  const grain = () => ((seed = (seed * 1_103_515_245 + 12_345) >>> 0) / 2 ** 32 - 0.5) * 24;
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const shade = 60 * Math.sin(x / 310 + y / 470) + 35 * Math.sin(x / 37) * Math.cos(y / 53);
      pixels[i++] = 128 + shade + grain();
      pixels[i++] = 120 + 0.8 * shade * Math.cos(y / 900) + grain();
      pixels[i++] = 110 - 0.6 * shade + grain();
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Wall time and CPU time (all threads of this process: libvips works on libuv's pool) of one call. */
async function time(task: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await task();
  return performance.now() - started;
}

async function measure(task: () => Promise<unknown>): Promise<{ wallMs: number; cpuMs: number }> {
  const cpu = process.cpuUsage();
  const wallMs = await time(task);
  const used = process.cpuUsage(cpu);
  return { wallMs, cpuMs: (used.user + used.system) / 1000 };
}

const input = await twelveMegapixelJpeg();
const pipeline = createImagePipeline();
const direct = () =>
  sharp(input)
    .autoOrient()
    .resize(1600, 1600, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: LARGE_WEBP_QUALITY })
    .toBuffer();
const processed = () => pipeline.process(input);

// Warm-up: first calls load codecs and grow the thread pool.
for (let i = 0; i < 3; i++) {
  await direct();
  await processed();
}

// Interleaved, so a slow spell of the machine hits both sides alike.
const directRuns: Array<{ wallMs: number; cpuMs: number }> = [];
const processRuns: Array<{ wallMs: number; cpuMs: number }> = [];
for (let i = 0; i < iterations; i++) {
  directRuns.push(await measure(direct));
  processRuns.push(await measure(processed));
}

const out = await processed();
const d = median(directRuns.map((run) => run.wallMs));
const p = median(processRuns.map((run) => run.wallMs));
const dCpu = median(directRuns.map((run) => run.cpuMs));
const pCpu = median(processRuns.map((run) => run.cpuMs));
console.log(`input: 4000x3000 JPEG, ${(input.length / 1024 / 1024).toFixed(2)} MB; ${iterations} runs each`);
console.log(
  `cores: ${availableParallelism()}, sharp concurrency: ${sharp.concurrency()}, node ${process.version}`,
);
console.log(
  `output: large ${out.width}x${out.height} ${(out.large.length / 1024).toFixed(0)} KB, thumb ${(out.thumb.length / 1024).toFixed(0)} KB`,
);
console.log(`direct sharp (large only)  median ${d.toFixed(1)} ms wall, ${dCpu.toFixed(0)} ms CPU`);
console.log(`pipeline.process()         median ${p.toFixed(1)} ms wall, ${pCpu.toFixed(0)} ms CPU`);
console.log(`ratio ${(p / d).toFixed(2)}x wall (goal <= 1.3x), ${(pCpu / dCpu).toFixed(2)}x CPU`);

// Ten uploads at once, as a burst of listing submissions would send them: the limiter queues them, so peak
// memory stays near IMAGE_CONCURRENCY decodes instead of ten.
let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 5);
const rssBefore = process.memoryUsage().rss;
const burstMs = await time(() => Promise.all(Array.from({ length: 10 }, processed)));
clearInterval(sampler);
console.log(
  `10 parallel process(): ${burstMs.toFixed(0)} ms wall (${(burstMs / 10).toFixed(0)} ms/image, ` +
    `limit ${IMAGE_CONCURRENCY} at once), peak RSS +${((peakRss - rssBefore) / 1024 / 1024).toFixed(0)} MB`,
);
