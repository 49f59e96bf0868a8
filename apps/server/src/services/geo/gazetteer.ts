import { cityLabel, countryName, LOCALES, type CitySuggestion, type Locale } from '@rummage/contract';
import { around, distance } from 'geokdbush';
import KDBush from 'kdbush';
import type { CityRow, WorldRow, ZipRow } from './data.js';
import { MATCH, NameIndex, type MatchQuality, type NameEntry } from './name-index.js';
import { matchKey, nameKeys, normalizeText } from './normalize.js';
import { buildPlaceData, KIND, type PlaceData, type ZipSide } from './place-data.js';
import { isStateCode, statesMatching } from './states.js';
import { timeZoneFor } from './timezone.js';

/** What reverse geocoding answers: the city, its state in the US, its country and its label. */
export interface PlaceName {
  city: string | null;
  /** The state's two letters in the US; null elsewhere. */
  state: string | null;
  country: string | null;
  label: string | null;
}

export interface Gazetteer {
  /**
   * Places for what someone is typing: a name (accents and case ignored, one typo forgiven from 5 letters),
   * "City, ST", "City, Country" or a US ZIP (3–5 digits); labels in `locale` (the gazetteer's own by default).
   */
  suggest(query: string, limit: number, locale?: Locale): CitySuggestion[];
  /** The city a point is in or next to (the city, not a district of it); nulls when no place is near (sea). */
  reverse(latitude: number, longitude: number, locale?: Locale): PlaceName;
  /** The centre of the city a point lies in (what others see of a home), undefined when no place is near. */
  cityCentreAt?(latitude: number, longitude: number): { latitude: number; longitude: number } | undefined;
  /** Coordinates of "City, ST", "City, Country" (exact name, either spelling of St/Fort/Mount) or of a ZIP / ZIP+4. */
  forward(text: string): { latitude: number; longitude: number; label: string } | undefined;
  /** IANA zone of a US point; approximate along the zone lines inside split states (timezone.ts). */
  timeZoneOf?(latitude: number, longitude: number): string | undefined;
}

export interface GazetteerOptions {
  /** ISO 3166-1 alpha-2 of the installation (DEFAULT_COUNTRY): among equally good matches, its places come first. */
  homeCountry?: string;
  /** The language of labels when a call names none (DEFAULT_LOCALE): what is stored with listings and sales. */
  locale?: Locale;
}

/** Nearest ZIP centroid farther than this means open water or wilderness: try the places instead. */
const ZIP_MAX_KM = 40;
/** A city's centre farther than this is not the city a point is in, however large. */
const CITY_REACH_MAX_KM = 40;
/** Beyond this from any place the point is not somewhere a listing can be (the open sea). */
const CITY_MAX_KM = 100;
const NO_PLACE: PlaceName = { city: null, state: null, country: null, label: null };
/** Trailing country parts people (and the old client) append: "Chicago, IL, USA". */
const COUNTRY_WORDS = new Set(['usa', 'us', 'united states', 'united states of america']);
/** USPS names whose everyday place is listed under another name (state|matchKey → state|matchKey). */
const ALIASES = new Map([['NY|newyork', 'NY|newyorkcity']]);

/** More than the number of places: ranks are packed as rank × ID_SPAN + id. */
const ID_SPAN = 2 ** 20;

/** How far from its centre a place of this many people reaches, roughly: 1.5 km for a town, 19 km for Berlin. */
const reachKm = (population: number) => 1 + Math.sqrt(population) / 100;

/** Splits free text into normalised comma parts, without empty and country parts. */
function parts(text: string): string[] {
  return text
    .split(',')
    .map(normalizeText)
    .filter((p) => p !== '' && !COUNTRY_WORDS.has(p));
}

/** A gazetteer that can also build its lazy parts up front. */
export type WarmableGazetteer = Gazetteer & {
  warm(): void;
  /** The same places with another home country or language, sharing everything built. */
  withOptions(options: GazetteerOptions): WarmableGazetteer;
};

/**
 * usRows: us-cities.json rows; worldRows: the places elsewhere (world-places.tsv); loadZips runs on the first ZIP
 * query, reverse or timeZoneOf (or warm()).
 */
export function createGazetteer(
  usRows: readonly CityRow[],
  loadZips: () => readonly ZipRow[],
  worldRows: readonly WorldRow[] = [],
  options: GazetteerOptions = {},
): WarmableGazetteer {
  return new WorldGazetteer(buildPlaceData(usRows, worldRows, loadZips), options);
}

/** One place as a list needs it: an id of the gazetteer, or a USPS-only town at a ZIP's centroid. */
type Found = { id: number; lat?: number; lng?: number } | { zip: ZipRow };

/** Suggestions in order, one per label, up to limit. */
class Collector {
  private readonly byLabel = new Map<string, CitySuggestion>();
  constructor(
    private readonly limit: number,
    private readonly present: (found: Found) => CitySuggestion,
  ) {}
  get full(): boolean {
    return this.byLabel.size >= this.limit;
  }
  /** Returns true once the list is full, so callers can stop. */
  add(found: Found): boolean {
    if (this.full) return true;
    const s = this.present(found);
    if (!this.byLabel.has(s.label)) this.byLabel.set(s.label, s);
    return this.full;
  }
  get list(): CitySuggestion[] {
    return [...this.byLabel.values()];
  }
}

class WorldGazetteer implements WarmableGazetteer {
  private readonly homeIndex: number;
  private readonly locale: Locale;

  constructor(
    private readonly d: PlaceData,
    options: GazetteerOptions,
  ) {
    this.locale = options.locale ?? 'en';
    this.homeIndex = d.countryCodes.indexOf((options.homeCountry ?? 'US').toUpperCase());
  }

  /** The same places with another home country or language: nothing is built again. */
  withOptions(options: GazetteerOptions): WorldGazetteer {
    return new WorldGazetteer(this.d, options);
  }

  warm(): void {
    this.names();
    this.places();
    this.zipData();
  }

  suggest(query: string, limit: number, locale: Locale = this.locale): CitySuggestion[] {
    const max = Math.floor(limit);
    const ps = parts(query);
    if (!(max > 0) || ps.length === 0) return [];
    const out = new Collector(max, (found) => this.present(found, locale));

    const digits = ps.join('').replace(/ /g, '');
    if (ps.length === 1 && /^\d{3,5}$/.test(digits)) {
      this.suggestZip(digits, out);
      return out.list;
    }

    const full = ps[0] as string;
    if (ps.length >= 2) {
      // "springfield, il", "berlin, germany": the part after the comma filters by state or country (a code, a
      // name, or its start); a part that is neither filters nothing.
      this.search(full, this.whereFilter(ps[1] as string), { typos: true }, out);
      return out.list;
    }

    // "portland or": a trailing state code counts only if the rest is a whole name in that state, so
    // "el pa" and "san ma" still find El Paso and San Mateo rather than places in PA and MA. When it
    // does count, the whole text is still searched exactly ("port la": Port Allen, LA, then Port Lavaca,
    // TX) but not with typos, which would only add noise ("portland or" → "Oreland, PA").
    const words = full.split(' ');
    const last = words.at(-1) as string;
    let stateRead = false;
    if (words.length >= 2 && last.length === 2 && isStateCode(last)) {
      const name = words.slice(0, -1).join(' ');
      stateRead =
        this.search(name, this.stateFilter([last.toUpperCase()]), { typos: true, wholeWord: true }, out) > 0;
    }
    this.search(full, undefined, { typos: !stateRead }, out);
    return out.list;
  }

  reverse(latitude: number, longitude: number, locale: Locale = this.locale): PlaceName {
    const found = this.placeAt(latitude, longitude);
    if (!found) return NO_PLACE;
    const id = found.id;
    const country = this.d.countryCodes[this.d.countryOf[id] as number] as string;
    const state = country === 'US' ? this.region(id) : null;
    const city = this.d.names[id] as string;
    return {
      city,
      state,
      country,
      label: cityLabel({ name: this.nameIn(id, locale), state, country }, locale),
    };
  }

  cityCentreAt(latitude: number, longitude: number): { latitude: number; longitude: number } | undefined {
    const found = this.placeAt(latitude, longitude);
    return found && { latitude: this.d.lat[found.id] as number, longitude: this.d.lng[found.id] as number };
  }

  forward(text: string): { latitude: number; longitude: number; label: string } | undefined {
    const ps = parts(text);
    if (ps.length === 0) return undefined;
    const compact = ps.join('').replace(/ /g, '');
    let found: Found | undefined;
    if (ps.length === 1 && /^\d{5}(\d{4})?$/.test(compact)) {
      const z = this.zipData().zipByCode.get(compact.slice(0, 5));
      if (z) found = this.zipFound(z);
    } else if (ps.length >= 2) {
      const [state, ...others] = statesMatching(ps[1] as string);
      if (state && others.length === 0) found = this.resolve(ps[0] as string, state);
      const countries = new Set(this.countriesNamed(ps[1] as string, false));
      const id = this.largestNamed(ps[0] as string, (place) => countries.has(this.country(place)));
      if (!found && countries.size > 0 && id !== undefined) found = { id };
    } else {
      // "Portland OR", else a bare name: the largest place of that name ("New York" → New York City).
      const words = (ps[0] as string).split(' ');
      const last = words.at(-1) as string;
      if (words.length >= 2 && last.length === 2 && isStateCode(last))
        found = this.resolve(words.slice(0, -1).join(' '), last);
      const k = matchKey(ps[0] as string);
      for (const [from, to] of ALIASES) {
        const id = this.d.byKey.get(to);
        if (!found && from.endsWith(`|${k}`) && id !== undefined) found = { id };
      }
      const id = this.largestNamed(ps[0] as string);
      if (!found && id !== undefined) found = { id };
    }
    if (!found) return undefined;
    const s = this.present(found, this.locale);
    return { latitude: s.latitude, longitude: s.longitude, label: s.label };
  }

  timeZoneOf(latitude: number, longitude: number): string | undefined {
    const { state } = this.reverse(latitude, longitude);
    return state === null ? undefined : timeZoneFor(state, latitude, longitude);
  }

  /** The largest place called exactly `name` (either spelling of St/Fort/Mount), among those `where` allows. */
  private largestNamed(name: string, where?: (id: number) => boolean): number | undefined {
    let best: number | undefined;
    this.names().match(
      normalizeText(name),
      (id, quality) => {
        if (quality === MATCH.exact && (best === undefined || id < best) && (!where || where(id))) best = id;
      },
      { typos: false },
    );
    return best;
  }

  /**
   * A place's name for a reader of `locale`: its name in its country's own language for readers of that language
   * ("München" for a German reader, "Wien"), else the reader's exonym ("Múnich" for a Spanish one), else GeoNames'
   * name ("Munich" in English).
   */
  private nameIn(id: number, locale: Locale): string {
    return this.d.namesIn.get(id)?.[locale] ?? (this.d.names[id] as string);
  }

  private region(id: number): string {
    return this.d.regionNames[this.d.regionOf[id] as number] as string;
  }

  private country(id: number): string {
    return this.d.countryCodes[this.d.countryOf[id] as number] as string;
  }

  private present(found: Found, locale: Locale): CitySuggestion {
    if ('zip' in found) {
      const z = found.zip;
      const name = { name: z.city, state: z.state, country: 'US' };
      return {
        name: z.city,
        state: z.state,
        region: z.state,
        country: 'US',
        countryName: countryName('US', locale),
        label: cityLabel(name, locale),
        latitude: z.lat,
        longitude: z.lng,
        population: 0,
      };
    }
    const { id } = found;
    const country = this.country(id);
    const region = this.region(id);
    const name = this.d.names[id] as string;
    const state = country === 'US' ? region : undefined;
    return {
      name,
      ...(state === undefined ? {} : { state }),
      region,
      country,
      countryName: countryName(country, locale),
      label: cityLabel({ name: this.nameIn(id, locale), state, country }, locale),
      latitude: found.lat ?? (this.d.lat[id] as number),
      longitude: found.lng ?? (this.d.lng[id] as number),
      population: this.d.pop[id] as number,
    };
  }

  /**
   * Every place whose name matches q, ranked: by how well it matches (name.ts, MATCH), then the installation's
   * country first, then by population; returns how many matched (before the limit).
   */
  private search(
    q: string,
    filter: ((id: number) => boolean) | undefined,
    options: { typos: boolean; wholeWord?: boolean },
    out: Collector,
  ): number {
    if (out.full || q === '') return 0;
    const best = new Map<number, MatchQuality>();
    this.names().match(
      q,
      (id, quality) => {
        const had = best.get(id);
        if (had !== undefined && had <= quality) return;
        if (filter && !filter(id)) return;
        best.set(id, quality);
      },
      options,
    );
    // One number per place, sorted as numbers: quality, then home country first, then id (population).
    const ranked = new Float64Array(best.size);
    let i = 0;
    for (const [id, quality] of best)
      ranked[i++] = (quality * 2 + (this.d.countryOf[id] === this.homeIndex ? 0 : 1)) * ID_SPAN + id;
    ranked.sort();
    for (const r of ranked) if (out.add({ id: r % ID_SPAN })) break;
    return ranked.length;
  }

  private stateFilter(states: readonly string[]): ((id: number) => boolean) | undefined {
    if (states.length === 0) return undefined;
    const wanted = new Set(states);
    return (id) => this.d.countryOf[id] === this.d.usIndex && wanted.has(this.region(id));
  }

  /** The filter "City, where" means: US states and countries whose code, name or start of a name is `where`. */
  private whereFilter(where: string): ((id: number) => boolean) | undefined {
    const states = new Set(statesMatching(where));
    const countries = new Set(this.countriesNamed(where, true));
    if (states.size === 0 && countries.size === 0) return undefined;
    return (id) => {
      const country = this.country(id);
      return countries.has(country) || (country === 'US' && states.has(this.region(id)));
    };
  }

  /** Country codes whose code or name in any of the catalogue's languages is `text` (or starts with it). */
  private countriesNamed(text: string, orStart: boolean): string[] {
    if (!this.d.lazy.countriesByName) {
      this.d.lazy.countriesByName = new Map();
      for (const code of this.d.countryCodes) {
        for (const key of [code.toLowerCase(), ...LOCALES.map((l) => normalizeText(countryName(code, l)))]) {
          const list = this.d.lazy.countriesByName.get(key) ?? [];
          if (!list.includes(code)) list.push(code);
          this.d.lazy.countriesByName.set(key, list);
        }
      }
    }
    if (!orStart || text.length < 3) return this.d.lazy.countriesByName.get(text) ?? [];
    const codes = new Set<string>();
    for (const [key, list] of this.d.lazy.countriesByName)
      if (key.startsWith(text)) for (const c of list) codes.add(c);
    return [...codes];
  }

  /** A name in a state → its gazetteer place, else the USPS-only town of that name. */
  private resolve(name: string, state: string): Found | undefined {
    const key = `${state.toUpperCase()}|${matchKey(name)}`;
    const canonical = ALIASES.get(key) ?? key;
    const id = this.d.byKey.get(canonical);
    if (id !== undefined) return { id };
    const z = this.zipData().postal.get(canonical);
    return z && { zip: z };
  }

  /** A ZIP as its own town at the ZIP's centroid: its gazetteer place if any, else its USPS name. */
  private zipFound(z: ZipRow): Found {
    const place = this.resolve(z.city, z.state);
    return place && 'id' in place ? { id: place.id, lat: z.lat, lng: z.lng } : { zip: z };
  }

  /**
   * The place a point is in, and its centre. In the US the nearest ZIP centroid tells which town a point is in far
   * better than the nearest GeoNames point: ZIPs are dense and follow town lines, so Hoboken stays Hoboken, NJ and
   * Cambridge stays Cambridge, MA. Elsewhere (and to tell whether a point is in the US at all) each place within
   * 40 km is judged by its distance over its reach (reachKm): a town next door wins over a far big city's edge, a
   * big city over the villages around its centre, and city sections (PPLX) never count, so Berlin's centre is
   * Berlin, not Mitte. A ward or borough (PPLA3–5, "Islington") inside the reach of a capital or seat at least five
   * times its size is that city.
   */
  private placeAt(latitude: number, longitude: number): { id: number } | undefined {
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return undefined;
    const tree = this.places();
    const isTown = (id: number) => this.d.kind[id] !== KIND.section;
    const near = around(tree, longitude, latitude, Infinity, CITY_REACH_MAX_KM, isTown) as number[];
    let best: number | undefined;
    let bestScore = Infinity;
    for (const id of near) {
      const score = this.distanceKm(id, latitude, longitude) / reachKm(this.d.pop[id] as number);
      if (score < bestScore) [best, bestScore] = [id, score];
    }
    if (best !== undefined && this.d.kind[best] === KIND.minor) {
      const borough = best;
      const city = near.find(
        (id) =>
          this.d.kind[id] === KIND.major &&
          (this.d.pop[id] as number) >= 5 * (this.d.pop[borough] as number) &&
          this.distanceKm(id, latitude, longitude) <= reachKm(this.d.pop[id] as number),
      );
      if (city !== undefined) best = city;
    }
    best ??= (around(tree, longitude, latitude, 1, CITY_MAX_KM, isTown) as number[])[0];
    if (best === undefined || this.d.countryOf[best] !== this.d.usIndex)
      return best === undefined ? undefined : { id: best };
    // Only ZIPs whose USPS name is a real GeoNames place count: no company ZIPs ("Contest Mail, NY").
    const side = this.zipData();
    const [zi] = around(side.namedTree, longitude, latitude, 1, ZIP_MAX_KM) as number[];
    return zi === undefined ? { id: best } : { id: side.named[zi] as number };
  }

  private distanceKm(id: number, latitude: number, longitude: number): number {
    return distance(longitude, latitude, this.d.lng[id] as number, this.d.lat[id] as number);
  }

  /** A full ZIP's own town first, then the real towns of its 3-digit area (a USPS sectional centre). */
  private suggestZip(digits: string, out: Collector): void {
    const { zips, zipByCode, zipPlaces } = this.zipData();
    const z = digits.length === 5 ? zipByCode.get(digits) : undefined;
    // The ZIP's own name even when USPS-only: it is what the person typed.
    if (z) out.add(this.zipFound(z));
    const area = digits.length === 5 ? digits.slice(0, 3) : digits;
    let lo = 0;
    let hi = zips.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((zips[mid] as ZipRow).zip < area) lo = mid + 1;
      else hi = mid;
    }
    const towns = new Set<number>();
    for (let i = lo; i < zips.length && (zips[i] as ZipRow).zip.startsWith(area); i++) {
      // Gazetteer places only: an area's USPS-only names are mostly company ZIPs ("Sbc, IL").
      const id = zipPlaces[i] as number;
      if (id >= 0) towns.add(id);
    }
    for (const id of [...towns].sort((a, b) => a - b)) if (out.add({ id })) break;
  }

  /**
   * Every place's names, built on the first search by name: reverse geocoding (listings, profiles, the demo data)
   * never needs them.
   */
  private names(): NameIndex {
    if (this.d.lazy.index) return this.d.lazy.index;
    const entries: NameEntry[] = [];
    for (let id = 0; id < this.d.names.length; id++) {
      if (this.d.kind[id] === KIND.section) continue;
      // A name some readers are given (its country's own, "München"; an exonym, "Lissabon") is as much the place's
      // name as GeoNames': "Lissabon, Portugal" is a label, and labels forward to the place.
      const keys = nameKeys(this.d.names[id] as string);
      const local = this.d.namesIn.get(id);
      if (local)
        for (const name of Object.values(local)) if (name !== undefined) keys.push(...nameKeys(name));
      // "St. Louis" is also "saint louis": the same name, so the same match quality.
      for (const key of new Set(keys)) entries.push({ key, id, other: false });
      const own = new Set(keys);
      for (const other of this.d.others.get(id) ?? []) {
        for (const key of nameKeys(other)) {
          if (own.has(key)) continue;
          own.add(key);
          entries.push({ key, id, other: true });
        }
      }
    }
    this.d.lazy.index = new NameIndex(entries);
    return this.d.lazy.index;
  }

  /** The k-d tree of every place, built on the first reverse geocoding. */
  private places(): KDBush {
    if (this.d.lazy.tree) return this.d.lazy.tree;
    const tree = new KDBush(this.d.names.length);
    for (let id = 0; id < this.d.names.length; id++)
      tree.add(this.d.lng[id] as number, this.d.lat[id] as number);
    tree.finish();
    this.d.lazy.tree = tree;
    return tree;
  }

  private zipData(): ZipSide {
    if (this.d.lazy.zipSide) return this.d.lazy.zipSide;
    let zips = this.d.loadZips();
    // ZIP prefix scans binary-search this list; both loaders sort it, a caller's own list may not be.
    if (zips.some((z, i) => i > 0 && (zips[i - 1] as ZipRow).zip > z.zip)) {
      zips = [...zips].sort((a, b) => (a.zip < b.zip ? -1 : a.zip > b.zip ? 1 : 0));
    }
    const zipByCode = new Map<string, ZipRow>();
    const named: number[] = [];
    const namedAt: ZipRow[] = [];
    const zipPlaces = new Int32Array(zips.length).fill(-1);
    const sums = new Map<string, { z: ZipRow; lat: number; lng: number; n: number }>();
    zips.forEach((z, i) => {
      zipByCode.set(z.zip, z);
      const key = `${z.state}|${matchKey(z.city)}`;
      const id = this.d.byKey.get(ALIASES.get(key) ?? key);
      if (id !== undefined) {
        zipPlaces[i] = id;
        named.push(id);
        namedAt.push(z);
        return;
      }
      const s = sums.get(key) ?? { z, lat: 0, lng: 0, n: 0 };
      s.lat += z.lat;
      s.lng += z.lng;
      s.n += 1;
      sums.set(key, s);
    });
    const namedTree = new KDBush(namedAt.length);
    for (const z of namedAt) namedTree.add(z.lng, z.lat);
    namedTree.finish();
    const postal = new Map<string, ZipRow>();
    for (const [key, { z, lat, lng, n }] of sums) postal.set(key, { ...z, lat: lat / n, lng: lng / n });
    this.d.lazy.zipSide = { zipByCode, zips, zipPlaces, named: Int32Array.from(named), namedTree, postal };
    return this.d.lazy.zipSide;
  }
}

export { MATCH };
