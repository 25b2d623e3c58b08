import { LISTING_TYPES } from '@basha/domain';
import type { FactIndex } from './fact-index.ts';
import { type FactOrder, type FactQuery, keyRangeOf, matches } from './fact-query.ts';
import type { ListingFactsTable } from './listing-facts-table.ts';
import { type Candidates, forEachSlot } from './slot-bits.ts';

// A search answered from the facts table. Its candidates are the slots in every set of its
// filters' values (fact-index.ts); a page is then either the first `limit` matches met
// walking the sort's order from the cursor, or the best `limit` of a pass over every
// candidate (a bounded heap), whichever passes fewer slots. Counts pass every candidate.

/** Calls `visit` with every slot that may match, in slot order. */
function forEachCandidate(index: FactIndex, q: FactQuery, visit: (slot: number) => void) {
  forEachSlot(index.candidates(q), visit);
}

/** Whether slot `a` comes before slot `b` in the order (ties by id, same direction). */
function before(t: ListingFactsTable, order: FactOrder, a: number, b: number): boolean {
  return precedes(order, order.key(a), t.ids[a] as string, order.key(b), t.ids[b] as string);
}

function precedes(order: FactOrder, keyA: number, idA: string, keyB: number, idB: string) {
  if (keyA !== keyB) return order.ascending ? keyA < keyB : keyA > keyB;
  return order.ascending ? idA < idB : idA > idB;
}

type Cursor = { key: number; id: string } | null;

/** A page being looked for: the search, its candidates, its order and where it starts. */
type PageSearch = {
  index: FactIndex;
  q: FactQuery;
  candidates: Candidates;
  order: FactOrder;
  after: Cursor;
  limit: number;
};

/**
 * The ids of the first `limit` matching listings in the order, after the cursor when there
 * is one.
 */
export function searchFacts(
  index: FactIndex,
  q: FactQuery,
  order: FactOrder,
  after: Cursor,
  limit: number,
): string[] {
  const t = index.table;
  const candidates = index.candidates(q);
  const found = candidates.count;
  const search = { index, q, candidates, order, after, limit };
  // A walk meets a candidate about once in (listings / candidates) slots, so it passes about
  // limit × listings / candidates of them before its page is full; a scan passes them all.
  const page = found * found > limit * t.size ? walkOrder(search) : scanCandidates(search);
  return page.map((slot) => t.ids[slot] as string);
}

/** Whether the slot matches and comes after the cursor in the order. */
function belongs({ index: { table: t }, q, order, after }: PageSearch, slot: number): boolean {
  if (!matches(t, q, slot)) return false;
  return (
    after === null || precedes(order, after.key, after.id, order.key(slot), t.ids[slot] as string)
  );
}

function walkOrder(search: PageSearch): number[] {
  const { index, q, candidates, order, after, limit } = search;
  const page: number[] = [];
  // From the cursor on (its ties are told apart by `belongs`), among the keys matches have.
  const keys = keyRangeOf(q, order.by);
  if (after && order.ascending) keys.low = Math.max(keys.low, after.key);
  if (after && !order.ascending) keys.high = Math.min(keys.high, after.key);
  index.ordered(order).walk(order.ascending, keys, candidates, (slot) => {
    if (!belongs(search, slot)) return true;
    page.push(slot);
    return page.length < limit;
  });
  return page;
}

function scanCandidates(search: PageSearch): number[] {
  const { index, candidates, order, limit } = search;
  const t = index.table;
  // A max-heap of the best `limit` so far: its root is the last of them, which a new match
  // must come before to get in.
  const heap: number[] = [];
  const last = () => heap[0] as number;
  forEachSlot(candidates, (slot) => {
    if (!belongs(search, slot)) return;
    if (heap.length < limit) push(t, order, heap, slot);
    else if (before(t, order, slot, last())) replaceRoot(t, order, heap, slot);
  });
  return heap.sort((a, b) => (before(t, order, a, b) ? -1 : 1));
}

function push(t: ListingFactsTable, order: FactOrder, heap: number[], slot: number) {
  heap.push(slot);
  let child = heap.length - 1;
  while (child > 0) {
    const parent = (child - 1) >> 1;
    if (!before(t, order, heap[parent] as number, heap[child] as number)) break;
    [heap[parent], heap[child]] = [heap[child] as number, heap[parent] as number];
    child = parent;
  }
}

function replaceRoot(t: ListingFactsTable, order: FactOrder, heap: number[], slot: number) {
  heap[0] = slot;
  let parent = 0;
  for (;;) {
    const left = 2 * parent + 1;
    const right = left + 1;
    let latest = parent;
    if (left < heap.length && before(t, order, heap[latest] as number, heap[left] as number)) {
      latest = left;
    }
    if (right < heap.length && before(t, order, heap[latest] as number, heap[right] as number)) {
      latest = right;
    }
    if (latest === parent) return;
    [heap[parent], heap[latest]] = [heap[latest] as number, heap[parent] as number];
    parent = latest;
  }
}

/**
 * How many listings match per type (`withoutTypes`: the search without its types), of no
 * stated type (`unstated`), and in all among the chosen types (`typeBits`; all when none).
 */
export function countFacts(
  index: FactIndex,
  withoutTypes: FactQuery,
  typeBits: number,
): { total: number; byType: Map<string, number>; unstated: number } {
  const perCode = new Uint32Array(LISTING_TYPES.length + 1);
  const t = index.table;
  forEachCandidate(index, withoutTypes, (slot) => {
    if (!matches(t, withoutTypes, slot)) return;
    const code = t.type[slot] as number;
    perCode[code] = (perCode[code] as number) + 1;
  });
  const byType = new Map<string, number>();
  let total = 0;
  for (let code = 0; code < perCode.length; code += 1) {
    const count = perCode[code] as number;
    if (code > 0 && count > 0) byType.set(LISTING_TYPES[code - 1] as string, count);
    if (typeBits === 0 || (typeBits & (1 << code)) !== 0) total += count;
  }
  return { total, byType, unstated: perCode[0] as number };
}
