import { LISTING_TYPES, type ListingSearchSort } from '@basha/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changes, NO_FILTERS, queryOf, search } from '../../../../test/fact-arbitraries.ts';
import { FactIndex } from './fact-index.ts';
import { type FactOrder, type FactQuery, factOrderOf, keyRangeOf, matches } from './fact-query.ts';
import { countFacts, searchFacts } from './fact-search.ts';
import { ListingFactsTable } from './listing-facts-table.ts';

// A page from memory is the first `limit` matches in the sort after the cursor, whether it
// is found by walking the sort's order or by passing every candidate (fact-search.ts picks
// by how many candidates there are), and whatever was put, put again and removed after the
// orders were first sorted.

const SORTS: ListingSearchSort[] = ['newest', 'price_asc', 'price_desc', 'price_per_sqft', 'size'];

/** Every match, sorted one by one: what a page must be the start of. */
function everyMatchInOrder(index: FactIndex, q: FactQuery, order: FactOrder): number[] {
  const t = index.table;
  const slots: number[] = [];
  for (let slot = 0; slot < t.length; slot += 1) if (matches(t, q, slot)) slots.push(slot);
  const direction = order.ascending ? 1 : -1;
  return slots.sort((a, b) => {
    const keyA = order.key(a);
    const keyB = order.key(b);
    if (keyA !== keyB) return keyA < keyB ? -direction : direction;
    return (t.ids[a] as string) < (t.ids[b] as string) ? -direction : direction;
  });
}

const apply = (
  index: FactIndex,
  done: typeof changes extends fc.Arbitrary<infer C> ? C : never,
) => {
  for (const change of done) {
    if ('put' in change) index.put(change.put);
    else index.remove(change.remove);
  }
};

describe('a page of the facts', () => {
  it('is the first matches after the cursor in the sort, walked or scanned, through changes after the first sort', () => {
    const page = fc.record({
      search,
      sort: fc.constantFrom(...SORTS),
      limit: fc.integer({ min: 1, max: 25 }),
      cursorAt: fc.option(fc.nat()),
    });
    fc.assert(
      fc.property(
        changes,
        fc.boolean(),
        page,
        changes,
        fc.array(page, { maxLength: 20 }),
        (before, placeOrder, first, after, pages) => {
          let index = new FactIndex(new ListingFactsTable());
          apply(index, before);
          // As a memory read whole keeps it, then changed.
          if (placeOrder) index = FactIndex.inPlaceOrder(index.table);
          const t = index.table;
          const answer = ({ search: s, sort, limit, cursorAt }: typeof first) => {
            const q = queryOf(t, s);
            const order = factOrderOf(t, sort);
            const expected = everyMatchInOrder(index, q, order);
            const at =
              cursorAt === null || expected.length === 0 ? null : cursorAt % expected.length;
            const cursor =
              at === null
                ? null
                : {
                    key: order.key(expected[at] as number),
                    id: t.ids[expected[at] as number] as string,
                  };
            const wanted = expected.slice(at === null ? 0 : at + 1).slice(0, limit);
            expect(searchFacts(index, q, order, cursor, limit)).toEqual(
              wanted.map((slot) => t.ids[slot]),
            );
          };
          // Every sort walked once, so the changes after meet sorted orders.
          for (const sort of SORTS) answer({ ...first, sort, limit: 1 });
          apply(index, after);
          for (const p of pages) answer(p);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('walks only keys outside of which no match lies, a listing right on the bounds included', () => {
    fc.assert(
      fc.property(changes, fc.array(search, { maxLength: 10 }), (done, searches) => {
        const index = new FactIndex(new ListingFactsTable());
        apply(index, done);
        const t = index.table;
        const used = [...t.used.keys()].filter((slot) => t.used[slot] === 1);
        // Each listing's own price and size as a search's cap and bounds: it matches them.
        const onTheBounds = used.map((slot): FactQuery => {
          const sqft = t.sizeSqft[slot] as number;
          const sized = Number.isNaN(sqft) ? {} : { minSqft: sqft, maxSqft: sqft };
          return queryOf(t, { ...NO_FILTERS, maxPrice: t.priceMin[slot] as number, ...sized });
        });
        for (const q of [...searches.map((s) => queryOf(t, s)), ...onTheBounds]) {
          for (const sort of SORTS) {
            const order = factOrderOf(t, sort);
            const { low, high } = keyRangeOf(q, order.by);
            for (const slot of used) {
              if (!matches(t, q, slot)) continue;
              expect(order.key(slot)).toBeGreaterThanOrEqual(low);
              expect(order.key(slot)).toBeLessThanOrEqual(high);
            }
          }
        }
        expect(onTheBounds.every((q, i) => matches(t, q, used[i] as number))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('counts every match per type, through changes', () => {
    fc.assert(
      fc.property(
        changes,
        fc.array(search, { maxLength: 20 }),
        changes,
        (done, searches, later) => {
          let index = new FactIndex(new ListingFactsTable());
          apply(index, done);
          index = FactIndex.inPlaceOrder(index.table);
          apply(index, later);
          const t = index.table;
          for (const s of searches) {
            const chosen = queryOf(t, s);
            const withoutTypes = { ...chosen, typeBits: 0 };
            const perCode = new Map<number, number>();
            let total = 0;
            for (let slot = 0; slot < t.length; slot += 1) {
              if (!matches(t, withoutTypes, slot)) continue;
              const code = t.type[slot] as number;
              perCode.set(code, (perCode.get(code) ?? 0) + 1);
              if (chosen.typeBits === 0 || (chosen.typeBits & (1 << code)) !== 0) total += 1;
            }
            const byType = new Map(
              LISTING_TYPES.flatMap((type, i) => {
                const count = perCode.get(i + 1) ?? 0;
                return count > 0 ? [[type, count] as const] : [];
              }),
            );
            expect(countFacts(index, withoutTypes, chosen.typeBits)).toEqual({
              total,
              byType,
              unstated: perCode.get(0) ?? 0,
            });
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});
