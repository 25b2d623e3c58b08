import { describe, expect, it } from 'vitest';
import { batchedLookup } from './batched-lookup.ts';

function countingReader(rows: Record<string, string>) {
  const reads: string[][] = [];
  const lookup = batchedLookup(async (keys: string[]) => {
    reads.push(keys);
    return new Map(keys.flatMap((key) => (key in rows ? [[key, rows[key] as string]] : [])));
  });
  return { lookup, reads };
}

describe('batchedLookup', () => {
  it('answers lookups made together with one read, each with its own row', async () => {
    const { lookup, reads } = countingReader({ a: 'row a', b: 'row b', c: 'row c' });

    const answers = await Promise.all([lookup('a'), lookup('b'), lookup('c'), lookup('a')]);

    expect(answers).toEqual(['row a', 'row b', 'row c', 'row a']);
    expect(reads).toEqual([['a', 'b', 'c']]);
  });

  it('answers undefined for a key the read did not find', async () => {
    const { lookup } = countingReader({ a: 'row a' });

    expect(await Promise.all([lookup('a'), lookup('missing')])).toEqual(['row a', undefined]);
  });

  it('reads again for lookups made after the last read started', async () => {
    const { lookup, reads } = countingReader({ a: 'row a', b: 'row b' });

    expect(await lookup('a')).toBe('row a');
    expect(await lookup('b')).toBe('row b');
    expect(reads).toEqual([['a'], ['b']]);
  });

  it('fails every lookup of a read that failed, and reads afresh next time', async () => {
    let failing = true;
    const lookup = batchedLookup(async (keys: string[]) => {
      if (failing) throw new Error('database unavailable');
      return new Map(keys.map((key) => [key, `row ${key}`]));
    });

    const results = await Promise.allSettled([lookup('a'), lookup('b')]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);

    failing = false;
    expect(await lookup('a')).toBe('row a');
  });
});
