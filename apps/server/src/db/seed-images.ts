import { LARGE_WEBP_QUALITY, THUMB_WEBP_QUALITY } from '../services/images/index.js';
import { loadSharp } from '../services/images/sharp.js';

/**
 * Demo listing photos drawn from SVG: a soft two-colour gradient, a simple line icon for the category and the
 * item's title. Rendered once per distinct item and encoded like uploads are (WebP, no metadata).
 */

const WIDTH = 960;
const HEIGHT = 720;
const THUMB_WIDTH = 480;

/** Background gradients per category: light enough for dark text, different enough to tell apart. */
const PALETTES: Record<string, [string, string]> = {
  Furniture: ['#f6d365', '#fda085'],
  Clothes: ['#a1c4fd', '#c2e9fb'],
  Shoes: ['#fbc2eb', '#a6c1ee'],
  Hats: ['#fddb92', '#d1fdff'],
  Vintage: ['#f3e7e9', '#e3eeff'],
  Antiques: ['#e6dada', '#c9b79c'],
  Artwork: ['#d4fc79', '#96e6a1'],
  Tools: ['#cfd9df', '#e2ebf0'],
  Appliances: ['#e0c3fc', '#8ec5fc'],
  Jewelry: ['#fdfbfb', '#ebedee'],
};

const INK = '#3b2f2f';

/** Icons on a 200×200 canvas, drawn with strokes and light fills. */
const ICONS: Record<string, string> = {
  Furniture: `<rect x="30" y="70" width="140" height="18" rx="6"/><path d="M45 88 L38 170 M155 88 L162 170 M60 88 L62 140 M140 88 L138 140"/>`,
  Clothes: `<path d="M70 30 L40 45 L20 85 L45 98 L55 75 L55 175 L145 175 L145 75 L155 98 L180 85 L160 45 L130 30 Q100 55 70 30 Z"/>`,
  Shoes: `<path d="M20 140 L20 95 Q45 95 70 80 L95 110 Q140 120 175 130 Q185 135 180 150 L20 150 Z"/><path d="M70 95 L78 90 M82 103 L90 98"/>`,
  Hats: `<ellipse cx="100" cy="140" rx="85" ry="18"/><path d="M55 138 Q55 60 100 58 Q145 60 145 138"/><path d="M57 118 L143 118"/>`,
  Vintage: `<rect x="30" y="65" width="140" height="95" rx="12"/><circle cx="100" cy="112" r="30"/><circle cx="100" cy="112" r="14"/><rect x="55" y="50" width="35" height="15" rx="4"/>`,
  Antiques: `<path d="M80 30 L120 30 L115 55 Q160 80 145 140 Q135 175 100 175 Q65 175 55 140 Q40 80 85 55 Z"/><path d="M70 100 Q100 115 130 100"/>`,
  Artwork: `<rect x="25" y="35" width="150" height="130" rx="4"/><rect x="40" y="50" width="120" height="100"/><path d="M40 150 L85 95 L115 130 L130 115 L160 150"/><circle cx="130" cy="78" r="12"/>`,
  Tools: `<path d="M60 40 L140 40 L140 70 L110 70 L110 175 L90 175 L90 70 L60 70 Z"/>`,
  Appliances: `<rect x="35" y="70" width="130" height="90" rx="22"/><path d="M65 70 L65 58 M100 70 L100 58 M135 70 L135 58"/><path d="M60 58 L140 58"/><circle cx="145" cy="120" r="6"/>`,
  Jewelry: `<circle cx="100" cy="118" r="52"/><path d="M80 52 L100 30 L120 52 L100 72 Z"/>`,
};

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/** Up to two lines of about 24 characters, breaking between words. */
function wrap(title: string, width = 24): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of title.split(/\s+/)) {
    if (line && (line + ' ' + word).length > width && lines.length === 0) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  lines.push(line);
  return lines;
}

/** The SVG for one demo photo; `variant` turns the gradient so two photos of a listing differ. */
export function demoPhotoSvg(category: string, title: string, variant = 0): string {
  const [from, to] = PALETTES[category] ?? ['#eeeeee', '#cccccc'];
  const icon = ICONS[category] ?? '<circle cx="100" cy="100" r="60"/>';
  const lines = wrap(title);
  const longest = Math.max(...lines.map((line) => line.length));
  const fontSize = Math.min(60, Math.floor((WIDTH * 0.88) / (longest * 0.58)));
  const firstBaseline = lines.length === 1 ? 600 : 565;
  const text = lines
    .map(
      (line, index) =>
        `<text x="${WIDTH / 2}" y="${firstBaseline + index * (fontSize + 10)}">${escapeXml(line)}</text>`,
    )
    .join('');
  const angle = variant % 2 === 0 ? 'x1="0" y1="0" x2="1" y2="1"' : 'x1="1" y1="0" x2="0" y2="1"';
  const scale = variant % 2 === 0 ? 1.6 : 1.3;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
<defs><linearGradient id="bg" ${angle}><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
<circle cx="${WIDTH / 2}" cy="270" r="190" fill="#ffffff" fill-opacity="0.45"/>
<g transform="translate(${WIDTH / 2 - 100 * scale} ${270 - 100 * scale}) scale(${scale})" fill="#ffffff" fill-opacity="0.55" stroke="${INK}" stroke-width="${6 / scale}" stroke-linejoin="round" stroke-linecap="round">${icon}</g>
<g font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="${fontSize}" font-weight="700" text-anchor="middle" fill="${INK}">${text}</g>
</svg>`;
}

export interface DemoPhoto {
  large: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
}

/** Renders the SVG once to pixels, then encodes both renditions from them (as the upload pipeline does). */
export async function renderDemoPhoto(category: string, title: string, variant = 0): Promise<DemoPhoto> {
  // Loaded here, not at start-up: a server that adds no demo data never needs it before the first upload.
  const sharp = await loadSharp();
  const { data, info } = await sharp(Buffer.from(demoPhotoSvg(category, title, variant)))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const [large, thumb] = await Promise.all([
    // effort 2: flat gradients compress as well as at the default effort 4, in a third of the time (first start).
    sharp(data, raw).webp({ quality: LARGE_WEBP_QUALITY, effort: 2 }).toBuffer(),
    sharp(data, raw).resize(THUMB_WIDTH).webp({ quality: THUMB_WEBP_QUALITY, effort: 2 }).toBuffer(),
  ]);
  return { large, thumb, width: info.width, height: info.height };
}
