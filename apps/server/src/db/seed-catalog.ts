/**
 * What the demo listings are made of: items per category (title, description, price range), the cities they
 * are spread over and the local sellers who list them. Data only; db/seed-listings.ts turns it into rows.
 */

import type { Locale } from '@rummage/contract';
import * as de from './seed-catalog.de.js';
import * as es from './seed-catalog.es.js';

export interface CatalogItem {
  title: string;
  description: string;
  /** Dollars; the seed picks a round price in this range. */
  price: [number, number];
}

/** One item a line, `title | min-max dollars | description`, under `# Category` headings. */
const ITEMS = `
# Furniture
Mid-century walnut side table | 60-140 | Solid walnut with tapered legs. A couple of light rings on top, otherwise sturdy and beautiful.
IKEA Kallax 4x4 shelf, white | 40-80 | Sixteen cubbies, already assembled. Needs two people and a van or SUV.
Velvet emerald armchair | 90-220 | Deep green velvet, very comfortable. No tears or stains; cushions still firm.
Farmhouse dining table with 4 chairs | 150-380 | Seats six with the bench pulled in. Some character marks on the tabletop.
Rattan bar stools (pair) | 50-110 | Counter height, 26 inch seats. Bought last year, moving and cannot take them.
Oak dresser with 6 drawers | 120-260 | Heavy solid oak, drawers glide smoothly. Original brass pulls.
Tufted leather sofa, cognac | 300-650 | Three-seater with worn-in patina. Pet-free home.
Bentwood rocking chair | 45-95 | Classic design, caned seat in good shape. Rocks smoothly without squeaks.
# Clothes
Vintage Levi's 501 jeans W32 | 35-75 | Made in USA, medium wash, button fly. Length 30 after hemming.
Patagonia Better Sweater fleece, M | 40-70 | Heather grey quarter zip, barely worn. No pilling.
Wool peacoat, navy, size 40 | 45-90 | Warm and structured, all buttons present. Dry cleaned this fall.
Floral wrap dress, size S | 15-35 | Lightweight rayon, perfect for summer. Worn twice.
Carhartt canvas work jacket, L | 50-95 | Brown duck canvas with blanket lining. Broken in but no holes.
Cashmere crewneck sweater, oatmeal | 35-80 | 100% cashmere, size M. Hand washed only, very soft.
90s windbreaker, color block | 25-55 | Teal, purple and black. Unisex large, zipper works perfectly.
Kids winter snowsuit, 4T | 15-30 | Waterproof, used one season. Hood and mittens included.
# Shoes
Nike Air Max 90, size 10 | 60-120 | Infrared colorway, worn a handful of times. Comes with the box.
Dr. Martens 1460 boots, size 8 | 55-100 | Cherry red smooth leather, already broken in (the hard part is done).
Red Wing Iron Ranger boots, 9.5D | 140-220 | Amber harness leather, resoled once. Lots of life left.
Birkenstock Arizona sandals, 39 | 35-65 | Taupe suede, footbed molded but clean.
Converse Chuck 70 high tops, 9 | 30-55 | Parchment canvas, lightly worn.
Salomon trail runners, size 11 | 40-80 | Speedcross, good tread remaining. Great for muddy trails.
Leather loafers, cordovan, 10.5 | 45-90 | Penny loafers with new heel taps. Polished and ready to wear.
# Hats
Stetson felt cowboy hat, 7 1/4 | 80-160 | Silverbelly 4X beaver felt with the original box.
Vintage Cubs snapback | 20-45 | Late 80s, wool blend. Snap closure intact.
Wool fedora, charcoal | 25-50 | Grosgrain band, size medium. Crushable for travel.
Hand-knit beanie, mustard | 12-25 | Merino wool with a chunky rib. Made by a local maker.
Panama straw hat | 30-60 | Genuine toquilla straw, size large. Perfect for summer markets.
Corduroy bucket hat | 10-22 | Forest green, unisex. Like new.
# Vintage
Polaroid SX-70 Land Camera | 120-240 | Tested with fresh film, shutter fires and rollers are clean. Leather in good shape.
Pyrex Butterprint mixing bowls | 45-90 | Set of three turquoise-on-white bowls. No chips; light utensil marks.
Technics turntable SL-1200 | 350-600 | Works perfectly, new cartridge and slipmat. Dust cover has light scratches.
Rotary dial telephone, avocado green | 30-65 | Western Electric, works with a modern line adapter.
Box of 70s vinyl records | 60-140 | About 40 LPs: Fleetwood Mac, Carole King, Stevie Wonder and more. Sleeves worn, vinyl plays well.
Schwinn Collegiate bicycle, 1978 | 150-280 | Chrome fenders, five speed. New tires and tubes, rides great.
Brass desk lamp with green shade | 35-70 | Banker's lamp, rewired with a new pull chain.
# Antiques
Victorian mantel clock | 90-200 | Black slate case, keeps good time once wound. Key included.
Cast iron skillet, Griswold No. 8 | 60-120 | Small logo, sits flat. Stripped and re-seasoned.
Hand-painted porcelain tea set | 75-160 | Teapot, sugar, creamer and six cups with saucers. Gold rims intact.
Oak library card catalog, 15 drawers | 400-850 | Rare find, original hardware. Great for crafts or records.
Copper kettle, dovetailed seams | 40-85 | Nice patina, no dents. Display piece or usable with care.
Set of Depression glass plates | 35-70 | Pink, eight dinner plates. A couple with tiny rim flea bites.
Steamer trunk with leather handles | 120-260 | Early 1900s, lined interior with tray. Makes a great coffee table.
# Artwork
Abstract oil painting, 24x36 | 80-220 | Blues and ochre by a local artist. Signed on the back, ready to hang.
Framed vintage travel poster | 25-55 | National Parks reproduction in a black frame, 18x24.
Watercolor of the lakeshore | 60-140 | Original, matted and framed under glass. 16x20.
Ceramic studio vase, speckled glaze | 30-70 | Hand thrown, 11 inches tall. Holds water.
Set of 3 botanical prints | 30-60 | Ferns and wildflowers, gold frames 11x14.
Screen print concert poster | 35-90 | Limited edition, numbered 45/100. Unframed, stored flat.
# Tools
DeWalt 20V drill with 2 batteries | 70-130 | Drill/driver, charger and bag included. Both batteries hold a charge.
Craftsman mechanic tool set, 230 pc | 80-150 | SAE and metric sockets. Only a couple missing.
Stanley No. 5 hand plane | 35-70 | Sharpened and tuned, smooth sole. Ready for work.
Werner 6 ft fiberglass ladder | 40-75 | Some paint on the steps, completely sound.
Honda self-propelled lawn mower | 150-280 | Starts on the first pull, new blade and oil this spring.
Makita circular saw | 45-85 | 7-1/4 inch, corded. Includes a fresh blade.
Pegboard with assorted hand tools | 30-70 | Hammers, screwdrivers, pliers and clamps. Moving sale, take it all.
# Appliances
KitchenAid stand mixer, red | 150-260 | Artisan 5-quart, with dough hook, whisk and paddle. Works like new.
Nespresso Vertuo coffee machine | 50-100 | Descaled and clean, includes a milk frother.
Dyson V8 cordless vacuum | 90-170 | Battery holds about 25 minutes. All attachments included.
Instant Pot Duo, 6 quart | 35-60 | Used a few times, extra sealing ring.
Window air conditioner, 8000 BTU | 90-160 | Cools a bedroom quickly, remote included.
Retro 2-slice toaster, chrome | 15-35 | Wide slots, even browning.
Mini fridge, 3.1 cu ft | 60-110 | Quiet, with a small freezer compartment. Perfect for a dorm.
# Jewelry
Sterling silver turquoise ring, size 7 | 40-110 | Navajo style, stamped 925. Polished.
Vintage Seiko automatic watch | 120-260 | Serviced last year, keeps good time. New leather strap.
Freshwater pearl necklace | 35-80 | 18 inch strand with a sterling clasp.
Gold-tone statement earrings | 10-25 | Costume jewelry, lightweight and comfortable.
Beaded friendship bracelets (set of 5) | 8-20 | Handmade, stretch cord. Mix of colors.
Art deco brooch with rhinestones | 25-60 | All stones present, sturdy pin.
`;

function parseCatalog(text: string): Record<string, CatalogItem[]> {
  const catalog: Record<string, CatalogItem[]> = {};
  let current: CatalogItem[] | undefined;
  for (const line of text.split('\n').map((raw) => raw.trim())) {
    if (!line) continue;
    if (line.startsWith('# ')) {
      current = catalog[line.slice(2)] = [];
      continue;
    }
    const [title, range, description] = line.split(' | ');
    const [min, max] = (range ?? '').split('-').map(Number);
    if (!current || !title || !description || !Number.isFinite(min) || !Number.isFinite(max)) {
      throw new Error(`seed catalog: cannot read "${line}"`);
    }
    current.push({ title, description, price: [min!, max!] });
  }
  return catalog;
}

export const CATALOG: Readonly<Record<string, readonly CatalogItem[]>> = parseCatalog(ITEMS);

/**
 * What tells one listing of an item from another listing of the same item: the demo has a few hundred listings
 * made from a few dozen items, and a feed showing the same title five times reads like a broken page.
 */
export const TITLE_DETAILS = [
  '- like new',
  '- barely used',
  '- great condition',
  '- moving sale',
  '- must go this week',
  '- works perfectly',
  '- gently used',
  '- priced to sell',
  '- smoke-free home',
  '- a few scuffs',
  '- pickup today',
  '- original owner',
  '- well cared for',
  '- hardly worn',
  '- downsizing',
  '- one of two',
];

/** A few words any seller might add, so descriptions do not read identical. */
export const DESCRIPTION_ENDINGS = [
  'Smoke-free home.',
  'Pickup only, cash or Venmo.',
  'Can meet at a public place nearby.',
  'Price is firm.',
  'Open to reasonable offers.',
  'Message me with any questions!',
  'Available evenings and weekends.',
  '',
];

export interface DemoCity {
  label: string;
  latitude: number;
  longitude: number;
  /** Share of the listings in this city. */
  weight: number;
  /** Sellers living there: demo users from seed.ts, or local sellers defined below. */
  sellers: readonly string[];
}

export const DEMO_CITIES: readonly DemoCity[] = [
  {
    label: 'Chicago, IL',
    latitude: 41.8781,
    longitude: -87.6298,
    weight: 60,
    sellers: ['demo', 'windycitythrift', 'logansquarefinds'],
  },
  {
    label: 'Austin, TX',
    latitude: 30.2672,
    longitude: -97.7431,
    weight: 45,
    sellers: ['alice', 'atxvintage'],
  },
  {
    label: 'Portland, OR',
    latitude: 45.5152,
    longitude: -122.6784,
    weight: 40,
    sellers: ['bob', 'rosecityfinds'],
  },
  { label: 'Denver, CO', latitude: 39.7392, longitude: -104.9903, weight: 35, sellers: ['milehighmarket'] },
  {
    label: 'Seattle, WA',
    latitude: 47.6062,
    longitude: -122.3321,
    weight: 35,
    sellers: ['emeraldcitydeals'],
  },
  { label: 'Atlanta, GA', latitude: 33.749, longitude: -84.388, weight: 30, sellers: ['peachtreepicker'] },
  { label: 'Boston, MA', latitude: 42.3601, longitude: -71.0589, weight: 30, sellers: ['beantownbargains'] },
  {
    label: 'Minneapolis, MN',
    latitude: 44.9778,
    longitude: -93.265,
    weight: 25,
    sellers: ['northloopthrift'],
  },
];

/** The demo accounts people sign in to (db/seed.ts); they keep their names in every country. */
export const SIGN_IN_ACCOUNTS: ReadonlySet<string> = new Set(['demo', 'alice', 'bob']);

/** Local sellers: demo accounts with a random password nobody knows (they cannot sign in). */
export function demoSellers(cities: readonly DemoCity[]): ReadonlyArray<{ username: string; city: string }> {
  return cities.flatMap((city) =>
    city.sellers
      .filter((name) => !SIGN_IN_ACCOUNTS.has(name))
      .map((username) => ({ username, city: city.label })),
  );
}

/** The US demo's local sellers. */
export const DEMO_SELLERS = demoSellers(DEMO_CITIES);

export interface DemoCatalog {
  catalog: Readonly<Record<string, readonly CatalogItem[]>>;
  titleDetails: readonly string[];
  descriptionEndings: readonly string[];
}

const CATALOGS: Readonly<Record<Locale, () => DemoCatalog>> = {
  en: () => ({ catalog: CATALOG, titleDetails: TITLE_DETAILS, descriptionEndings: DESCRIPTION_ENDINGS }),
  de: () => ({
    catalog: parseCatalog(de.ITEMS),
    titleDetails: de.TITLE_DETAILS,
    descriptionEndings: de.DESCRIPTION_ENDINGS,
  }),
  es: () => ({
    catalog: parseCatalog(es.ITEMS),
    titleDetails: es.TITLE_DETAILS,
    descriptionEndings: es.DESCRIPTION_ENDINGS,
  }),
};

/**
 * The demo's items in the installation's language: the same items at the same places in each (category headings
 * and order are shared, so an item's photo is the same), written as people there write their ads.
 */
export function demoCatalog(language: Locale): DemoCatalog {
  return CATALOGS[language]();
}
