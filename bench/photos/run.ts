/**
 * bench/photos: how well the listing-photo hash (apps/server/src/services/images/photo-hash.ts) finds copies of a
 * photo and leaves distinct photos apart, and what it costs. Photos are generated from a seed (photo-set.ts), each
 * saved as the seller's JPEG (quality 92); every one gets transformed copies (resized, re-encoded at JPEG quality
 * 50–90, cropped up to 5% a side, 10–15% brighter or darker, and all of these at once), each compared with its
 * original; and every pair of distinct photos is compared, the hard negatives (same place with another item, the
 * same item in another place) also on their own.
 *
 * Goals: at least 0.95 of the copies matched; at most 1 false match in 10,000 distinct pairs. Also printed: the
 * distances, a sweep of thresholds around PHOTO_MATCH_THRESHOLD (what tuned it), and the time to hash a 1600 px
 * photo: from the pixels the upload pipeline has decoded (what it does), and from a JPEG or WebP file.
 *
 *   npm run bench:photos [-- --seed 7 --photos 400 --json FILE]
 */
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import {
  PHOTO_MATCH_THRESHOLD,
  photoDistance,
  photoHash,
  photoHashOfPixels,
  type PhotoHash,
} from '../../apps/server/src/services/images/photo-hash.js';
import { percentile } from '../feed/http.js';
import { random } from '../feed/random.js';
import { machine as describeMachine, machineLine } from '../feed/machine.js';
import { markdownTable } from '../feed/report.js';
import { photoSet, renderPhoto, renderScene, singleScene, type PhotoSpec } from './photo-set.js';

const GOALS = { copiesMatched: 0.95, falseMatchesPerPair: 1 / 10_000 };
/** The seller's own upload, before anyone copies it. */
const ORIGINAL_QUALITY = 92;
const TIMING_ROUNDS = 40;

const { values: args } = parseArgs({
  options: {
    seed: { type: 'string', default: '7' },
    photos: { type: 'string', default: '400' },
    json: { type: 'string' },
  },
});
const seed = Number(args.seed);
const photoCount = Number(args.photos);
if (!Number.isSafeInteger(photoCount) || photoCount < 12) throw new RangeError('--photos: at least 12');

type Random = () => number;
const between = (next: Random, a: number, b: number) => a + (b - a) * next();

interface Crop {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** One copy of a JPEG: what a copier might do, in the order a photo editor would do it. */
async function transform(
  input: Buffer,
  width: number,
  height: number,
  edit: { crop?: Crop; scale?: number; brightness?: number; quality: number },
): Promise<Buffer> {
  let image = sharp(input);
  let [w, h] = [width, height];
  if (edit.crop) {
    const left = Math.round(width * edit.crop.left);
    const top = Math.round(height * edit.crop.top);
    w = width - left - Math.round(width * edit.crop.right);
    h = height - top - Math.round(height * edit.crop.bottom);
    image = image.extract({ left, top, width: w, height: h });
  }
  if (edit.scale) image = image.resize(Math.round(w * edit.scale), Math.round(h * edit.scale));
  if (edit.brightness) image = image.linear(edit.brightness, 0);
  return image.jpeg({ quality: edit.quality }).toBuffer();
}

const sideCrop = (next: Random): Crop => ({
  left: between(next, 0, 0.05),
  right: between(next, 0, 0.05),
  top: between(next, 0, 0.05),
  bottom: between(next, 0, 0.05),
});

/** The transformations, each drawn afresh per photo. */
const TRANSFORMS: Record<string, (next: Random) => Parameters<typeof transform>[3]> = {
  'resized to 35–80%, JPEG q90': (next) => ({ scale: between(next, 0.35, 0.8), quality: 90 }),
  'JPEG q50–90': (next) => ({ quality: Math.round(between(next, 50, 90)) }),
  'cropped 0–5% each side': (next) => ({ crop: sideCrop(next), quality: 90 }),
  'cropped 5% off two adjacent sides': (next) => {
    const [horizontal, vertical] = [next() < 0.5, next() < 0.5];
    return {
      crop: {
        left: horizontal ? 0.05 : 0,
        right: horizontal ? 0 : 0.05,
        top: vertical ? 0.05 : 0,
        bottom: vertical ? 0 : 0.05,
      },
      quality: 90,
    };
  },
  '10–15% brighter': (next) => ({ brightness: 1 + between(next, 0.1, 0.15), quality: 90 }),
  '10–15% darker': (next) => ({ brightness: 1 - between(next, 0.1, 0.15), quality: 90 }),
  'all at once: crop, resize, ±10–15%, JPEG q50–90': (next) => ({
    crop: sideCrop(next),
    scale: between(next, 0.4, 0.8),
    brightness: next() < 0.5 ? 1 + between(next, 0.1, 0.15) : 1 - between(next, 0.1, 0.15),
    quality: Math.round(between(next, 50, 90)),
  }),
};
const transformNames = Object.keys(TRANSFORMS);

/** Every generated photo has detail; a null hash (a flat picture) here would be a generator bug. */
async function hashOf(input: Buffer): Promise<PhotoHash> {
  const hash = await photoHash(input);
  if (!hash) throw new Error('bench/photos: a generated photo got no hash (too flat)');
  return hash;
}

const machine = describeMachine();
console.log(`bench/photos — ${machineLine(machine)}`);

const started = performance.now();
const specs = photoSet(seed, photoCount);
const next = random(seed + 1);
const hashes: PhotoHash[] = [];
const copyDistances: Record<string, number[]> = Object.fromEntries(transformNames.map((name) => [name, []]));
for (const spec of specs) {
  const original = await sharp(renderPhoto(spec), {
    raw: { width: spec.width, height: spec.height, channels: 3 },
  })
    .jpeg({ quality: ORIGINAL_QUALITY })
    .toBuffer();
  const edits = transformNames.map((name) => TRANSFORMS[name]!(next));
  const [hash, ...copies] = await Promise.all([
    hashOf(original),
    ...edits.map(async (edit) => hashOf(await transform(original, spec.width, spec.height, edit))),
  ]);
  hashes.push(hash!);
  copies.forEach((copy, i) => copyDistances[transformNames[i]!]!.push(photoDistance(hash!, copy)));
}
const preparedSeconds = (performance.now() - started) / 1000;

/** Distinct pairs, all of them, and the hard negatives among them. */
const pairs = { all: [] as number[], samePlace: [] as number[], sameItem: [] as number[] };
const relation = (a: PhotoSpec, b: PhotoSpec) =>
  a.background === b.background ? 'samePlace' : a.item === b.item ? 'sameItem' : null;
for (let i = 0; i < specs.length; i++) {
  for (let j = i + 1; j < specs.length; j++) {
    const distance = photoDistance(hashes[i]!, hashes[j]!);
    pairs.all.push(distance);
    const kind = relation(specs[i]!, specs[j]!);
    if (kind) pairs[kind].push(distance);
  }
}
const allCopies = transformNames.flatMap((name) => copyDistances[name]!);

// Loops, not Math.min(...list): 80,000 arguments can overflow the stack.
const minOf = (list: number[]) => list.reduce((m, v) => Math.min(m, v), Infinity);
const maxOf = (list: number[]) => list.reduce((m, v) => Math.max(m, v), -Infinity);
const matched = (distances: number[], threshold = PHOTO_MATCH_THRESHOLD) =>
  distances.filter((d) => d <= threshold).length;
const share = (part: number, whole: number) => (whole === 0 ? 1 : part / whole);

const copyRows = [
  ...transformNames.map((name) => [name, copyDistances[name]!] as const),
  ['all copies', allCopies] as const,
];
const pairRows = [
  ['all distinct pairs', pairs.all],
  ['hard: same place, other item', pairs.samePlace],
  ['hard: same item, other place', pairs.sameItem],
] as const;

// Time to hash one photo, after a warm-up, on a 1600 px picture as the pipeline's large rendition would be.
const timingScene = renderScene(singleScene(seed, 4 / 3), 1600, 1200);
const raw = { raw: { width: 1600, height: 1200, channels: 3 as const } };
const timingJpeg = await sharp(timingScene, raw).jpeg({ quality: 85 }).toBuffer();
const timingWebp = await sharp(timingScene, raw).webp({ quality: 80 }).toBuffer();
/** What is timed: the upload pipeline hashes the pixels it decoded anyway; photoHash decodes the file itself. */
const timed: Record<string, () => Promise<unknown>> = {
  'decoded 1600×1200 pixels (upload pipeline)': () => photoHashOfPixels(timingScene, raw.raw),
  'JPEG q85 1600×1200 file': () => photoHash(timingJpeg),
  'WebP q80 1600×1200 file': () => photoHash(timingWebp),
};
const timings: Record<string, { p50: number; p95: number }> = {};
for (const [name, run] of Object.entries(timed)) {
  await run();
  const times: number[] = [];
  for (let round = 0; round < TIMING_ROUNDS; round++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  timings[name] = { p50: percentile(times, 50), p95: percentile(times, 95) };
}

console.log(
  `${specs.length} photos (seed ${seed}), ${allCopies.length} copies, ` +
    `${pairs.all.length.toLocaleString('en-US')} distinct pairs; threshold ${PHOTO_MATCH_THRESHOLD} bits of 64; ` +
    `made and hashed in ${preparedSeconds.toFixed(0)} s\n`,
);
console.log(
  markdownTable(
    ['copies', 'n', 'matched', 'share', 'distance p50', 'p99', 'max'],
    copyRows.map(([name, distances]) => [
      name,
      String(distances.length),
      String(matched(distances)),
      share(matched(distances), distances.length).toFixed(3),
      String(percentile(distances, 50)),
      String(percentile(distances, 99)),
      String(maxOf(distances)),
    ]),
  ),
);
console.log('');
console.log(
  markdownTable(
    ['distinct pairs', 'n', 'false matches', 'per 10,000', 'distance min', 'p1', 'p50'],
    pairRows.map(([name, distances]) => [
      name,
      distances.length.toLocaleString('en-US'),
      String(matched(distances)),
      (share(matched(distances), distances.length) * 10_000).toFixed(2),
      String(minOf(distances)),
      String(percentile(distances, 1)),
      String(percentile(distances, 50)),
    ]),
  ),
);

// The sweep that set PHOTO_MATCH_THRESHOLD: copies found against false matches, threshold by threshold.
// Distances are even (every view has 32 one bits), so the sweep steps by 2.
const sweep = Array.from({ length: 8 }, (_, i) => PHOTO_MATCH_THRESHOLD - 6 + 2 * i).filter((t) => t >= 0);
const hard = [...pairs.samePlace, ...pairs.sameItem];
console.log('');
console.log(
  markdownTable(
    [
      'threshold',
      'copies matched',
      'all-at-once matched',
      'false matches',
      'per 10,000 pairs',
      'of them hard',
    ],
    sweep.map((t) => [
      `${t}${t === PHOTO_MATCH_THRESHOLD ? ' (set)' : ''}`,
      share(matched(allCopies, t), allCopies.length).toFixed(3),
      share(
        matched(copyDistances[transformNames.at(-1)!]!, t),
        copyDistances[transformNames.at(-1)!]!.length,
      ).toFixed(3),
      String(matched(pairs.all, t)),
      (share(matched(pairs.all, t), pairs.all.length) * 10_000).toFixed(2),
      String(matched(hard, t)),
    ]),
  ),
);
console.log(
  `\nhash one photo (${TIMING_ROUNDS} rounds): ` +
    Object.entries(timings)
      .map(([name, t]) => `${name} p50 ${t.p50.toFixed(1)} ms, p95 ${t.p95.toFixed(1)} ms`)
      .join('; '),
);

const copiesShare = share(matched(allCopies), allCopies.length);
const falseRate = share(matched(pairs.all), pairs.all.length);
const goals = [
  [`copies matched ≥ ${GOALS.copiesMatched} (${copiesShare.toFixed(3)})`, copiesShare >= GOALS.copiesMatched],
  [
    `false matches ≤ 1 per 10,000 distinct pairs (${(falseRate * 10_000).toFixed(2)})`,
    falseRate <= GOALS.falseMatchesPerPair,
  ],
] as const;
console.log(`\n${goals.map(([goal, met]) => `${met ? 'PASS' : 'FAIL'}: ${goal}`).join('\n')}`);
if (args.json) {
  writeFileSync(
    args.json,
    JSON.stringify(
      {
        machine,
        seed,
        photos: specs.length,
        threshold: PHOTO_MATCH_THRESHOLD,
        copies: Object.fromEntries(
          copyRows.map(([name, d]) => [
            name,
            {
              n: d.length,
              matched: matched(d),
              p50: percentile(d, 50),
              p99: percentile(d, 99),
              max: maxOf(d),
            },
          ]),
        ),
        pairs: Object.fromEntries(
          pairRows.map(([name, d]) => [
            name,
            {
              n: d.length,
              falseMatches: matched(d),
              min: minOf(d),
              p1: percentile(d, 1),
              p50: percentile(d, 50),
            },
          ]),
        ),
        hashMs: timings,
        goals: Object.fromEntries(goals),
      },
      null,
      2,
    ),
  );
  console.log(`\nwrote ${args.json}`);
}
if (!goals.every(([, met]) => met)) process.exitCode = 1;
