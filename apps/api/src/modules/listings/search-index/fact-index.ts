import { LISTING_ROOMS_MAX } from '@basha/domain';
import { ANY, type FactKey, type FactOrder, type FactQuery } from './fact-query.ts';
import type { ListingFactsRow, ListingFactsTable } from './listing-facts-table.ts';
import { OrderedSlots } from './ordered-slots.ts';
import { type Candidates, intersect, NO_SLOTS, SlotBits, unite } from './slot-bits.ts';

// Which slots of the facts table hold each value of the facts a search filters on, as bit
// sets: a search's candidates are the AND of its filters' sets, a few thousand words, where a
// scan of every listing of its place tested up to the whole table one slot at a time
// (ADR 33). The sets only narrow: each candidate is still tested with `matches`, so a set
// may hold more slots than its filter accepts (the prices and sizes, kept per range of
// values), never fewer.

/**
 * Ranges a price or a size is kept in: four to an octave, the lowest and highest open-ended.
 * A bound's own range holds the candidates a search tests in vain, and a bound drawn around
 * a place's going price falls where most of its listings lie: at two to an octave a page
 * from memory took 0.67-0.74 ms on average at 1 M, at four 0.60-0.68, at eight 0.58-0.65
 * (16 MB of sets more for each doubling).
 */
const RANGES = 64;
/** 2^15 TK (32 768) up to 2^31 (about 214 crore). */
const PRICE_RANGES = { lowestLog2: 15, perOctave: 4 };
/** 2^6 sq ft (64) up to 2^22 (about 4.2 million). */
const SIZE_RANGES = { lowestLog2: 6, perOctave: 4 };
/** Bit 0 to 15 of the table's amenities column (AMENITIES_STATED included). */
const AMENITY_BITS = 16;

/** The range a value falls in: never lower for a higher value. */
function rangeOf(value: number, scale: typeof PRICE_RANGES): number {
  if (!(value > 0)) return 0;
  const range = Math.floor((Math.log2(value) - scale.lowestLog2) * scale.perOctave);
  return Math.min(RANGES - 1, Math.max(0, range));
}

const sets = (count: number) => Array.from({ length: count }, () => new SlotBits());

/** The facts table with its sets: every change goes through here, so both stay in step. */
export class FactIndex {
  constructor(readonly table: ListingFactsTable) {}

  readonly #used = new SlotBits();
  readonly #byType = new Map<number, SlotBits>();
  readonly #byDivision = new Map<number, SlotBits>();
  readonly #byDistrict = new Map<number, SlotBits>();
  readonly #byArea = new Map<number, SlotBits>();
  readonly #byCompletion = new Map<number, SlotBits>();
  /** `[k]`: the slots stating at least k bedrooms (bathrooms below). */
  readonly #bedroomsAtLeast = sets(LISTING_ROOMS_MAX + 1);
  readonly #bathroomsAtLeast = sets(LISTING_ROOMS_MAX + 1);
  readonly #byAmenity = sets(AMENITY_BITS);
  /** `[r]`: the slots whose lowest price is in range r or below. */
  readonly #priceMinAtMost = sets(RANGES);
  /** `[r]`: the slots whose highest price is in range r or above. */
  readonly #priceMaxAtLeast = sets(RANGES);
  readonly #sizeAtMost = sets(RANGES);
  readonly #sizeAtLeast = sets(RANGES);
  /** Where a search's candidates are written: one search at a time, synchronously. */
  readonly #candidates = { words: new Uint32Array(0), summary: new Uint32Array(0) };
  readonly #types = new SlotBits();
  /** The slots in each sort's order, sorted the first time a search walks it. */
  readonly #orders = new Map<FactKey, OrderedSlots>();

  /** Stores a listing's facts in the table and its slot in the sets of their values. */
  put(row: ListingFactsRow) {
    const held = this.table.slotOf(row.id);
    if (held !== undefined) this.#mark(held, (set) => set.delete(held));
    const slot = this.table.put(row);
    this.#mark(slot, (set) => set.add(slot));
    for (const ordered of this.#orders.values()) ordered.changed(slot);
  }

  /** Forgets a listing (no longer public). */
  remove(id: string) {
    const held = this.table.slotOf(id);
    if (held === undefined) return;
    this.#mark(held, (set) => set.delete(held));
    this.table.remove(id);
    for (const ordered of this.#orders.values()) ordered.changed(held);
  }

  /**
   * An index of the table's listings, copied with those of one place in neighbouring slots
   * (by division, district, area, then type): a search of an area then ANDs one run of words
   * where its listings were spread over a third of them (slot-bits.ts). For a memory read
   * whole; listings put later take a freed slot or a new one at the end.
   */
  static inPlaceOrder(table: ListingFactsTable): FactIndex {
    const index = new FactIndex(table.reordered(slotsByPlace(table)));
    for (let slot = 0; slot < index.table.length; slot += 1) {
      index.#mark(slot, (set) => set.add(slot));
    }
    return index;
  }

  /** The slots in the order's key's order. */
  ordered(order: FactOrder): OrderedSlots {
    let ordered = this.#orders.get(order.by);
    if (ordered === undefined) {
      ordered = new OrderedSlots(this.table, order.key);
      this.#orders.set(order.by, ordered);
    }
    return ordered;
  }

  /** The slots that may match the query (every one that does): its first `length` words. */
  candidates(q: FactQuery): Candidates {
    const chosen: SlotBits[] = [this.#used];
    if (q.area !== ANY) chosen.push(this.#byArea.get(q.area) ?? NO_SLOTS);
    if (q.district !== ANY) chosen.push(this.#byDistrict.get(q.district) ?? NO_SLOTS);
    if (q.division !== ANY) chosen.push(this.#byDivision.get(q.division) ?? NO_SLOTS);
    if (q.typeBits !== 0) chosen.push(this.#typesOf(q.typeBits));
    if (q.minBedrooms >= 0 && q.minBedrooms <= LISTING_ROOMS_MAX) {
      chosen.push(this.#bedroomsAtLeast[q.minBedrooms] as SlotBits);
    }
    if (q.minBathrooms >= 0 && q.minBathrooms <= LISTING_ROOMS_MAX) {
      chosen.push(this.#bathroomsAtLeast[q.minBathrooms] as SlotBits);
    }
    for (let bit = 0; bit < AMENITY_BITS; bit += 1) {
      if ((q.amenityBits & (1 << bit)) !== 0) chosen.push(this.#byAmenity[bit] as SlotBits);
    }
    if (q.completion !== ANY) chosen.push(this.#byCompletion.get(q.completion) ?? NO_SLOTS);
    if (Number.isFinite(q.maxPrice)) {
      chosen.push(this.#priceMinAtMost[rangeOf(q.maxPrice, PRICE_RANGES)] as SlotBits);
    }
    if (Number.isFinite(q.minPrice)) {
      chosen.push(this.#priceMaxAtLeast[rangeOf(q.minPrice, PRICE_RANGES)] as SlotBits);
    }
    if (q.sized && Number.isFinite(q.maxSqft)) {
      chosen.push(this.#sizeAtMost[rangeOf(q.maxSqft, SIZE_RANGES)] as SlotBits);
    }
    if (q.sized && Number.isFinite(q.minSqft)) {
      chosen.push(this.#sizeAtLeast[rangeOf(q.minSqft, SIZE_RANGES)] as SlotBits);
    }
    // Every set holds only slots in use: the set of those is needed only when it is alone.
    return intersect(chosen.length > 1 ? chosen.slice(1) : chosen, this.#candidates);
  }

  #typesOf(typeBits: number): SlotBits {
    const chosen = [...this.#byType]
      .filter(([code]) => (typeBits & (1 << code)) !== 0)
      .map(([, set]) => set);
    if (chosen.length === 1) return chosen[0] as SlotBits;
    return unite(chosen, this.#types);
  }

  /** Marks the sets of the facts the table holds in `slot` now. */
  #mark(slot: number, mark: (set: SlotBits) => void) {
    const t = this.table;
    mark(this.#used);
    markCode(this.#byType, t.type[slot] as number, mark);
    markCode(this.#byDivision, t.division[slot] as number, mark);
    markCode(this.#byDistrict, t.district[slot] as number, mark);
    markCode(this.#byArea, t.area[slot] as number, mark);
    markCode(this.#byCompletion, t.completion[slot] as number, mark);
    const bedrooms = Math.min(t.bedrooms[slot] as number, LISTING_ROOMS_MAX);
    for (let k = 0; k <= bedrooms; k += 1) mark(this.#bedroomsAtLeast[k] as SlotBits);
    const bathrooms = Math.min(t.bathrooms[slot] as number, LISTING_ROOMS_MAX);
    for (let k = 0; k <= bathrooms; k += 1) mark(this.#bathroomsAtLeast[k] as SlotBits);
    const amenities = t.amenities[slot] as number;
    for (let bit = 0; bit < AMENITY_BITS; bit += 1) {
      if ((amenities & (1 << bit)) !== 0) mark(this.#byAmenity[bit] as SlotBits);
    }
    const lowest = rangeOf(t.priceMin[slot] as number, PRICE_RANGES);
    for (let r = lowest; r < RANGES; r += 1) mark(this.#priceMinAtMost[r] as SlotBits);
    const highest = rangeOf(t.priceMax[slot] as number, PRICE_RANGES);
    for (let r = 0; r <= highest; r += 1) mark(this.#priceMaxAtLeast[r] as SlotBits);
    const sqft = t.sizeSqft[slot] as number;
    if (!Number.isNaN(sqft)) {
      const size = rangeOf(sqft, SIZE_RANGES);
      for (let r = size; r < RANGES; r += 1) mark(this.#sizeAtMost[r] as SlotBits);
      for (let r = 0; r <= size; r += 1) mark(this.#sizeAtLeast[r] as SlotBits);
    }
  }
}

/**
 * The slots in use by division, district, area and type, each place's in slot order: a
 * counting sort over the few thousand places (a comparison sort of 768 364 slots took 3.7 s).
 */
function slotsByPlace(t: ListingFactsTable): Int32Array {
  // The four codes as one number: three 16-bit codes and a type below 16, under 2^53.
  const placeOf = (slot: number) =>
    (((t.division[slot] as number) * 2 ** 16 + (t.district[slot] as number)) * 2 ** 16 +
      (t.area[slot] as number)) *
      16 +
    (t.type[slot] as number);
  const places = new Float64Array(t.length);
  /** Per place, how many slots it has; then where its next slot goes. */
  const next = new Map<number, number>();
  for (let slot = 0; slot < t.length; slot += 1) {
    if (t.used[slot] === 0) continue;
    places[slot] = placeOf(slot);
    next.set(places[slot] as number, (next.get(places[slot] as number) ?? 0) + 1);
  }
  let start = 0;
  for (const place of [...next.keys()].sort((a, b) => a - b)) {
    const count = next.get(place) as number;
    next.set(place, start);
    start += count;
  }
  const slots = new Int32Array(start);
  for (let slot = 0; slot < t.length; slot += 1) {
    if (t.used[slot] === 0) continue;
    const at = next.get(places[slot] as number) as number;
    slots[at] = slot;
    next.set(places[slot] as number, at + 1);
  }
  return slots;
}

/** Marks the set of `code` (none is kept for 0, "not stated", which no filter asks for). */
function markCode(byCode: Map<number, SlotBits>, code: number, mark: (set: SlotBits) => void) {
  if (code === 0) return;
  let set = byCode.get(code);
  if (set === undefined) {
    set = new SlotBits();
    byCode.set(code, set);
  }
  mark(set);
}
