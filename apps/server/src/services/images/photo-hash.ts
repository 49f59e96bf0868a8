import type { Raw, Sharp } from 'sharp';
import { loadSharp } from './sharp.js';

/**
 * Perceptual hash of a listing photo, to find a photo another seller already listed (a copy that was resized,
 * re-encoded, cropped a little or made brighter or darker). A DCT hash (pHash): a view of the picture is shrunk to
 * a grey 32×32, and each of 64 bits says whether one of its 64 lowest-frequency DCT coefficients is above their
 * median. Low frequencies are the composition, which survives resizing and JPEG; thresholding at the median ignores
 * brightness and contrast, since scaling every pixel scales every coefficient alike. (Every view has 32 ones, so
 * distances are even.)
 *
 * Cropping is what a plain pHash handles badly: the low frequencies shrug off a shift of about 1% of the picture,
 * but 5% off one side moves everything by 2.5% and stretches it by 5%. So each photo keeps a hash per view
 * (VIEWS): the whole picture, the centred 95% and 90%, and the four 95% corners. A copy cropped by up to 5% on
 * each side shows a region of the original close to one of these (a corner is "5% off two adjacent sides", the
 * 90% "5% off all four"), and its whole picture is compared with every view of the other photo, both ways round
 * (photoDistance): 13 comparisons. On bench/photos (seed 7) no threshold met both goals with the whole picture
 * alone (0.96 of the copies matched at 12 bits, with 2.1 false matches per 10,000 pairs) nor with the centred
 * crops (0.93 at 8 bits, 0.97 at 10 with 1.3 per 10,000); with the corners, 0.99 at 6 with 0.25. Comparing every
 * view with every view (49 comparisons) brought copies closer but distinct photos as much closer; 128 bits per
 * view separated no better than 64.
 *
 * `views[0]` is the whole picture, then VIEWS' crops in order. Each view is 64 bits as a signed 64-bit integer,
 * what a PostgreSQL `bigint` holds (a `bigint[]` column keeps all seven), so SQL counts the bits two views differ in
 * with `bit_count((a # b)::bit(64))` (PostgreSQL 14+), as hammingDistance does.
 */
export interface PhotoHash {
  readonly views: readonly bigint[];
}

/**
 * Largest photoDistance, in bits of 64, at which two photos count as the same (photosMatch). Set with bench/photos:
 * 400 generated photos, 79,800 distinct pairs, 2,800 transformed copies; seeds 7 and 8. At 6, 0.993–0.994 of the
 * copies matched (0.973–0.980 of those cropped, resized, made brighter or darker and re-encoded all at once) and
 * 2–5 distinct pairs did (0.25–0.63 per 10,000; the goal is at most 1), twins in grey: the same room with a small
 * or thin item in the same spot, two large dark screens filling the frame, a dark table and a dark dresser of one
 * size centred on a light ground (a luma hash does not see colour). At 4, only 0.955–0.959 of the copies
 * matched (the goal is at least 0.95), with 0–1 false match; at 8, all the copies, with 0.63–1.38 false matches
 * per 10,000. Distances are even, so 6 is also 7.
 */
export const PHOTO_MATCH_THRESHOLD = 6;

/** A view: the share of each side it keeps, and where its centre is, from the picture's centre in shares of it. */
interface View {
  size: number;
  x: number;
  y: number;
}

/** The whole picture first (photoDistance relies on it), then the crops, in the order of PhotoHash.views. */
export const VIEWS: readonly View[] = [
  { size: 1, x: 0, y: 0 },
  { size: 0.95, x: 0, y: 0 },
  { size: 0.9, x: 0, y: 0 },
  { size: 0.95, x: -0.025, y: -0.025 },
  { size: 0.95, x: 0.025, y: -0.025 },
  { size: 0.95, x: -0.025, y: 0.025 },
  { size: 0.95, x: 0.025, y: 0.025 },
];

/**
 * The picture is decoded straight to this many pixels square (aspect ignored, as views are fractions of each
 * side): enough to average a 90% view onto 32×32 without aliasing, and small enough that a JPEG decodes with
 * shrink-on-load, which keeps a 1600 px photo to a few milliseconds.
 */
const SAMPLE_SIZE = 128;
/** The DCT's grid: 32×32 keeps the frequencies the hash uses well below where resampling and JPEG blocks act. */
const GRID = 32;
const BITS = 64;
/**
 * A picture whose 64 coefficients all stay under this (about a 2-level wave across the grid: a coefficient is a
 * pattern's amplitude × 32 × 32 / 4) is flat: its bits would be rounding noise, and any two blank pictures would
 * "match". Such a photo gets no hash.
 */
const MIN_DETAIL = 2 * 256;

/**
 * The 64 coefficients nearest to DC by radial frequency (u² + v²), DC left out (it is only the mean brightness).
 * A quarter disc rather than the usual 8×8 square trades (7, 7) and its neighbours, which flip with the small
 * shift a crop leaves, for (8, 0) … (0, 8), which hold more of the layout; it matched a few more copies.
 */
const COEFFICIENTS: ReadonlyArray<readonly [u: number, v: number]> = (() => {
  const all: Array<[number, number]> = [];
  for (let u = 0; u < 12; u++) for (let v = 0; v < 12; v++) if (u + v > 0) all.push([u, v]);
  all.sort(([u1, v1], [u2, v2]) => u1 * u1 + v1 * v1 - (u2 * u2 + v2 * v2) || u1 - u2);
  return all.slice(0, BITS);
})();
const MAX_FREQUENCY = Math.max(...COEFFICIENTS.flat());

/** cos(π(2x + 1)u / 2N) for the frequencies used; the DCT's constant factors do not change a median split. */
const COSINES: Float64Array[] = Array.from({ length: MAX_FREQUENCY + 1 }, (_, u) =>
  Float64Array.from({ length: GRID }, (_, x) => Math.cos((Math.PI * (2 * x + 1) * u) / (2 * GRID))),
);

interface AxisWeights {
  start: number;
  weights: Float64Array;
}

/**
 * How much each of SAMPLE_SIZE pixels along one side adds to each of GRID cells of a view keeping `size` of that
 * side, centred `offset` from the middle: the length each pixel shares with the cell (a box filter), so nothing
 * depends on where cell edges fall between pixels.
 */
function axisWeights(size: number, offset: number): AxisWeights[] {
  const span = SAMPLE_SIZE * size;
  const origin = (SAMPLE_SIZE - span) / 2 + offset * SAMPLE_SIZE;
  const cell = span / GRID;
  return Array.from({ length: GRID }, (_, i) => {
    const from = origin + i * cell;
    const to = from + cell;
    const start = Math.max(0, Math.floor(from));
    const end = Math.min(SAMPLE_SIZE, Math.ceil(to));
    const weights = new Float64Array(end - start);
    for (let p = start; p < end; p++) weights[p - start] = (Math.min(to, p + 1) - Math.max(from, p)) / cell;
    return { start, weights };
  });
}
const VIEW_WEIGHTS = VIEWS.map((view) => ({
  rows: axisWeights(view.size, view.y),
  columns: axisWeights(view.size, view.x),
}));

function viewGrid(grey: Uint8Array, axes: { rows: AxisWeights[]; columns: AxisWeights[] }): Float64Array {
  // Separable: rows first (GRID × SAMPLE_SIZE), then columns.
  const rows = new Float64Array(GRID * SAMPLE_SIZE);
  for (let i = 0; i < GRID; i++) {
    const { start, weights } = axes.rows[i]!;
    for (let k = 0; k < weights.length; k++) {
      const weight = weights[k]!;
      const line = (start + k) * SAMPLE_SIZE;
      for (let x = 0; x < SAMPLE_SIZE; x++) rows[i * SAMPLE_SIZE + x]! += weight * grey[line + x]!;
    }
  }
  const grid = new Float64Array(GRID * GRID);
  for (let i = 0; i < GRID; i++) {
    for (let j = 0; j < GRID; j++) {
      const { start, weights } = axes.columns[j]!;
      let sum = 0;
      for (let k = 0; k < weights.length; k++) sum += weights[k]! * rows[i * SAMPLE_SIZE + start + k]!;
      grid[i * GRID + j] = sum;
    }
  }
  return grid;
}

function dctHash(grid: Float64Array): bigint | null {
  // Down the columns for the frequencies needed only, then one dot product per coefficient.
  const partial = COSINES.map((cosines) => {
    const out = new Float64Array(GRID);
    for (let y = 0; y < GRID; y++) {
      const weight = cosines[y]!;
      for (let x = 0; x < GRID; x++) out[x]! += weight * grid[y * GRID + x]!;
    }
    return out;
  });
  const values = COEFFICIENTS.map(([u, v]) => {
    const row = partial[u]!;
    const cosines = COSINES[v]!;
    let sum = 0;
    for (let x = 0; x < GRID; x++) sum += row[x]! * cosines[x]!;
    return sum;
  });
  if (values.every((value) => Math.abs(value) < MIN_DETAIL)) return null;
  const median = [...values].sort((a, b) => a - b)[BITS / 2]!;
  let hash = 0n;
  values.forEach((value, bit) => {
    if (value >= median) hash |= 1n << BigInt(bit);
  });
  return BigInt.asIntN(64, hash);
}

/**
 * Largest decoded size photoHash reads: the upload pipeline's limit (pipeline.ts maxInputPixels), which uploads
 * have passed already; a bomb handed straight to photoHash fails before it allocates.
 */
const MAX_INPUT_PIXELS = 40_000_000;

async function hashOf(image: Sharp): Promise<PhotoHash | null> {
  const { data, info } = await image
    // Transparent pixels have whatever colour the encoder left; the site shows them on white.
    .flatten({ background: '#ffffff' })
    .resize(SAMPLE_SIZE, SAMPLE_SIZE, { fit: 'fill' })
    .greyscale()
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 1 || info.width !== SAMPLE_SIZE || info.height !== SAMPLE_SIZE) {
    throw new Error(`photo hash: unexpected ${info.width}×${info.height}×${info.channels} pixels`);
  }
  const grey = new Uint8Array(data.buffer, data.byteOffset, data.length);
  const views = VIEW_WEIGHTS.map((axes) => dctHash(viewGrid(grey, axes)));
  return views.every((view): view is bigint => view !== null) ? { views } : null;
}

/**
 * The perceptual hash of a JPEG, PNG or WebP photo as it is displayed (EXIF orientation applied); null when the
 * picture is too flat to compare (MIN_DETAIL).
 */
export async function photoHash(input: Buffer): Promise<PhotoHash | null> {
  const sharp = await loadSharp();
  return hashOf(sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).autoOrient());
}

/**
 * The same from decoded pixels, upright already: what the upload pipeline has in hand after its one decode, so
 * hashing costs no second decode. The same hash as photoHash of that picture, give or take a bit of resampling.
 */
export async function photoHashOfPixels(pixels: Buffer, raw: Raw): Promise<PhotoHash | null> {
  const sharp = await loadSharp();
  return hashOf(sharp(pixels, { raw }));
}

function bitCount32(value: number): number {
  let v = value - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** Bits that differ between two 64-bit hashes, signed or not. */
export function hammingDistance(a: bigint, b: bigint): number {
  const x = BigInt.asUintN(64, a ^ b);
  return bitCount32(Number(x & 0xffffffffn)) + bitCount32(Number(x >> 32n));
}

/**
 * The distance between two photos, 0–64: the least over each one's whole picture against every view of the other
 * (either may be the cropped one). In SQL, with 1-based arrays: least over i of bit_count of a.views[1] # b.views[i]
 * and of a.views[i] # b.views[1].
 */
export function photoDistance(a: PhotoHash, b: PhotoHash): number {
  const [wholeA, wholeB] = [a.views[0], b.views[0]];
  if (wholeA === undefined || wholeB === undefined) throw new Error('photo hash: no views');
  let best = BITS;
  for (const view of b.views) best = Math.min(best, hammingDistance(wholeA, view));
  for (let i = 1; i < a.views.length; i++) best = Math.min(best, hammingDistance(a.views[i]!, wholeB));
  return best;
}

export function photosMatch(a: PhotoHash, b: PhotoHash): boolean {
  return photoDistance(a, b) <= PHOTO_MATCH_THRESHOLD;
}
