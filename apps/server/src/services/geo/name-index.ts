/**
 * The names of every place, for what someone is typing: exact names, names being typed, and names with one
 * typo. Keys are normalised names (normalize.ts) in one sorted array with the place ids beside them in a typed
 * array: about 190,000 keys for the world's places, with no object per key.
 */

/** How well a name matches, best first: the order suggestions are ranked in before country and population. */
export const MATCH = {
  /** The whole name, as the place is called in the data ("berlin"). */
  exact: 0,
  /** The whole name, as one of the place's other names ("munchen" for Munich). */
  exactOther: 1,
  /** The start of the name ("berl"). */
  prefix: 2,
  /** The start of another name. */
  prefixOther: 3,
  /** The whole name or its start with one letter wrong, missing, extra or two swapped ("barcelnoa"). */
  typo: 4,
} as const;
export type MatchQuality = (typeof MATCH)[keyof typeof MATCH];

/** Queries shorter than this (in letters and digits) match exactly: one edit on "rome" finds every 4-letter name. */
export const TYPO_MIN_LENGTH = 5;

export interface NameEntry {
  key: string;
  id: number;
  /** Another name of the place (an alternate name or an abbreviation's other spelling). */
  other: boolean;
}

export class NameIndex {
  private readonly keys: string[];
  /** id << 1 | other, per key. */
  private readonly refs: Int32Array;

  constructor(entries: NameEntry[]) {
    entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.id - b.id));
    this.keys = entries.map((e) => e.key);
    this.refs = Int32Array.from(entries, (e) => (e.id << 1) | (e.other ? 1 : 0));
  }

  get size(): number {
    return this.keys.length;
  }

  /**
   * Calls visit(id, quality) for every name matching q: exact and prefix matches, then (for q of
   * TYPO_MIN_LENGTH letters or more, when typos is set) names one edit away. An id may be visited more than once.
   * With wholeWord, a prefix must end where a word of the name ends ("portland" but not "portlandia").
   */
  match(
    q: string,
    visit: (id: number, quality: MatchQuality) => void,
    options: { typos: boolean; wholeWord?: boolean },
  ): void {
    if (q === '') return;
    const start = this.lowerBound(q);
    let end = start;
    for (; end < this.keys.length; end++) {
      const key = this.keys[end] as string;
      if (!key.startsWith(q)) break;
      const ref = this.refs[end] as number;
      const other = (ref & 1) === 1;
      if (key.length === q.length) visit(ref >> 1, other ? MATCH.exactOther : MATCH.exact);
      else if (!options.wholeWord || key[q.length] === ' ')
        visit(ref >> 1, other ? MATCH.prefixOther : MATCH.prefix);
    }
    if (!options.typos || q.replace(/ /g, '').length < TYPO_MIN_LENGTH) return;
    // A scan of every key: ~190k cheap comparisons (most stop at the first differing letter's check) in a
    // few milliseconds, where an index of every one-letter deletion would hold millions of strings.
    // What one edit leaves of q's first three letters (see oneEditPrefix): most names fail this at once.
    const [q0, q1, q2] = [q.charCodeAt(0), q.charCodeAt(1), q.charCodeAt(2)];
    const keys = this.keys;
    for (let i = 0; i < keys.length; i++) {
      if (i === start) i = end;
      if (i >= keys.length) break;
      const key = keys[i] as string;
      const k0 = key.charCodeAt(0);
      if (k0 !== q0) {
        const k1 = key.charCodeAt(1);
        const k2 = key.charCodeAt(2);
        // A letter extra or two swapped at the start; a first letter wrong; a first letter missing.
        const near =
          (k0 === q1 && (k1 === q2 || k1 === q0)) || (k1 === q1 && k2 === q2) || (k1 === q0 && k2 === q1);
        if (!near) continue;
      }
      if (oneEditPrefix(q, key) !== 0) visit((this.refs[i] as number) >> 1, MATCH.typo);
    }
  }

  private lowerBound(q: string): number {
    let lo = 0;
    let hi = this.keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.keys[mid] as string) < q) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/**
 * Whether typed text q is one edit (a letter wrong, missing, extra, or two neighbours swapped) from key or from
 * the start of key: 0 no, 1 the whole key, 2 a start of it. Exact matches and exact prefixes are not asked.
 */
export function oneEditPrefix(q: string, key: string): 0 | 1 | 2 {
  // Lengths that no single edit bridges: key shorter than q by two or more.
  if (key.length < q.length - 1) return 0;
  let i = 0;
  while (i < q.length && i < key.length && q.charCodeAt(i) === key.charCodeAt(i)) i++;
  if (i === q.length) return 0; // q is an exact prefix (or the key itself): matched elsewhere
  // Past the last letter typed, a different letter is the start of another name, not a typo ("munich" is not
  // "municipio"); a name one letter shorter than q still is ("berlinn").
  const atEnd = i >= q.length - 1 && key.length > q.length;
  // A letter extra in q ("munichh", "berlinn").
  const extra = rest(q, i + 1, key, i);
  // A letter wrong ("nunchen").
  const wrong = i < key.length ? rest(q, i + 1, key, i + 1) : 0;
  // A letter missing from q ("muncen").
  const missing = i < key.length ? rest(q, i, key, i + 1) : 0;
  // Two neighbours swapped ("barcelnoa").
  const swapped =
    i + 1 < q.length && i + 1 < key.length && q[i] === key[i + 1] && q[i + 1] === key[i]
      ? rest(q, i + 2, key, i + 2)
      : 0;
  if (extra === 1 || wrong === 1 || missing === 1 || swapped === 1) return 1;
  return atEnd ? 0 : extra || wrong || missing || swapped;
}

/** Whether q from qFrom is key from kFrom (1) or its start (2). */
function rest(q: string, qFrom: number, key: string, kFrom: number): 0 | 1 | 2 {
  const tail = q.length - qFrom;
  if (key.length - kFrom < tail) return 0;
  for (let t = 0; t < tail; t++) if (q.charCodeAt(qFrom + t) !== key.charCodeAt(kFrom + t)) return 0;
  return key.length - kFrom === tail ? 1 : 2;
}
