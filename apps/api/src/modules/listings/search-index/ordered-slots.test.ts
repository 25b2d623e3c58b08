import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changes } from '../../../../test/fact-arbitraries.ts';
import { factOrderOf } from './fact-query.ts';
import { ListingFactsTable } from './listing-facts-table.ts';
import { OrderedSlots } from './ordered-slots.ts';

// An order walked through any range of keys, either way, holds exactly the listings the table
// holds now with a key in that range, in order, whether they were there at the sort, put
// since, or merged back in.

describe('the slots in a sort’s order', () => {
  it('walks the listings held now in order through any keys, through puts, removals and merges', () => {
    const key = fc.oneof(fc.double({ noNaN: true }), fc.integer({ min: 0, max: 2 ** 31 }));
    const walk = fc.record({
      ascending: fc.boolean(),
      low: fc.option(key, { nil: Number.NEGATIVE_INFINITY }),
      high: fc.option(key, { nil: Number.POSITIVE_INFINITY }),
    });
    fc.assert(
      fc.property(
        changes,
        fc.array(fc.tuple(changes, walk), { maxLength: 6 }),
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom('newest', 'price_asc', 'price_per_sqft', 'size' as const),
        (first, rounds, mergeAt, sort) => {
          const t = new ListingFactsTable();
          const put = (done: typeof first) => {
            for (const change of done) {
              if ('put' in change) ordered?.changed(t.put(change.put));
              else {
                const slot = t.remove(change.remove);
                if (slot !== undefined) ordered?.changed(slot);
              }
            }
          };
          let ordered: OrderedSlots | undefined;
          put(first);
          const { key: keyOf } = factOrderOf(t, sort);
          ordered = new OrderedSlots(t, keyOf, mergeAt);
          for (const [done, { ascending, low, high }] of rounds) {
            put(done);
            const held: number[] = [];
            for (let slot = 0; slot < t.length; slot += 1) if (t.used[slot] === 1) held.push(slot);
            const inOrder = held
              .filter((slot) => keyOf(slot) >= low && keyOf(slot) <= high)
              .sort((a, b) => {
                const before =
                  keyOf(a) !== keyOf(b)
                    ? keyOf(a) < keyOf(b)
                    : (t.ids[a] as string) < (t.ids[b] as string);
                return before === ascending ? -1 : 1;
              });
            const walked: number[] = [];
            ordered.walk(ascending, { low, high }, null, (slot) => walked.push(slot) > 0);
            expect(walked).toEqual(inOrder);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
