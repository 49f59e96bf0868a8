import { cityStateLabel, type CitySuggestion } from '@rummage/contract';
import { around } from 'geokdbush';
import KDBush from 'kdbush';
import MiniSearch from 'minisearch';
import type { CityRow, ZipRow } from './data.js';
import { compactKey, matchKey, nameKeys, normalizeText } from './normalize.js';
import { PrefixIndex } from './prefix-index.js';
import { isStateCode, statesMatching } from './states.js';
import { timeZoneFor } from './timezone.js';

export interface Gazetteer {
  /** US places for what someone is typing: a name, "City, ST", "City ST" or a ZIP (3–5 digits). */
  suggest(query: string, limit: number): CitySuggestion[];
  /** The city a point is in or next to; nulls when no US place is near (sea, abroad). */
  reverse(latitude: number, longitude: number): { city: string | null; state: string | null };
  /** Coordinates of "City, ST" (exact name, either spelling of St/Fort/Mount) or of a ZIP / ZIP+4. */
  forward(text: string): { latitude: number; longitude: number; label: string } | undefined;
  /** IANA zone of a US point; approximate along the zone lines inside split states (timezone.ts). */
  timeZoneOf?(latitude: number, longitude: number): string | undefined;
}

interface Place {
  name: string;
  state: string;
  label: string;
  lat: number;
  lng: number;
  pop: number;
}

/** Nearest ZIP centroid farther than this means open water or wilderness: try the city tree instead. */
const ZIP_MAX_KM = 40;
/** Beyond this from any US place the point is not somewhere a listing can be (sea, Canada, Mexico). */
const CITY_MAX_KM = 100;
const NO_PLACE = { city: null, state: null };
/** Trailing country parts people (and the old client) append: "Chicago, IL, USA". */
const COUNTRY_WORDS = new Set(['usa', 'us', 'united states', 'united states of america']);
/** USPS names whose everyday place is listed under another name (state|matchKey → state|matchKey). */
const ALIASES = new Map([['NY|newyork', 'NY|newyorkcity']]);

const toSuggestion = (p: Place): CitySuggestion => ({
  name: p.name,
  state: p.state,
  label: p.label,
  latitude: p.lat,
  longitude: p.lng,
  population: p.pop,
});

/** Suggestions in order, one per label, up to limit. */
class Collector {
  private readonly byLabel = new Map<string, CitySuggestion>();
  constructor(private readonly limit: number) {}
  get full(): boolean {
    return this.byLabel.size >= this.limit;
  }
  /** Returns true once the list is full, so callers can stop scanning. */
  add(p: Place): boolean {
    if (!this.full && !this.byLabel.has(p.label)) this.byLabel.set(p.label, toSuggestion(p));
    return this.full;
  }
  get list(): CitySuggestion[] {
    return [...this.byLabel.values()];
  }
}

function kdTree(points: ReadonlyArray<{ lat: number; lng: number }>): KDBush {
  const tree = new KDBush(points.length);
  for (const p of points) tree.add(p.lng, p.lat);
  tree.finish();
  return tree;
}

/** Splits free text into normalised comma parts, without empty and country parts. */
function parts(text: string): string[] {
  return text
    .split(',')
    .map(normalizeText)
    .filter((p) => p !== '' && !COUNTRY_WORDS.has(p));
}

/** A gazetteer that can also build its lazy parts up front. */
export type WarmableGazetteer = Gazetteer & { warm(): void };

/** rows: us-cities.json rows; loadZips runs on the first ZIP query, reverse or timeZoneOf (or warm()). */
export function createGazetteer(
  rows: readonly CityRow[],
  loadZips: () => readonly ZipRow[],
): WarmableGazetteer {
  return new UsGazetteer(rows, loadZips);
}

/** The reverse-geocoding and ZIP side, built on first use: it needs the 42k-row ZIP table. */
interface ZipSide {
  zipByCode: Map<string, ZipRow>;
  /** Sorted by ZIP, for prefix scans. */
  zips: readonly ZipRow[];
  /** The gazetteer place each ZIP's USPS name stands for, if any (same order as zips). */
  zipPlaces: Array<Place | undefined>;
  /** The ZIPs whose USPS name is a gazetteer place, as that place at the ZIP's centroid (tree order). */
  named: Place[];
  namedTree: KDBush;
  cityTree: KDBush;
  /** state|matchKey → a USPS-only town (no GeoNames row, mostly under 1,000 people), at its mean centroid. */
  postal: Map<string, Place>;
}

class UsGazetteer implements WarmableGazetteer {
  /** Real places, largest first, so a smaller id means a larger population. */
  private readonly places: Place[];
  private readonly prefix: PrefixIndex;
  /** state|matchKey → largest place of that name in that state. */
  private readonly byKey = new Map<string, Place>();
  /** matchKey → largest place of that name anywhere. */
  private readonly byName = new Map<string, Place>();
  private fuzzyIndex?: { search: MiniSearch<{ id: number; text: string }>; boost: Float64Array };
  private zipSide?: ZipSide;

  constructor(
    rows: readonly CityRow[],
    private readonly loadZips: () => readonly ZipRow[],
  ) {
    // PPLX rows are neighbourhoods ("Chicago Loop", "Harlem"): not a city anyone gives as their address.
    // Largest first (then by label, so both data sources rank ties alike): ranking and "the largest
    // place of that name" below rely on it.
    this.places = rows
      .filter((r) => r[5] !== 'PPLX')
      .map(([name, state, lat, lng, pop]) => ({
        name,
        state,
        label: cityStateLabel(name, state),
        lat,
        lng,
        pop,
      }))
      .sort((a, b) => b.pop - a.pop || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
    const keyed: Array<[string, number]> = [];
    this.places.forEach((p, id) => {
      const keys = nameKeys(p.name);
      for (const key of keys) keyed.push([key, id]);
      const k = compactKey(keys[0] as string);
      if (!this.byKey.has(`${p.state}|${k}`)) this.byKey.set(`${p.state}|${k}`, p);
      if (!this.byName.has(k)) this.byName.set(k, p);
    });
    this.prefix = new PrefixIndex(keyed);
  }

  warm(): void {
    this.fuzzy();
    this.zipData();
  }

  suggest(query: string, limit: number): CitySuggestion[] {
    const max = Math.floor(limit);
    const ps = parts(query);
    if (!(max > 0) || ps.length === 0) return [];
    const out = new Collector(max);

    const digits = ps.join('').replace(/ /g, '');
    if (ps.length === 1 && /^\d{3,5}$/.test(digits)) {
      this.suggestZip(digits, out);
      return out.list;
    }

    const full = ps[0] as string;
    if (ps.length >= 2) {
      // "springfield, il": the part after the comma is a state filter (code, name, or its start).
      const states = statesMatching(ps[1] as string);
      const filter = states.length > 0 ? new Set(states) : undefined;
      this.prefixSearch(full, filter, false, out);
      this.fuzzySearch(full, filter, out);
      return out.list;
    }

    // "portland or": a trailing state code counts only if the rest is a whole name in that state, so
    // "el pa" and "san ma" still find El Paso and San Mateo rather than places in PA and MA. When it
    // does count, the whole text is still searched exactly ("port la": Port Allen, LA, then Port Lavaca,
    // TX) but not fuzzily, which would only add noise ("portland or" → "Oreland, PA").
    const words = full.split(' ');
    const last = words.at(-1) as string;
    let stateRead = false;
    if (words.length >= 2 && last.length === 2 && isStateCode(last)) {
      const name = words.slice(0, -1).join(' ');
      const state = new Set([last.toUpperCase()]);
      stateRead = this.prefixSearch(name, state, true, out) > 0;
      if (stateRead) this.fuzzySearch(name, state, out);
    }
    this.prefixSearch(full, undefined, false, out);
    if (!stateRead) this.fuzzySearch(full, undefined, out);
    return out.list;
  }

  reverse(latitude: number, longitude: number): { city: string | null; state: string | null } {
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return NO_PLACE;
    // The nearest ZIP centroid tells which town a point is in far better than the nearest GeoNames
    // point: ZIPs are dense and follow town lines, so Hoboken stays Hoboken, NJ and Cambridge stays
    // Cambridge, MA, where "largest place within 10 km" says New York City and Boston. Only ZIPs whose
    // USPS name is a real GeoNames place count: no company ZIPs ("Contest Mail, NY"), no neighbourhoods.
    const side = this.zipData();
    const [zi] = around(side.namedTree, longitude, latitude, 1, ZIP_MAX_KM);
    if (zi !== undefined) return pick(side.named[zi]);
    const [ci] = around(side.cityTree, longitude, latitude, 1, CITY_MAX_KM);
    return pick(ci === undefined ? undefined : this.places[ci]);
  }

  forward(text: string): { latitude: number; longitude: number; label: string } | undefined {
    const ps = parts(text);
    if (ps.length === 0) return undefined;
    const compact = ps.join('').replace(/ /g, '');
    let place: Place | undefined;
    if (ps.length === 1 && /^\d{5}(\d{4})?$/.test(compact)) {
      const z = this.zipData().zipByCode.get(compact.slice(0, 5));
      if (z) place = { ...(this.resolve(z.city, z.state) ?? postalPlace(z)), lat: z.lat, lng: z.lng };
    } else if (ps.length >= 2) {
      const [state, ...others] = statesMatching(ps[1] as string);
      if (state && others.length === 0) place = this.resolve(ps[0] as string, state);
    } else {
      // "Portland OR", else a bare name: the largest place of that name ("New York" → New York City).
      const words = (ps[0] as string).split(' ');
      const last = words.at(-1) as string;
      if (words.length >= 2 && last.length === 2 && isStateCode(last))
        place = this.resolve(words.slice(0, -1).join(' '), last);
      const k = matchKey(ps[0] as string);
      for (const [from, to] of ALIASES) if (from.endsWith(`|${k}`)) place ??= this.byKey.get(to);
      place ??= this.byName.get(k);
    }
    return place && { latitude: place.lat, longitude: place.lng, label: place.label };
  }

  timeZoneOf(latitude: number, longitude: number): string | undefined {
    const { state } = this.reverse(latitude, longitude);
    return state === null ? undefined : timeZoneFor(state, latitude, longitude);
  }

  /** A name in a state → its gazetteer place, else the USPS-only town of that name. */
  private resolve(name: string, state: string): Place | undefined {
    const key = `${state.toUpperCase()}|${matchKey(name)}`;
    const canonical = ALIASES.get(key) ?? key;
    return this.byKey.get(canonical) ?? this.zipData().postal.get(canonical);
  }

  /** Exact-prefix matches, largest first; returns how many matched (before the limit). */
  private prefixSearch(
    q: string,
    states: Set<string> | undefined,
    wholeWord: boolean,
    out: Collector,
  ): number {
    if (out.full || q === '') return 0;
    const hits = new Set<number>();
    this.prefix.scan(q, (id, key) => {
      if (wholeWord && key.length > q.length && key[q.length] !== ' ') return;
      if (states && !states.has((this.places[id] as Place).state)) return;
      hits.add(id);
    });
    const ids = [...hits].sort((a, b) => a - b);
    for (const id of ids) if (out.add(this.places[id] as Place)) break;
    return ids.length;
  }

  /** Typo-tolerant fill-up; skipped under 3 letters, where it only adds noise. */
  private fuzzySearch(q: string, states: Set<string> | undefined, out: Collector): void {
    if (out.full || q.length < 3) return;
    const { search, boost } = this.fuzzy();
    const results = search.search(q, {
      // Only the word being typed is a prefix: expanding a finished short word ("st" in "st lo") to
      // every word starting with it cost milliseconds and matched nothing useful.
      prefix: (_term, i, terms) => i === terms.length - 1,
      // Edit distance on words under 5 letters mostly finds other words ("chic" → "chico", "rich").
      fuzzy: (term) => (term.length < 5 ? false : 0.2),
      combineWith: 'AND',
      boostDocument: (id) => boost[id as number] ?? 1,
      filter: states ? (r) => states.has((this.places[r.id as number] as Place).state) : undefined,
    });
    for (const r of results) if (out.add(this.places[r.id as number] as Place)) break;
  }

  /** A full ZIP's own town first, then the real towns of its 3-digit area (a USPS sectional centre). */
  private suggestZip(digits: string, out: Collector): void {
    const { zips, zipByCode, zipPlaces } = this.zipData();
    const z = digits.length === 5 ? zipByCode.get(digits) : undefined;
    // The ZIP's own name even when USPS-only: it is what the person typed.
    if (z) out.add({ ...(this.resolve(z.city, z.state) ?? postalPlace(z)), lat: z.lat, lng: z.lng });
    const area = digits.length === 5 ? digits.slice(0, 3) : digits;
    let lo = 0;
    let hi = zips.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((zips[mid] as ZipRow).zip < area) lo = mid + 1;
      else hi = mid;
    }
    const towns = new Set<Place>();
    for (let i = lo; i < zips.length && (zips[i] as ZipRow).zip.startsWith(area); i++) {
      // Gazetteer places only: an area's USPS-only names are mostly company ZIPs ("Sbc, IL").
      const p = zipPlaces[i];
      if (p) towns.add(p);
    }
    for (const p of [...towns].sort((a, b) => b.pop - a.pop)) if (out.add(p)) break;
  }

  private fuzzy(): { search: MiniSearch<{ id: number; text: string }>; boost: Float64Array } {
    if (this.fuzzyIndex) return this.fuzzyIndex;
    const search = new MiniSearch<{ id: number; text: string }>({ fields: ['text'], idField: 'id' });
    // Each word once: "St. Louis" is indexed as "st louis saint".
    const text = (name: string) => [...new Set(nameKeys(name).join(' ').split(' '))].join(' ');
    search.addAll(this.places.map((p, id) => ({ id, text: text(p.name) })));
    // log(population) lets a near miss on a big city ("albequerque") beat an exact hit on a hamlet.
    const boost = Float64Array.from(this.places, (p) => Math.log10(p.pop + 10));
    this.fuzzyIndex = { search, boost };
    return this.fuzzyIndex;
  }

  private zipData(): ZipSide {
    if (this.zipSide) return this.zipSide;
    let zips = this.loadZips();
    // ZIP prefix scans binary-search this list; both loaders sort it, a caller's own list may not be.
    if (zips.some((z, i) => i > 0 && (zips[i - 1] as ZipRow).zip > z.zip)) {
      zips = [...zips].sort((a, b) => (a.zip < b.zip ? -1 : a.zip > b.zip ? 1 : 0));
    }
    const zipByCode = new Map<string, ZipRow>();
    const named: Place[] = [];
    const zipPlaces: Array<Place | undefined> = [];
    const sums = new Map<string, { z: ZipRow; lat: number; lng: number; n: number }>();
    for (const z of zips) {
      zipByCode.set(z.zip, z);
      const key = `${z.state}|${matchKey(z.city)}`;
      const place = this.byKey.get(ALIASES.get(key) ?? key);
      zipPlaces.push(place);
      if (place) {
        named.push({ ...place, lat: z.lat, lng: z.lng });
        continue;
      }
      const s = sums.get(key) ?? { z, lat: 0, lng: 0, n: 0 };
      s.lat += z.lat;
      s.lng += z.lng;
      s.n += 1;
      sums.set(key, s);
    }
    const postal = new Map<string, Place>();
    for (const [key, { z, lat, lng, n }] of sums)
      postal.set(key, { ...postalPlace(z), lat: lat / n, lng: lng / n });
    this.zipSide = {
      zipByCode,
      zips,
      zipPlaces,
      named,
      namedTree: kdTree(named),
      cityTree: kdTree(this.places),
      postal,
    };
    return this.zipSide;
  }
}

function pick(p: Place | undefined): { city: string | null; state: string | null } {
  return p ? { city: p.name, state: p.state } : NO_PLACE;
}

function postalPlace(z: ZipRow): Place {
  return {
    name: z.city,
    state: z.state,
    label: cityStateLabel(z.city, z.state),
    lat: z.lat,
    lng: z.lng,
    pop: 0,
  };
}
