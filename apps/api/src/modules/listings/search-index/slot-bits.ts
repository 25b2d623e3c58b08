// A set of the facts table's slots as bits, one per slot (32 to a word): the slots holding
// one fact value. A search ANDs the sets of its filters word by word, 32 slots at a time,
// instead of testing every slot (ADR 33).

export class SlotBits {
  /** Grows as slots are added; a word past its end is all zeros. */
  words = new Uint32Array(0);
  /** How many slots are in the set. */
  size = 0;

  add(slot: number) {
    const word = slot >>> 5;
    if (word >= this.words.length) this.#grow(word + 1);
    const before = this.words[word] as number;
    const after = before | (1 << (slot & 31));
    if (after !== before) this.size += 1;
    this.words[word] = after;
  }

  has(slot: number): boolean {
    return holds(this.words, this.words.length, slot);
  }

  delete(slot: number) {
    const word = slot >>> 5;
    if (word >= this.words.length) return;
    const before = this.words[word] as number;
    const after = before & ~(1 << (slot & 31));
    if (after !== before) this.size -= 1;
    this.words[word] = after;
  }

  #grow(words: number) {
    const grown = new Uint32Array(Math.max(words, this.words.length * 2, 32));
    grown.set(this.words);
    this.words = grown;
  }
}

export const NO_SLOTS = new SlotBits();

/** Whether the slot's bit is set in the first `length` words. */
export function holds(words: Uint32Array, length: number, slot: number): boolean {
  const word = slot >>> 5;
  return word < length && (((words[word] as number) >>> (slot & 31)) & 1) === 1;
}

/** A search's candidates: the first `length` words of `words`, `count` slots set in them. */
export type Candidates = { words: Uint32Array; length: number; count: number };

/**
 * The slots in every one of `sets`, written into `into` (grown when too short), in one pass
 * over the words: the smallest set's word first, the others read only while the AND of the
 * word is not yet zero, so a search of one area reads little more than that area's set.
 */
export function intersect(sets: readonly SlotBits[], into: { words: Uint32Array }): Candidates {
  if (sets.length === 0) return { words: into.words, length: 0, count: 0 };
  const bySize = [...sets].sort((a, b) => a.size - b.size);
  let length = Number.POSITIVE_INFINITY;
  for (const set of bySize) length = Math.min(length, set.words.length);
  if (into.words.length < length) into.words = new Uint32Array(length);
  const out = into.words;
  const first = (bySize[0] as SlotBits).words;
  const rest = bySize.slice(1).map((set) => set.words);
  let count = 0;
  for (let w = 0; w < length; w += 1) {
    let word = first[w] as number;
    for (let r = 0; r < rest.length && word !== 0; r += 1)
      word &= (rest[r] as Uint32Array)[w] as number;
    out[w] = word;
    if (word !== 0) count += bitsIn(word);
  }
  return { words: out, length, count };
}

/**
 * The slots in any of `sets`, written into `into` (its words replaced; grown when too short).
 * Its size is the sum of theirs: exact for sets no slot shares (the types), else an upper bound.
 */
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
  into.size = sets.reduce((sum, set) => sum + set.size, 0);
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

/** How many bits of a 32-bit word are set. */
function bitsIn(word: number): number {
  let bits = word - ((word >>> 1) & 0x55555555);
  bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
  return Math.imul((bits + (bits >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}
