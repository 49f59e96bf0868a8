/**
 * bench/photos' pictures: listing-style photos generated from a seed, an item standing in a room or outside. Flat
 * synthetic pictures are no test for a perceptual hash (an earlier try found distinct flat "rooms" 0–6 bits apart
 * and their DCT bits flipping with any crop), so these carry what photos carry: texture at every scale
 * (multi-octave value noise in plaster, wood grain, carpet, grass), perspective floors, a light source and
 * vignetting, shaded and textured objects with soft shadows, colour casts and sensor grain.
 *
 * Photos come in groups of six: two backgrounds (room or outdoor place, with its own clutter and wall decor) × three
 * items, each photo with its own framing. Within a group, photos sharing a background or an item are the hard
 * negatives: the same floor with a different item, the same item somewhere else. Items are placed the way sellers
 * place them, large and near the middle, which is what makes those pairs hard.
 */
import { random } from '../feed/random.js';

type Rgb = readonly [number, number, number];
type Random = () => number;

export interface PhotoSpec {
  index: number;
  width: number;
  height: number;
  /** Photos with the same background id share the place (walls, floor, clutter, light). */
  background: number;
  /** Photos with the same item id show the same item (kind, colours, proportions). */
  item: number;
  itemKind: string;
  scene: Scene;
}

// ---------------------------------------------------------------------------------------------------------------
// Noise

function lattice(ix: number, iy: number, seed: number): number {
  let h = Math.imul(ix, 0x27d4eb2d) ^ Math.imul(iy, 0x165667b1) ^ Math.imul(seed, 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

function valueNoise(x: number, y: number, seed: number): number {
  const ix = Math.floor(x);
  const iy = Math.floor(y);
  const fx = x - ix;
  const fy = y - iy;
  const sx = fx * fx * (3 - 2 * fx);
  const sy = fy * fy * (3 - 2 * fy);
  const a = lattice(ix, iy, seed);
  const b = lattice(ix + 1, iy, seed);
  const c = lattice(ix, iy + 1, seed);
  const d = lattice(ix + 1, iy + 1, seed);
  const top = a + (b - a) * sx;
  return top + (c + (d - c) * sx - top) * sy;
}

/** Fractal value noise, about −1…1: each octave twice the frequency and half the amplitude of the last. */
function fbm(x: number, y: number, seed: number, octaves: number): number {
  let sum = 0;
  let amplitude = 1;
  let norm = 0;
  let frequency = 1;
  for (let o = 0; o < octaves; o++) {
    sum += amplitude * (valueNoise(x * frequency, y * frequency, seed + o * 1013) * 2 - 1);
    norm += amplitude;
    amplitude *= 0.5;
    frequency *= 2.03;
  }
  return (sum / norm) * 1.6;
}

const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);
const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];
const scale = (c: Rgb, k: number): Rgb => [c[0] * k, c[1] * k, c[2] * k];

function hsl(h: number, s: number, l: number): Rgb {
  const k = (n: number) => (n + h * 12) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return [f(0), f(8), f(4)];
}

const between = (next: Random, a: number, b: number) => a + (b - a) * next();
const pickOf = <T>(next: Random, list: readonly T[]) => list[Math.floor(next() * list.length)]!;

// ---------------------------------------------------------------------------------------------------------------
// Items: parts in local units (1 = the item's height), x from the item's centre, y up from where it stands.

type Shape =
  | { type: 'box'; x0: number; x1: number; y0: number; y1: number; r: number }
  | { type: 'ellipse'; cx: number; cy: number; rx: number; ry: number }
  | { type: 'trapezoid'; cx: number; y0: number; y1: number; w0: number; w1: number }
  | { type: 'line'; x0: number; y0: number; x1: number; y1: number; t: number }
  | { type: 'ring'; cx: number; cy: number; r: number; t: number };

type Shade = 'flat' | 'cylinder' | 'sphere';
type Texture = 'fabric' | 'wood' | 'plain' | 'metal' | 'mottled' | 'glass';

interface Part {
  shape: Shape;
  colour: Rgb;
  /** Second colour, for mottled textures. */
  colour2?: Rgb;
  shade: Shade;
  texture: Texture;
  seed: number;
}

interface ItemColours {
  main: Rgb;
  second: Rgb;
  wood: Rgb;
  metal: Rgb;
}

const box = (x0: number, x1: number, y0: number, y1: number, r = 0): Shape => ({
  type: 'box',
  x0,
  x1,
  y0,
  y1,
  r,
});
const line = (x0: number, y0: number, x1: number, y1: number, t: number): Shape => ({
  type: 'line',
  x0,
  y0,
  x1,
  y1,
  t,
});
const ellipse = (cx: number, cy: number, rx: number, ry: number): Shape => ({
  type: 'ellipse',
  cx,
  cy,
  rx,
  ry,
});

type Builder = (next: Random, c: ItemColours) => Part[];

/** Each item kind, as a seller would photograph one. The random draws vary the proportions per item. */
const ITEM_KINDS: Record<string, Builder> = {
  chair(next, c) {
    const w = between(next, 0.2, 0.27);
    const seat = between(next, 0.42, 0.5);
    const leg = between(next, 0.025, 0.04);
    const material = next() < 0.5 ? c.wood : c.main;
    const texture: Texture = material === c.wood ? 'wood' : 'fabric';
    const parts: Part[] = [
      part(
        line(-w * 0.75, seat, -w * 0.72, 0.02, leg * 0.8),
        scale(material, 0.6),
        'cylinder',
        texture,
        next,
      ),
      part(line(w * 0.75, seat, w * 0.72, 0.02, leg * 0.8), scale(material, 0.6), 'cylinder', texture, next),
    ];
    if (next() < 0.5) {
      parts.push(part(box(-w, w, seat + 0.05, 1, 0.03), material, 'flat', texture, next));
    } else {
      const slats = 2 + Math.floor(next() * 4);
      parts.push(part(box(-w, w, 0.9, 1, 0.02), material, 'flat', texture, next));
      for (let i = 0; i < slats; i++) {
        const x = -w + ((i + 0.5) * 2 * w) / slats;
        parts.push(part(box(x - 0.02, x + 0.02, seat, 0.92), material, 'cylinder', texture, next));
      }
      parts.push(part(box(-w, -w + 0.04, seat, 1), material, 'cylinder', texture, next));
      parts.push(part(box(w - 0.04, w, seat, 1), material, 'cylinder', texture, next));
    }
    parts.push(
      part(box(-w * 1.05, w * 1.05, seat - 0.05, seat + 0.03, 0.02), c.main, 'flat', 'fabric', next),
    );
    parts.push(part(line(-w, seat - 0.04, -w * 1.02, 0, leg), material, 'cylinder', texture, next));
    parts.push(part(line(w, seat - 0.04, w * 1.02, 0, leg), material, 'cylinder', texture, next));
    return parts;
  },
  table(next, c) {
    const w = between(next, 0.5, 0.85);
    const top = between(next, 0.05, 0.1);
    const inset = between(next, 0.03, 0.12);
    const parts: Part[] = [
      part(
        line(-w + inset + 0.1, 1 - top, -w + inset + 0.12, 0.05, 0.04),
        scale(c.wood, 0.7),
        'cylinder',
        'wood',
        next,
      ),
      part(
        line(w - inset - 0.1, 1 - top, w - inset - 0.12, 0.05, 0.04),
        scale(c.wood, 0.7),
        'cylinder',
        'wood',
        next,
      ),
      part(box(-w + inset, -w + inset + 0.06, 0, 1 - top), c.wood, 'cylinder', 'wood', next),
      part(box(w - inset - 0.06, w - inset, 0, 1 - top), c.wood, 'cylinder', 'wood', next),
      part(box(-w + inset, w - inset, 1 - top - 0.1, 1 - top), scale(c.wood, 0.85), 'flat', 'wood', next),
      part(box(-w, w, 1 - top, 1, 0.01), c.wood, 'flat', 'wood', next),
    ];
    if (next() < 0.5) parts.push(part(ellipse(w * 0.3, 1.06, 0.1, 0.07), c.main, 'sphere', 'glass', next));
    return parts;
  },
  lamp(next, c) {
    const shadeW = between(next, 0.3, 0.45);
    const shadeH = between(next, 0.22, 0.32);
    return [
      part(ellipse(0, 0.02, 0.16, 0.03), c.metal, 'sphere', 'metal', next),
      part(line(0, 0.02, 0, 1 - shadeH * 0.5, 0.025), c.metal, 'cylinder', 'metal', next),
      part(
        { type: 'trapezoid', cx: 0, y0: 1 - shadeH, y1: 1, w0: shadeW, w1: shadeW * between(next, 0.5, 0.8) },
        mix(c.main, [1, 0.95, 0.85], 0.5),
        'cylinder',
        'fabric',
        next,
      ),
    ];
  },
  sofa(next, c) {
    const w = between(next, 0.9, 1.2);
    const cushions = 2 + Math.floor(next() * 2);
    const parts: Part[] = [
      part(box(-w + 0.05, -w + 0.09, 0, 0.1), [0.1, 0.08, 0.06], 'flat', 'plain', next),
      part(box(w - 0.09, w - 0.05, 0, 0.1), [0.1, 0.08, 0.06], 'flat', 'plain', next),
      part(box(-w + 0.1, w - 0.1, 0.45, 1, 0.08), scale(c.main, 0.9), 'flat', 'fabric', next),
      part(box(-w, w, 0.08, 0.45, 0.04), scale(c.main, 0.8), 'flat', 'fabric', next),
    ];
    const inner = 2 * (w - 0.18);
    for (let i = 0; i < cushions; i++) {
      const x = -w + 0.18 + (i * inner) / cushions;
      parts.push(
        part(box(x + 0.01, x + inner / cushions - 0.01, 0.38, 0.55, 0.05), c.main, 'flat', 'fabric', next),
      );
    }
    parts.push(part(box(-w, -w + 0.18, 0.08, 0.68, 0.07), c.main, 'cylinder', 'fabric', next));
    parts.push(part(box(w - 0.18, w, 0.08, 0.68, 0.07), c.main, 'cylinder', 'fabric', next));
    if (next() < 0.6) parts.push(part(box(0.1, 0.35, 0.5, 0.78, 0.06), c.second, 'sphere', 'fabric', next));
    return parts;
  },
  dresser(next, c) {
    const w = between(next, 0.35, 0.6);
    const drawers = 3 + Math.floor(next() * 3);
    const body = next() < 0.5 ? c.wood : c.main;
    const parts: Part[] = [
      part(box(-w + 0.03, -w + 0.07, 0, 0.08), scale(body, 0.5), 'flat', 'plain', next),
      part(box(w - 0.07, w - 0.03, 0, 0.08), scale(body, 0.5), 'flat', 'plain', next),
      part(box(-w, w, 0.06, 1, 0.01), body, 'flat', body === c.wood ? 'wood' : 'plain', next),
    ];
    const h = 0.86 / drawers;
    for (let i = 0; i < drawers; i++) {
      const y = 0.1 + i * h;
      parts.push(
        part(box(-w + 0.04, w - 0.04, y, y + h - 0.025, 0.01), scale(body, 1.08), 'flat', 'wood', next),
      );
      parts.push(part(ellipse(0, y + h / 2, 0.025, 0.025), c.metal, 'sphere', 'metal', next));
    }
    return parts;
  },
  vase(next, c) {
    const r = between(next, 0.25, 0.4);
    return [
      part(ellipse(0, r + 0.02, r, r), c.main, 'sphere', next() < 0.5 ? 'glass' : 'mottled', next, c.second),
      part(box(-0.08, 0.08, r * 1.6, 1, 0.02), c.main, 'cylinder', 'glass', next),
      part(ellipse(0, 1, 0.12, 0.03), scale(c.main, 0.7), 'flat', 'plain', next),
    ];
  },
  bicycle(next, c) {
    const r = between(next, 0.3, 0.36);
    const base = 0.5 + r;
    const tyre: Rgb = [0.07, 0.07, 0.08];
    return [
      part({ type: 'ring', cx: -base + r, cy: r, r, t: 0.05 }, tyre, 'flat', 'plain', next),
      part({ type: 'ring', cx: base - r, cy: r, r, t: 0.05 }, tyre, 'flat', 'plain', next),
      part(line(-base + r, r, -0.05, r, 0.03), c.main, 'cylinder', 'metal', next),
      part(line(-0.05, r, -0.15, 0.85, 0.035), c.main, 'cylinder', 'metal', next),
      part(line(-base + r, r, -0.15, 0.85, 0.03), c.main, 'cylinder', 'metal', next),
      part(line(-0.15, 0.8, base - r - 0.1, 0.85, 0.035), c.main, 'cylinder', 'metal', next),
      part(line(-0.05, r, base - r - 0.1, 0.85, 0.035), c.main, 'cylinder', 'metal', next),
      part(line(base - r, r, base - r - 0.12, 0.95, 0.03), c.metal, 'cylinder', 'metal', next),
      part(box(-0.27, -0.05, 0.88, 0.93, 0.02), tyre, 'flat', 'fabric', next),
      part(line(base - r - 0.2, 0.97, base - r, 0.97, 0.025), tyre, 'cylinder', 'plain', next),
    ];
  },
  plant(next, c) {
    const leaves = 8 + Math.floor(next() * 8);
    const green = hsl(between(next, 0.22, 0.38), between(next, 0.35, 0.7), between(next, 0.22, 0.38));
    const parts: Part[] = [
      part(
        { type: 'trapezoid', cx: 0, y0: 0, y1: 0.32, w0: 0.13, w1: 0.18 },
        c.second,
        'cylinder',
        'plain',
        next,
      ),
    ];
    for (let i = 0; i < leaves; i++) {
      const angle = between(next, -1.2, 1.2);
      const length = between(next, 0.4, 0.68);
      parts.push(
        part(
          line(
            0,
            0.3,
            Math.sin(angle) * length * 0.8,
            0.3 + Math.cos(angle) * length,
            between(next, 0.06, 0.12),
          ),
          scale(green, between(next, 0.75, 1.25)),
          'cylinder',
          'fabric',
          next,
        ),
      );
    }
    return parts;
  },
  bookshelf(next, c) {
    const w = between(next, 0.28, 0.42);
    const shelves = 3 + Math.floor(next() * 2);
    const parts: Part[] = [part(box(-w, w, 0, 1), scale(c.wood, 0.55), 'flat', 'wood', next)];
    const h = 0.94 / shelves;
    for (let s = 0; s < shelves; s++) {
      const y = 0.03 + s * h;
      parts.push(part(box(-w, w, y, y + 0.03), c.wood, 'flat', 'wood', next));
      let x = -w + 0.03;
      while (x < w - 0.06) {
        const bookW = between(next, 0.025, 0.06);
        const book = hsl(next(), between(next, 0.2, 0.7), between(next, 0.2, 0.6));
        parts.push(
          part(
            box(x, x + bookW, y + 0.03, y + h * between(next, 0.6, 0.92)),
            book,
            'cylinder',
            'plain',
            next,
          ),
        );
        x += bookW + 0.004;
      }
    }
    return parts;
  },
  guitar(next, c) {
    const body = next() < 0.5 ? c.wood : c.main;
    return [
      part(ellipse(0, 0.2, 0.2, 0.19), body, 'sphere', 'wood', next),
      part(ellipse(0, 0.43, 0.15, 0.13), body, 'sphere', 'wood', next),
      part(ellipse(0, 0.36, 0.05, 0.05), [0.05, 0.04, 0.03], 'flat', 'plain', next),
      part(box(-0.025, 0.025, 0.5, 0.92), scale(c.wood, 0.5), 'cylinder', 'wood', next),
      part(box(-0.04, 0.04, 0.9, 1, 0.01), scale(c.wood, 0.4), 'flat', 'plain', next),
    ];
  },
  crate(next, c) {
    const w = between(next, 0.45, 0.8);
    const cardboard: Rgb = hsl(between(next, 0.07, 0.1), between(next, 0.35, 0.55), between(next, 0.45, 0.6));
    const colour = next() < 0.5 ? cardboard : c.main;
    return [
      part(box(-w, w, 0, 1, 0.01), colour, 'flat', next() < 0.5 ? 'fabric' : 'wood', next),
      part(box(-w, w, 0.82, 0.88), scale(colour, 0.7), 'flat', 'plain', next),
      part(box(-0.08, 0.08, 0, 1), c.second, 'flat', 'plain', next),
    ];
  },
  television(next, c) {
    const w = between(next, 0.75, 0.95);
    const screen: Rgb = [0.06, 0.07, 0.09];
    return [
      part(box(-0.25, 0.25, 0, 0.04, 0.02), c.metal, 'flat', 'metal', next),
      part(box(-0.04, 0.04, 0.03, 0.2), c.metal, 'cylinder', 'metal', next),
      part(box(-w, w, 0.18, 1, 0.015), [0.02, 0.02, 0.03], 'flat', 'plain', next),
      part(box(-w + 0.03, w - 0.03, 0.21, 0.97), screen, 'flat', 'glass', next, c.main),
    ];
  },
  armchair(next, c) {
    const w = between(next, 0.38, 0.5);
    return [
      part(box(-w + 0.04, -w + 0.08, 0, 0.1), [0.1, 0.08, 0.06], 'flat', 'plain', next),
      part(box(w - 0.08, w - 0.04, 0, 0.1), [0.1, 0.08, 0.06], 'flat', 'plain', next),
      part(box(-w + 0.08, w - 0.08, 0.4, 1, 0.12), scale(c.main, 0.9), 'sphere', 'fabric', next),
      part(box(-w, w, 0.08, 0.42, 0.05), scale(c.main, 0.8), 'flat', 'fabric', next),
      part(box(-w + 0.12, w - 0.12, 0.36, 0.5, 0.05), c.main, 'flat', 'fabric', next),
      part(box(-w, -w + 0.13, 0.08, 0.62, 0.06), c.main, 'cylinder', 'fabric', next),
      part(box(w - 0.13, w, 0.08, 0.62, 0.06), c.main, 'cylinder', 'fabric', next),
    ];
  },
};

/** Wall decor: hangs at a height, casts no shadow. */
const DECOR_KINDS: Record<string, Builder> = {
  painting(next, c) {
    const w = between(next, 0.5, 0.8);
    return [
      part(box(-w, w, 0, 1), scale(c.wood, 0.6), 'flat', 'wood', next),
      part(box(-w + 0.07, w - 0.07, 0.07, 0.93), c.main, 'flat', 'mottled', next, c.second),
    ];
  },
  window(next) {
    const w = between(next, 0.4, 0.7);
    const frame: Rgb = [0.93, 0.93, 0.9];
    const sky: Rgb = hsl(between(next, 0.55, 0.62), between(next, 0.3, 0.6), between(next, 0.7, 0.85));
    return [
      part(box(-w, w, 0, 1), frame, 'flat', 'plain', next),
      part(box(-w + 0.05, w - 0.05, 0.05, 0.95), sky, 'flat', 'mottled', next, [0.98, 0.98, 1]),
      part(box(-0.02, 0.02, 0, 1), frame, 'flat', 'plain', next),
      part(box(-w, w, 0.48, 0.52), frame, 'flat', 'plain', next),
    ];
  },
  shelf(next, c) {
    const w = between(next, 0.8, 1.4);
    const parts: Part[] = [part(box(-w, w, 0, 0.08), c.wood, 'flat', 'wood', next)];
    for (let x = -w + 0.1; x < w - 0.2; x += between(next, 0.2, 0.5)) {
      const h = between(next, 0.2, 0.6);
      parts.push(
        part(
          box(x, x + between(next, 0.08, 0.2), 0.08, 0.08 + h, 0.02),
          hsl(next(), 0.5, 0.5),
          'cylinder',
          'glass',
          next,
        ),
      );
    }
    return parts;
  },
};

function part(shape: Shape, colour: Rgb, shade: Shade, texture: Texture, next: Random, colour2?: Rgb): Part {
  return { shape, colour, shade, texture, seed: Math.floor(next() * 1e9), ...(colour2 ? { colour2 } : {}) };
}

function itemColours(next: Random): ItemColours {
  const neutral = next() < 0.3;
  const hue = next();
  const main = neutral
    ? hsl(hue, between(next, 0, 0.12), pickOf(next, [0.12, 0.3, 0.5, 0.75, 0.88]))
    : hsl(hue, between(next, 0.35, 0.85), between(next, 0.25, 0.65));
  const second = hsl((hue + between(next, 0.2, 0.8)) % 1, between(next, 0.2, 0.8), between(next, 0.25, 0.75));
  const wood = hsl(between(next, 0.05, 0.1), between(next, 0.35, 0.6), between(next, 0.18, 0.55));
  const metal = hsl(next(), 0.05, between(next, 0.35, 0.8));
  return { main, second, wood, metal };
}

// ---------------------------------------------------------------------------------------------------------------
// Scenes

interface Placed {
  parts: Part[];
  /** Where the item stands (bottom centre), as a share of the picture's height (both axes). */
  x: number;
  y: number;
  /** Item height as a share of the picture's height. */
  size: number;
  mirror: boolean;
  shadow: boolean;
}

interface Background {
  outdoor: boolean;
  /** Where wall meets floor, as a share of the height. */
  horizon: number;
  wall: {
    pattern: 'plaster' | 'stripes' | 'panels' | 'brick' | 'sky';
    colour: Rgb;
    colour2: Rgb;
    scale: number;
  };
  floor: {
    pattern: 'planks' | 'tiles' | 'carpet' | 'concrete' | 'grass' | 'gravel';
    colour: Rgb;
    colour2: Rgb;
    scale: number;
  };
  skirting: Rgb | null;
  /** Light source, in shares of the height, and how strong and wide. */
  light: { x: number; y: number; strength: number; radius: number; ambient: number };
  /** Clutter and decor, positioned for a picture of aspect 4:3; scaled with the width for others. */
  things: Placed[];
  seed: number;
}

export interface Scene {
  background: Background;
  item: Placed;
  tint: Rgb;
  exposure: number;
  contrast: number;
  grain: number;
  vignette: number;
  seed: number;
}

function makeBackground(next: Random): Background {
  const outdoor = next() < 0.25;
  const seed = Math.floor(next() * 1e9);
  const horizon = between(next, outdoor ? 0.3 : 0.35, outdoor ? 0.6 : 0.68);
  const wallHue = next();
  const wall = outdoor
    ? {
        pattern: 'sky' as const,
        colour: hsl(between(next, 0.55, 0.62), between(next, 0.3, 0.7), between(next, 0.45, 0.7)),
        colour2: hsl(0.1, 0.1, between(next, 0.85, 0.97)),
        scale: between(next, 1.5, 4),
      }
    : {
        pattern: pickOf(next, ['plaster', 'plaster', 'stripes', 'panels', 'brick'] as const),
        colour: hsl(wallHue, between(next, 0.05, 0.45), between(next, 0.4, 0.82)),
        colour2: hsl(
          (wallHue + between(next, -0.1, 0.1) + 1) % 1,
          between(next, 0.05, 0.5),
          between(next, 0.3, 0.85),
        ),
        scale: between(next, 4, 14),
      };
  const floorPattern = outdoor
    ? pickOf(next, ['grass', 'gravel', 'concrete'] as const)
    : pickOf(next, ['planks', 'planks', 'tiles', 'carpet', 'concrete'] as const);
  const floorTones: Record<typeof floorPattern, () => Rgb> = {
    planks: () => hsl(between(next, 0.05, 0.11), between(next, 0.3, 0.65), between(next, 0.2, 0.6)),
    tiles: () => hsl(next(), between(next, 0, 0.4), between(next, 0.3, 0.85)),
    carpet: () => hsl(next(), between(next, 0.05, 0.5), between(next, 0.2, 0.7)),
    concrete: () => hsl(next(), between(next, 0, 0.08), between(next, 0.35, 0.7)),
    grass: () => hsl(between(next, 0.2, 0.32), between(next, 0.35, 0.7), between(next, 0.2, 0.4)),
    gravel: () => hsl(between(next, 0.05, 0.15), between(next, 0.05, 0.25), between(next, 0.35, 0.6)),
  };
  const floor = {
    pattern: floorPattern,
    colour: floorTones[floorPattern](),
    colour2: floorTones[floorPattern](),
    scale: between(next, 0.7, 1.6),
  };
  const things: Placed[] = [];
  if (!outdoor) {
    const decor = Math.floor(next() * 3);
    for (let i = 0; i < decor; i++) {
      const kind = pickOf(next, Object.keys(DECOR_KINDS));
      const size = between(next, 0.12, 0.3);
      things.push({
        parts: DECOR_KINDS[kind]!(next, itemColours(next)),
        x: between(next, 0.1, 1.25),
        y: between(next, Math.min(horizon - 0.08, size + 0.05), horizon - 0.06),
        size,
        mirror: false,
        shadow: false,
      });
    }
  }
  const clutter = Math.floor(next() * 3);
  for (let i = 0; i < clutter; i++) {
    const kind = pickOf(next, Object.keys(ITEM_KINDS));
    const y = between(next, horizon + 0.04, Math.min(0.95, horizon + 0.3));
    things.push({
      parts: ITEM_KINDS[kind]!(next, itemColours(next)),
      x: next() < 0.5 ? between(next, 0, 0.35) : between(next, 0.98, 1.33),
      y,
      size: (y - horizon + 0.1) * between(next, 0.6, 1.1),
      mirror: next() < 0.5,
      shadow: true,
    });
  }
  return {
    outdoor,
    horizon,
    wall,
    floor,
    skirting: outdoor || next() < 0.3 ? null : next() < 0.6 ? [0.92, 0.91, 0.88] : scale(floor.colour, 0.8),
    light: {
      x: between(next, -0.2, 1.5),
      y: between(next, -0.3, 0.5),
      strength: between(next, 0.2, 0.7),
      radius: between(next, 0.4, 1.2),
      ambient: between(next, 0.55, 0.85),
    },
    things,
    seed,
  };
}

function makeItem(next: Random): { kind: string; build: () => Part[] } {
  const kind = pickOf(next, Object.keys(ITEM_KINDS));
  const itemSeed = Math.floor(next() * 1e9);
  return {
    kind,
    build: () => {
      const own = random(itemSeed);
      return ITEM_KINDS[kind]!(own, itemColours(own));
    },
  };
}

/** Big and near the middle, standing on the floor in front: how a seller frames the thing for sale. */
function placeItem(next: Random, parts: Part[], horizon: number, aspect: number): Placed {
  const y = between(next, Math.max(horizon + 0.15, 0.78), 0.97);
  const extent = parts.reduce((m, p) => Math.max(m, shapeExtent(p.shape)), 0.2);
  const size = Math.min(between(next, 0.45, 0.8), y - 0.04, (aspect * 0.85) / (2 * extent));
  return { parts, x: aspect * between(next, 0.38, 0.62), y, size, mirror: next() < 0.5, shadow: true };
}

function shapeExtent(shape: Shape): number {
  switch (shape.type) {
    case 'box':
      return Math.max(Math.abs(shape.x0), Math.abs(shape.x1));
    case 'ellipse':
      return Math.abs(shape.cx) + shape.rx;
    case 'trapezoid':
      return Math.abs(shape.cx) + Math.max(shape.w0, shape.w1);
    case 'line':
      return Math.max(Math.abs(shape.x0), Math.abs(shape.x1)) + shape.t;
    case 'ring':
      return Math.abs(shape.cx) + shape.r + shape.t;
  }
}

const SIZES: ReadonlyArray<readonly [number, number]> = [
  [512, 384],
  [512, 384],
  [384, 512],
  [448, 448],
  [512, 320],
];

/** Photos per group: BACKGROUNDS_PER_GROUP × ITEMS_PER_GROUP, every background with every item. */
const BACKGROUNDS_PER_GROUP = 2;
const ITEMS_PER_GROUP = 3;
export const GROUP_SIZE = BACKGROUNDS_PER_GROUP * ITEMS_PER_GROUP;

/** `count` photo descriptions (rendered one at a time by renderPhoto), the same for the same seed. */
export function photoSet(seed: number, count: number): PhotoSpec[] {
  const next = random(seed);
  const specs: PhotoSpec[] = [];
  for (let group = 0; specs.length < count; group++) {
    const backgrounds = Array.from({ length: BACKGROUNDS_PER_GROUP }, () => makeBackground(next));
    const items = Array.from({ length: ITEMS_PER_GROUP }, () => makeItem(next));
    for (let b = 0; b < BACKGROUNDS_PER_GROUP && specs.length < count; b++) {
      for (let i = 0; i < ITEMS_PER_GROUP && specs.length < count; i++) {
        const [width, height] = pickOf(next, SIZES);
        const background = backgrounds[b]!;
        const item = items[i]!;
        specs.push({
          index: specs.length,
          width,
          height,
          background: group * BACKGROUNDS_PER_GROUP + b,
          item: group * ITEMS_PER_GROUP + i,
          itemKind: item.kind,
          scene: {
            background,
            item: placeItem(next, item.build(), background.horizon, width / height),
            tint: [between(next, 0.92, 1.08), between(next, 0.95, 1.05), between(next, 0.9, 1.1)],
            exposure: between(next, 0.85, 1.1),
            contrast: between(next, 0.85, 1.2),
            grain: between(next, 0.01, 0.035),
            vignette: between(next, 0.1, 0.45),
            seed: Math.floor(next() * 1e9),
          },
        });
      }
    }
  }
  return specs;
}

/** A single scene for timing, the way photoSet makes them. */
export function singleScene(seed: number, aspect: number): Scene {
  const next = random(seed);
  const background = makeBackground(next);
  return {
    background,
    item: placeItem(next, makeItem(next).build(), background.horizon, aspect),
    tint: [1, 1, 1],
    exposure: 1,
    contrast: 1,
    grain: 0.02,
    vignette: 0.3,
    seed,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Rendering

function wallColour(bg: Background, nx: number, ny: number): Rgb {
  const { wall, seed } = bg;
  const s = wall.scale;
  switch (wall.pattern) {
    case 'plaster':
      return scale(wall.colour, 1 + 0.1 * fbm(nx * s, ny * s, seed, 6));
    case 'stripes': {
      const t = nx * s * 1.5;
      const band = 0.5 + 0.5 * Math.tanh(6 * Math.sin(t * Math.PI));
      return scale(mix(wall.colour, wall.colour2, band), 1 + 0.05 * fbm(nx * 30, ny * 30, seed, 3));
    }
    case 'panels': {
      const t = nx * s;
      const board = Math.floor(t);
      const f = t - board;
      const gap = f < 0.04 ? 0.6 : 1;
      const jitter = 0.88 + 0.2 * lattice(board, 7, seed);
      return scale(wall.colour2, gap * jitter * (1 + 0.12 * fbm(nx * 60, ny * 5, seed + board, 5)));
    }
    case 'brick': {
      const rows = s * 2.5;
      const row = Math.floor(ny * rows);
      const t = nx * s + (row % 2 ? 0.5 : 0);
      const col = Math.floor(t);
      const fx = t - col;
      const fy = ny * rows - row;
      if (fx < 0.05 || fy < 0.1) return scale(wall.colour, 0.9 + 0.1 * fbm(nx * 40, ny * 40, seed, 2));
      const brick = mix(wall.colour2, scale(wall.colour2, 0.7), lattice(col, row, seed));
      return scale(brick, 1 + 0.12 * fbm(nx * 25, ny * 25, seed + 5, 4));
    }
    case 'sky': {
      const base = mix(wall.colour, wall.colour2, clamp01(ny / bg.horizon) ** 1.5);
      const cloud = clamp01(fbm(nx * s, ny * s * 2.5, seed, 6) * 1.5 - 0.1);
      return mix(base, [0.97, 0.97, 0.98], cloud * 0.8);
    }
  }
}

function floorColour(bg: Background, nx: number, ny: number, aspect: number): Rgb {
  const { floor, seed } = bg;
  const depth = (ny - bg.horizon) / (1 - bg.horizon);
  const z = 1 / (depth + 0.15);
  const u = (nx - aspect / 2) * z * floor.scale * 2;
  const v = z * floor.scale * 2;
  const haze = clamp01(1 - depth * 3) * 0.15;
  let c: Rgb;
  switch (floor.pattern) {
    case 'planks': {
      const plank = Math.floor(u * 2);
      const along = v * 0.4 + lattice(plank, 1, seed);
      const segment = Math.floor(along);
      const fu = u * 2 - plank;
      const fv = along - segment;
      const gap = fu < 0.04 || fv < 0.01 ? 0.55 : 1;
      const tone = mix(floor.colour, floor.colour2, lattice(plank, segment, seed));
      c = scale(tone, gap * (1 + 0.15 * fbm(u * 12, v * 1.2, seed + plank * 31 + segment, 5)));
      break;
    }
    case 'tiles': {
      const tu = u * 1.2;
      const tv = v * 1.2;
      const iu = Math.floor(tu);
      const iv = Math.floor(tv);
      const grout = tu - iu < 0.04 || tv - iv < 0.04;
      const tone = (iu + iv) % 2 ? floor.colour : mix(floor.colour, floor.colour2, 0.7);
      c = grout ? scale(floor.colour2, 0.6) : scale(tone, 1 + 0.06 * fbm(u * 6, v * 6, seed, 4));
      break;
    }
    case 'carpet':
      c = scale(
        mix(floor.colour, floor.colour2, 0.5 + 0.5 * fbm(u * 0.8, v * 0.8, seed, 3)),
        1 + 0.1 * fbm(u * 25, v * 25, seed + 1, 3),
      );
      break;
    case 'concrete':
      c = scale(floor.colour, 1 + 0.12 * fbm(u * 1.5, v * 1.5, seed, 7));
      break;
    case 'grass': {
      const blades = fbm(u * 40, v * 10, seed, 3);
      c = scale(mix(floor.colour, floor.colour2, 0.5 + 0.5 * fbm(u, v, seed + 1, 3)), 1 + 0.25 * blades);
      break;
    }
    case 'gravel': {
      const iu = Math.floor(u * 14);
      const iv = Math.floor(v * 14);
      c = scale(
        mix(floor.colour, floor.colour2, lattice(iu, iv, seed)),
        0.85 + 0.3 * valueNoise(u * 40, v * 40, seed),
      );
      break;
    }
  }
  return mix(c, [0.8, 0.82, 0.85], haze);
}

interface Local {
  x: number;
  y: number;
}

/** Signed distance from a point to a shape, in local units (negative inside). */
function distance(shape: Shape, p: Local): number {
  switch (shape.type) {
    case 'box': {
      const cx = (shape.x0 + shape.x1) / 2;
      const cy = (shape.y0 + shape.y1) / 2;
      const r = Math.min(shape.r, (shape.x1 - shape.x0) / 2, (shape.y1 - shape.y0) / 2);
      const qx = Math.abs(p.x - cx) - (shape.x1 - shape.x0) / 2 + r;
      const qy = Math.abs(p.y - cy) - (shape.y1 - shape.y0) / 2 + r;
      return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
    }
    case 'ellipse': {
      const k = Math.hypot((p.x - shape.cx) / shape.rx, (p.y - shape.cy) / shape.ry);
      return (k - 1) * Math.min(shape.rx, shape.ry);
    }
    case 'trapezoid': {
      const t = clamp01((p.y - shape.y0) / (shape.y1 - shape.y0));
      const half = shape.w0 + (shape.w1 - shape.w0) * t;
      return Math.max(Math.abs(p.x - shape.cx) - half, shape.y0 - p.y, p.y - shape.y1);
    }
    case 'line': {
      const dx = shape.x1 - shape.x0;
      const dy = shape.y1 - shape.y0;
      const t = clamp01(((p.x - shape.x0) * dx + (p.y - shape.y0) * dy) / (dx * dx + dy * dy));
      return Math.hypot(p.x - shape.x0 - t * dx, p.y - shape.y0 - t * dy) - shape.t / 2;
    }
    case 'ring':
      return Math.abs(Math.hypot(p.x - shape.cx, p.y - shape.cy) - shape.r) - shape.t / 2;
  }
}

function bounds(shape: Shape): [x0: number, x1: number, y0: number, y1: number] {
  switch (shape.type) {
    case 'box':
      return [shape.x0, shape.x1, shape.y0, shape.y1];
    case 'ellipse':
      return [shape.cx - shape.rx, shape.cx + shape.rx, shape.cy - shape.ry, shape.cy + shape.ry];
    case 'trapezoid': {
      const w = Math.max(shape.w0, shape.w1);
      return [shape.cx - w, shape.cx + w, shape.y0, shape.y1];
    }
    case 'line':
      return [
        Math.min(shape.x0, shape.x1) - shape.t,
        Math.max(shape.x0, shape.x1) + shape.t,
        Math.min(shape.y0, shape.y1) - shape.t,
        Math.max(shape.y0, shape.y1) + shape.t,
      ];
    case 'ring':
      return [
        shape.cx - shape.r - shape.t,
        shape.cx + shape.r + shape.t,
        shape.cy - shape.r - shape.t,
        shape.cy + shape.r + shape.t,
      ];
  }
}

function partColour(
  part: Part,
  p: Local,
  box: ReturnType<typeof bounds>,
  light: Local,
  px: number,
  py: number,
): Rgb {
  const u = (p.x - box[0]) / Math.max(1e-6, box[1] - box[0]) - 0.5;
  const v = (p.y - box[2]) / Math.max(1e-6, box[3] - box[2]) - 0.5;
  let shade: number;
  switch (part.shade) {
    case 'flat':
      shade = 1 + 0.3 * (u * light.x + v * light.y);
      break;
    case 'cylinder':
      shade = 0.6 + 0.5 * Math.cos((u - 0.25 * light.x) * Math.PI * 0.9);
      break;
    case 'sphere': {
      const r2 = (u - 0.2 * light.x) ** 2 + (v - 0.2 * light.y) ** 2;
      shade = 1.15 - 1.1 * r2 + 0.35 * Math.exp(-r2 / 0.008);
      break;
    }
  }
  const seed = part.seed;
  let colour = part.colour;
  let texture = 1;
  switch (part.texture) {
    case 'fabric':
      texture = 1 + 0.09 * fbm(px / 3, py / 3, seed, 4) + 0.04 * Math.sin(px * 1.7) * Math.sin(py * 1.7);
      break;
    case 'wood':
      texture = 1 + 0.14 * fbm(p.x * 4, p.y * 40, seed, 5);
      break;
    case 'plain':
      texture = 1 + 0.04 * fbm(px / 25, py / 25, seed, 3);
      break;
    case 'metal':
      texture = 1 + 0.35 * Math.exp(-((u - 0.15) ** 2) / 0.01);
      break;
    case 'glass':
      texture = 1 + 0.5 * Math.exp(-((u + v * 0.3 + 0.2) ** 2) / 0.004);
      if (part.colour2) colour = mix(colour, part.colour2, clamp01(0.15 + 0.15 * fbm(u * 3, v * 3, seed, 3)));
      break;
    case 'mottled':
      colour = mix(colour, part.colour2 ?? colour, clamp01(0.5 + fbm(p.x * 5, p.y * 5, seed, 6)));
      texture = 1 + 0.05 * fbm(px / 2, py / 2, seed + 1, 2);
      break;
  }
  return scale(colour, shade * texture);
}

/** One item, decor or clutter onto `image` (RGB 0…1, before the camera's light, tint and grain), shadow first. */
function drawThing(
  image: Float32Array,
  width: number,
  height: number,
  thing: Placed,
  xScale: number,
  light: Local,
) {
  const unit = thing.size * height;
  const baseX = thing.x * xScale * height;
  const baseY = thing.y * height;
  const boxes = thing.parts.map((p) => bounds(p.shape));
  let [minX, maxX, minY, maxY] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const b of boxes) {
    minX = Math.min(minX, b[0]);
    maxX = Math.max(maxX, b[1]);
    minY = Math.min(minY, b[2]);
    maxY = Math.max(maxY, b[3]);
  }
  const flip = thing.mirror ? -1 : 1;
  const left = Math.floor(baseX + Math.min(minX * flip, maxX * flip) * unit) - 2;
  const right = Math.ceil(baseX + Math.max(minX * flip, maxX * flip) * unit) + 2;
  const top = Math.floor(baseY - maxY * unit) - 2;
  const bottom = Math.ceil(baseY - minY * unit) + 2;
  if (thing.shadow) {
    // A soft contact shadow on the floor, pushed away from the light.
    const rx = Math.max(Math.abs(minX), Math.abs(maxX)) * unit * 1.15;
    const ry = Math.max(4, rx * 0.18);
    const sx = baseX - light.x * rx * 0.3;
    for (let y = Math.max(0, Math.floor(baseY - ry)); y < Math.min(height, baseY + ry); y++) {
      for (let x = Math.max(0, Math.floor(sx - rx)); x < Math.min(width, sx + rx); x++) {
        const d = ((x - sx) / rx) ** 2 + ((y - baseY) / ry) ** 2;
        if (d >= 1) continue;
        const k = 1 - 0.55 * (1 - d) ** 1.5;
        const i = (y * width + x) * 3;
        image[i]! *= k;
        image[i + 1]! *= k;
        image[i + 2]! *= k;
      }
    }
  }
  for (let y = Math.max(0, top); y < Math.min(height, bottom); y++) {
    for (let x = Math.max(0, left); x < Math.min(width, right); x++) {
      const p = { x: ((x - baseX) / unit) * flip, y: (baseY - y) / unit };
      for (let k = 0; k < thing.parts.length; k++) {
        const b = boxes[k]!;
        const margin = 2 / unit;
        if (p.x < b[0] - margin || p.x > b[1] + margin || p.y < b[2] - margin || p.y > b[3] + margin)
          continue;
        const part = thing.parts[k]!;
        const alpha = clamp01(0.5 - distance(part.shape, p) * unit);
        if (alpha <= 0) continue;
        const c = partColour(part, p, b, { x: light.x * flip, y: light.y }, x, y);
        const i = (y * width + x) * 3;
        image[i] = image[i]! + (c[0] - image[i]!) * alpha;
        image[i + 1] = image[i + 1]! + (c[1] - image[i + 1]!) * alpha;
        image[i + 2] = image[i + 2]! + (c[2] - image[i + 2]!) * alpha;
      }
    }
  }
}

/**
 * A camera's tone curve: linear through the mid-tones, then a soft shoulder, so highlights roll off the way a
 * phone's processing does rather than clipping. (A photo that is mostly near white is not what a seller posts, and
 * would make "10% brighter" mean "clipped".)
 */
const shoulder = (v: number) => (v < 0.8 ? v : 0.8 + 0.2 * (1 - Math.exp((0.8 - v) / 0.2)));

/** The photo as 8-bit RGB, `width` × `height`. */
export function renderScene(scene: Scene, width: number, height: number): Buffer {
  const bg = scene.background;
  const aspect = width / height;
  const image = new Float32Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const ny = y / height;
    for (let x = 0; x < width; x++) {
      const nx = x / height;
      let c: Rgb;
      if (ny < bg.horizon) {
        c = wallColour(bg, nx, ny);
        if (bg.skirting && ny > bg.horizon - 0.025)
          c = scale(bg.skirting, 0.9 + 0.15 * ((bg.horizon - ny) / 0.025));
      } else {
        c = floorColour(bg, nx, ny, aspect);
      }
      const i = (y * width + x) * 3;
      image[i] = c[0];
      image[i + 1] = c[1];
      image[i + 2] = c[2];
    }
  }
  // Things were laid out for 4:3; other widths spread them in proportion, and the light with them.
  const xScale = aspect / (4 / 3);
  const lightX = bg.light.x * xScale;
  const toLight = { x: clamp01((lightX - aspect / 2) / aspect + 0.5) * 2 - 1, y: bg.light.y < 0.3 ? 1 : 0.3 };
  const things = [...bg.things, { ...scene.item, x: scene.item.x / xScale }].sort(
    (a, b) => (a.shadow ? a.y : 0) - (b.shadow ? b.y : 0),
  );
  for (const thing of things) drawThing(image, width, height, thing, xScale, toLight);

  const next = random(scene.seed);
  const out = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    const ny = y / height;
    for (let x = 0; x < width; x++) {
      const nx = x / height;
      const d2 = (nx - lightX) ** 2 + (ny - bg.light.y) ** 2;
      const lit = bg.light.ambient + bg.light.strength * Math.exp(-d2 / (bg.light.radius * bg.light.radius));
      const r2 = ((nx - aspect / 2) / aspect) ** 2 + (ny - 0.5) ** 2;
      const gain = lit * (1 - scene.vignette * r2 * 1.6) * scene.exposure;
      const i = (y * width + x) * 3;
      for (let ch = 0; ch < 3; ch++) {
        const value = 0.45 + (image[i + ch]! * gain * scene.tint[ch]! - 0.45) * scene.contrast;
        const noise = (next() + next() - 1) * scene.grain * 1.7;
        out[i + ch] = Math.round(clamp01(shoulder(value + noise)) * 255);
      }
    }
  }
  return out;
}

export function renderPhoto(spec: PhotoSpec): Buffer {
  return renderScene(spec.scene, spec.width, spec.height);
}
