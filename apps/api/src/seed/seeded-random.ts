/** A random number in [0, 1). */
export type Random = () => number;

/**
 * A small seeded PRNG (mulberry32): the same sequence for the same seed on every platform,
 * so demo pictures and generated listings come out the same on every run.
 */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
