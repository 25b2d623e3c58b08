import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changes, queryOf, search } from '../../../../test/fact-arbitraries.ts';
import { FactIndex } from './fact-index.ts';
import { ANY, type FactQuery, matches } from './fact-query.ts';
import { ListingFactsTable } from './listing-facts-table.ts';
import { forEachSlot, holds } from './slot-bits.ts';

// The index's sets only narrow a search (fact-index.ts): every listing `matches` accepts is
// among the candidates, whatever the facts (prices and sizes on the edges of the index's
// ranges, facts not stated, rooms past the most a form takes) and whatever was put, put again
// and removed before. That the answers are PostgreSQL's: listing-search-memory.test.ts.

/** The candidates as a walk tests them (bit by bit) and as a scan lists them (by summary). */
function candidatesOf(index: FactIndex, q: FactQuery): Set<number> {
  const candidates = index.candidates(q);
  const listed = new Set<number>();
  forEachSlot(candidates, (slot) => listed.add(slot));
  const tested = new Set<number>();
  for (let slot = 0; slot < candidates.length * 32; slot += 1) {
    if (holds(candidates.words, candidates.length, slot)) tested.add(slot);
  }
  expect(listed).toEqual(tested);
  expect(candidates.count).toBe(listed.size);
  return listed;
}

describe('the facts index', () => {
  it('keeps every listing a search matches among its candidates, through puts and removals', () => {
    fc.assert(
      fc.property(
        changes,
        fc.boolean(),
        changes,
        fc.array(search, { maxLength: 40 }),
        (done, placeOrder, later, searches) => {
          let index = new FactIndex(new ListingFactsTable());
          const apply = (changed: typeof done) => {
            for (const change of changed) {
              if ('put' in change) index.put(change.put);
              else index.remove(change.remove);
            }
          };
          apply(done);
          // As a memory read whole keeps it, then changed.
          if (placeOrder) index = FactIndex.inPlaceOrder(index.table);
          apply(later);
          const t = index.table;
          for (const s of searches) {
            const q = queryOf(t, s);
            const candidates = candidatesOf(index, q);
            for (let slot = 0; slot < t.length; slot += 1) {
              if (matches(t, q, slot)) expect(candidates.has(slot), `slot ${slot}`).toBe(true);
            }
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('puts the listings of one place side by side, and holds the same listings', () => {
    fc.assert(
      fc.property(changes, (done) => {
        const scattered = new FactIndex(new ListingFactsTable());
        for (const change of done) {
          if ('put' in change) scattered.put(change.put);
          else scattered.remove(change.remove);
        }
        const index = FactIndex.inPlaceOrder(scattered.table);
        const t = index.table;
        expect(t.size).toBe(scattered.table.size);
        expect(t.length).toBe(t.size);
        // Each place (its division, district and area) in one run of slots.
        const placeOf = (slot: number) => `${t.division[slot]}/${t.district[slot]}/${t.area[slot]}`;
        const ended = new Set<string>();
        for (let slot = 0; slot < t.length; slot += 1) {
          if (slot > 0 && placeOf(slot) !== placeOf(slot - 1)) ended.add(placeOf(slot - 1));
          expect(ended.has(placeOf(slot)), `${placeOf(slot)} in two runs`).toBe(false);
          const id = t.ids[slot] as string;
          const before = scattered.table.slotOf(id) as number;
          expect(t.slotOf(id)).toBe(slot);
          expect([t.priceMin[slot], t.sizeSqft[slot], t.locations[slot]]).toEqual([
            scattered.table.priceMin[before],
            scattered.table.sizeSqft[before],
            scattered.table.locations[before],
          ]);
        }
      }),
    );
  });

  it('narrows: a removed listing, another place, fewer rooms or a dearer price is no candidate', () => {
    const index = new FactIndex(new ListingFactsTable());
    const flat = {
      id: 'flat',
      createdMicros: 1,
      location: 'road 1',
      priceMin: 9_000_000,
      priceMax: 9_500_000,
      type: 'apartment',
      division: 'dhaka',
      district: 'dhaka',
      area: 'gulshan',
      bedrooms: 3,
      bathrooms: 2,
      sizeSqft: 1_500,
      amenities: ['lift'],
      completion: 'ready',
    };
    index.put(flat);
    index.put({ ...flat, id: 'plot', type: 'plot', bedrooms: null, area: 'banani' });
    const t = index.table;
    const everything: FactQuery = {
      text: null,
      textDivisions: [],
      textDistricts: [],
      textAreas: [],
      minPrice: Number.NEGATIVE_INFINITY,
      maxPrice: Number.POSITIVE_INFINITY,
      typeBits: 0,
      division: ANY,
      district: ANY,
      area: ANY,
      minBedrooms: ANY,
      minBathrooms: ANY,
      minSqft: Number.NEGATIVE_INFINITY,
      maxSqft: Number.POSITIVE_INFINITY,
      sized: false,
      amenityBits: 0,
      completion: ANY,
    };
    const ids = (q: Partial<FactQuery>) =>
      [...candidatesOf(index, { ...everything, ...q })].map((slot) => t.ids[slot]).sort();

    expect(ids({})).toEqual(['flat', 'plot']);
    expect(ids({ area: t.placeCodeOf('gulshan') })).toEqual(['flat']);
    expect(ids({ area: t.placeCodeOf('uttara') })).toEqual([]);
    expect(ids({ minBedrooms: 3 })).toEqual(['flat']);
    expect(ids({ minBedrooms: 4 })).toEqual([]);
    // Two ranges below the flat's price: no range holds both.
    expect(ids({ maxPrice: 2_000_000 })).toEqual([]);
    expect(ids({ typeBits: 1 << 1 })).toEqual(['flat']);

    index.put({ ...flat, area: 'uttara' });
    expect(ids({ area: t.placeCodeOf('gulshan') })).toEqual([]);
    expect(ids({ area: t.placeCodeOf('uttara') })).toEqual(['flat']);
    index.remove('flat');
    expect(ids({})).toEqual(['plot']);
  });
});
