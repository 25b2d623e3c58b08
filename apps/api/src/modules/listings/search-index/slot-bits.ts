// A set of the facts table's slots as bits, one per slot (32 to a word): the slots holding
// one fact value. A search ANDs the sets of its filters word by word, 32 slots at a time,
// instead of testing every slot (ADR 33).

export class SlotBits {
  /** Grows as slots are added; a word past its end is all zeros. */
  words = new Uint32Array(0);

  add(slot: number) {
    const word = slot >>> 5;
    if (word >= this.words.length) this.#grow(word + 1);
    this.words[word] = (this.words[word] as number) | (1 << (slot & 31));
  }

  has(slot: number): boolean {
    return (((this.words[slot >>> 5] ?? 0) >>> (slot & 31)) & 1) === 1;
  }

  delete(slot: number) {
    const word = slot >>> 5;
    if (word < this.words.length) {
      this.words[word] = (this.words[word] as number) & ~(1 << (slot & 31));
    }
  }

  #grow(words: number) {
    const grown = new Uint32Array(Math.max(words, this.words.length * 2, 32));
    grown.set(this.words);
    this.words = grown;
  }
}

export const NO_SLOTS = new SlotBits();

/**
 * The slots in every one of `sets`, written into `into` (grown when too short): its first
 * `length` words, which it returns.
 */
export function intersect(
  sets: readonly SlotBits[],
  into: { words: Uint32Array },
): { words: Uint32Array; length: number } {
  let length = Number.POSITIVE_INFINITY;
  for (const set of sets) length = Math.min(length, set.words.length);
  if (!Number.isFinite(length)) length = 0;
  if (into.words.length < length) into.words = new Uint32Array(length);
  const out = into.words;
  const [first, ...rest] = sets;
  if (first) out.set(first.words.subarray(0, length));
  for (const set of rest) {
    const words = set.words;
    for (let w = 0; w < length; w += 1) out[w] = (out[w] as number) & (words[w] as number);
  }
  return { words: out, length };
}

/** The slots in any of `sets`, written into `into` (its words replaced; grown when too short). */
export function unite(sets: readonly SlotBits[], into: SlotBits): SlotBits {
  let length = 0;
  for (const set of sets) length = Math.max(length, set.words.length);
  if (into.words.length < length) into.words = new Uint32Array(length);
  into.words.fill(0);
  for (const set of sets) {
    const words = set.words;
    const out = into.words;
    for (let w = 0; w < words.length; w += 1) out[w] = (out[w] as number) | (words[w] as number);
  }
  return into;
}

/** Calls `visit` with each slot whose bit is set in the first `length` words, in order. */
export function forEachSlot(
  words: Uint32Array,
  length: number,
  visit: (slot: number) => void,
): void {
  for (let w = 0; w < length; w += 1) {
    let word = words[w] as number;
    while (word !== 0) {
      const lowest = word & -word;
      visit((w << 5) + 31 - Math.clz32(lowest));
      word ^= lowest;
    }
  }
}

/** How many slots are set in the first `length` words. */
export function countSlots(words: Uint32Array, length: number): number {
  let count = 0;
  for (let w = 0; w < length; w += 1) {
    let word = words[w] as number;
    word -= (word >>> 1) & 0x55555555;
    word = (word & 0x33333333) + ((word >>> 2) & 0x33333333);
    count += (Math.imul((word + (word >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) as number;
  }
  return count;
}
