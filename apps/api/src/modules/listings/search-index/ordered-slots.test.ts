import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changes } from '../../../../test/fact-arbitraries.ts';
import { factOrderOf } from './fact-query.ts';
import { ListingFactsTable } from './listing-facts-table.ts';
import { OrderedSlots } from './ordered-slots.ts';

// An order walked from any key, either way, holds exactly the listings the table holds now,
// in order, whether they were there at the sort, put since, or merged back in.

describe('the slots in a sort’s order', () => {
  it('walks the listings held now in order from any key, through puts, removals and merges', () => {
    const walk = fc.record({
      ascending: fc.boolean(),
      from: fc.option(fc.oneof(fc.double({ noNaN: true }), fc.integer({ min: 0, max: 2 ** 31 }))),
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
          const { key } = factOrderOf(t, sort);
          ordered = new OrderedSlots(t, key, mergeAt);
          for (const [done, { ascending, from }] of rounds) {
            put(done);
            const held: number[] = [];
            for (let slot = 0; slot < t.length; slot += 1) if (t.used[slot] === 1) held.push(slot);
            const inOrder = held
              .filter(
                (slot) => from === null || (ascending ? key(slot) >= from : key(slot) <= from),
              )
              .sort((a, b) => {
                const before =
                  key(a) !== key(b) ? key(a) < key(b) : (t.ids[a] as string) < (t.ids[b] as string);
                return before === ascending ? -1 : 1;
              });
            const walked: number[] = [];
            ordered.walk(ascending, from, null, (slot) => walked.push(slot) > 0);
            expect(walked).toEqual(inOrder);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
