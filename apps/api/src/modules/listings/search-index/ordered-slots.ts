import type { ListingFactsTable } from './listing-facts-table.ts';
import { holds, SlotBits } from './slot-bits.ts';

// The facts table's slots in one sort's order (its key, ties by id), so a broad search walks
// them from the top and stops at its page's last match, where a scan of its candidates would
// test tens of thousands of them (ADR 33). Sorted once; a listing put after that goes into a
// short sorted list of its own and its old place is skipped, until that list is long enough
// to be merged back in one pass.

/** How many listings put since the last sort are kept apart before they are merged in. */
const MERGE_AT = 2_048;

/** The keys a walk passes through, both ends included (infinite: no end on that side). */
export type KeyRange = { low: number; high: number };

export const EVERY_KEY: KeyRange = {
  low: Number.NEGATIVE_INFINITY,
  high: Number.POSITIVE_INFINITY,
};

export class OrderedSlots {
  /** The slots ascending, as they were at the last sort or merge. */
  #sorted: Int32Array = new Int32Array(0);
  /** Their keys then, where a cursor's place is looked up. */
  #sortedKeys: Float64Array = new Float64Array(0);
  /** Slots whose place in `#sorted` no longer holds: put again, or freed, since. */
  #moved = new SlotBits();
  /** Slots put since, ascending by their keys now. */
  #recent: number[] = [];

  constructor(
    readonly table: ListingFactsTable,
    readonly key: (slot: number) => number,
    readonly mergeAt = MERGE_AT,
  ) {
    this.#sortAll();
  }

  /** Takes in that the slot's listing was put or removed (the table holds its facts now). */
  changed(slot: number) {
    this.#moved.add(slot);
    const at = this.#recent.indexOf(slot);
    if (at >= 0) this.#recent.splice(at, 1);
    if (this.table.used[slot] === 0) return;
    this.#recent.splice(this.#recentIndexAfter(slot), 0, slot);
    if (this.#recent.length >= this.mergeAt) this.#merge();
  }

  /**
   * Calls `visit` with every slot whose key is in `keys`, in order (of those set in `among`,
   * when given), ascending or descending, until it returns false. The slots not among them
   * are passed over here, a bit test each, without a call; those outside the keys are not
   * passed at all.
   */
  walk(
    ascending: boolean,
    keys: KeyRange,
    among: { words: Uint32Array; length: number } | null,
    visit: (slot: number) => boolean,
  ) {
    const sorted = this.#sorted;
    const moved = this.#moved;
    const recent = this.#recent;
    const step = ascending ? 1 : -1;
    const isAmong = (slot: number) => among === null || holds(among.words, among.length, slot);
    const sortedKeyAt = (p: number) => this.#sortedKeys[p] as number;
    const recentKeyAt = (p: number) => this.key(recent[p] as number);
    let [i, iEnd] = stretchOf(sortedKeyAt, sorted.length, ascending, keys);
    let [j, jEnd] = stretchOf(recentKeyAt, recent.length, ascending, keys);
    // Short of the end in the walk's direction (a start already past it walks nothing).
    const shortOf = (p: number, end: number) => (ascending ? p < end : p > end);
    for (;;) {
      let main = -1;
      while (shortOf(i, iEnd)) {
        const slot = sorted[i] as number;
        if (isAmong(slot) && !moved.has(slot)) {
          main = slot;
          break;
        }
        i += step;
      }
      while (shortOf(j, jEnd) && !isAmong(recent[j] as number)) j += step;
      const put = shortOf(j, jEnd) ? (recent[j] as number) : -1;
      if (main < 0 && put < 0) return;
      const mainFirst = put < 0 || (main >= 0 && this.#before(main, put) === ascending);
      if (mainFirst) i += step;
      else j += step;
      if (!visit(mainFirst ? main : put)) return;
    }
  }

  /** Whether slot `a` comes before slot `b` ascending. */
  #before(a: number, b: number): boolean {
    const keyA = this.key(a);
    const keyB = this.key(b);
    if (keyA !== keyB) return keyA < keyB;
    return (this.table.ids[a] as string) < (this.table.ids[b] as string);
  }

  /** Where `slot` goes among the recent ones to keep them ascending. */
  #recentIndexAfter(slot: number): number {
    let low = 0;
    let high = this.#recent.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.#before(this.#recent[middle] as number, slot)) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  #sortAll() {
    const t = this.table;
    const keys = new Float64Array(t.length);
    const slots: number[] = [];
    for (let slot = 0; slot < t.length; slot += 1) {
      if (t.used[slot] === 0) continue;
      keys[slot] = this.key(slot);
      slots.push(slot);
    }
    const ids = t.ids as string[];
    // Equal keys (two infinities included, whose difference is NaN) go by id.
    const sorted = Int32Array.from(slots).sort(
      (a, b) =>
        (keys[a] as number) - (keys[b] as number) ||
        ((ids[a] as string) < (ids[b] as string) ? -1 : 1),
    );
    this.#keep(sorted);
  }

  /** Merges the recent slots in, in one walk of both. */
  #merge() {
    const merged = new Int32Array(this.table.length);
    let count = 0;
    this.walk(true, EVERY_KEY, null, (slot) => {
      merged[count++] = slot;
      return true;
    });
    this.#keep(merged.slice(0, count));
  }

  #keep(sorted: Int32Array) {
    this.#sorted = sorted;
    this.#sortedKeys = Float64Array.from(sorted, (slot) => this.key(slot));
    this.#moved = new SlotBits();
    this.#recent = [];
  }
}

/** How many of `length` entries ascending by key (`keyAt`) have a key below `key` (or equal). */
function countBelow(
  keyAt: (position: number) => number,
  length: number,
  key: number,
  orEqual: boolean,
): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const below = orEqual ? keyAt(middle) <= key : keyAt(middle) < key;
    if (below) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Where a walk through `keys` starts among `length` entries ascending by key (`keyAt`), and
 * the first position in its direction it does not reach.
 */
function stretchOf(
  keyAt: (position: number) => number,
  length: number,
  ascending: boolean,
  { low, high }: KeyRange,
): [start: number, end: number] {
  const fromLow = countBelow(keyAt, length, low, false);
  const toHigh = countBelow(keyAt, length, high, true);
  return ascending ? [fromLow, toHigh] : [toHigh - 1, fromLow - 1];
}
