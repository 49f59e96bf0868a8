/**
 * Sorted (key, id) pairs with binary search: the cheapest exact-prefix lookup there is (no trie, no
 * allocation per key), and the note's measurement put it at ~40 µs a query over 16k places.
 */
export class PrefixIndex {
  private readonly keys: string[];
  private readonly ids: Int32Array;

  constructor(entries: Array<[key: string, id: number]>) {
    entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
    this.keys = entries.map((e) => e[0]);
    this.ids = Int32Array.from(entries, (e) => e[1]);
  }

  /** Calls visit(id, key) for each key starting with prefix, in key order; an id may repeat. */
  scan(prefix: string, visit: (id: number, key: string) => void): void {
    let lo = 0;
    let hi = this.keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.keys[mid] as string) < prefix) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < this.keys.length; i++) {
      const key = this.keys[i] as string;
      if (!key.startsWith(prefix)) break;
      visit(this.ids[i] as number, key);
    }
  }
}
