// A set of the facts table's slots as bits, one per slot (32 to a word): the slots holding
// one fact value. A search ANDs the sets of its filters word by word, 32 slots at a time,
// instead of testing every slot (ADR 33). A summary, one bit per word, says which words are
// not zero: a pass over a sparse set (one area's listings) reads only those.

/** Bits by word, and which words are not zero. */
export type WordsWithSummary = { words: Uint32Array; summary: Uint32Array };

export class SlotBits implements WordsWithSummary {
  /** Grows as slots are added; a word past its end is all zeros. */
  words = new Uint32Array(0);
  /** Bit `w` set when word `w` is not zero. */
  summary = new Uint32Array(0);
  /** How many slots are in the set. */
  size = 0;

  add(slot: number) {
    const word = slot >>> 5;
    if (word >= this.words.length) this.#grow(word + 1);
    const before = this.words[word] as number;
    const after = before | (1 << (slot & 31));
    if (after === before) return;
    this.size += 1;
    this.words[word] = after;
    markWord(this.summary, word);
  }

  has(slot: number): boolean {
    return holds(this.words, this.words.length, slot);
  }

  delete(slot: number) {
    const word = slot >>> 5;
    if (word >= this.words.length) return;
    const before = this.words[word] as number;
    const after = before & ~(1 << (slot & 31));
    if (after === before) return;
    this.size -= 1;
    this.words[word] = after;
    if (after === 0) unmarkWord(this.summary, word);
  }

  #grow(words: number) {
    const length = Math.max(words, this.words.length * 2, 32);
    this.words = grownTo(this.words, length);
    this.summary = grownTo(this.summary, summaryLengthOf(length));
  }
}

const summaryLengthOf = (words: number) => (words + 31) >>> 5;

function grownTo(words: Uint32Array, length: number): Uint32Array<ArrayBuffer> {
  const grown = new Uint32Array(length);
  grown.set(words);
  return grown;
}

function markWord(summary: Uint32Array, word: number) {
  const summaryWord = word >>> 5;
  summary[summaryWord] = (summary[summaryWord] as number) | (1 << (word & 31));
}

function unmarkWord(summary: Uint32Array, word: number) {
  const summaryWord = word >>> 5;
  summary[summaryWord] = (summary[summaryWord] as number) & ~(1 << (word & 31));
}

export const NO_SLOTS = new SlotBits();

/** Whether the slot's bit is set in the first `length` words. */
export function holds(words: Uint32Array, length: number, slot: number): boolean {
  const word = slot >>> 5;
  return word < length && (((words[word] as number) >>> (slot & 31)) & 1) === 1;
}

/** A search's candidates: the first `length` words of `words`, `count` slots set in them. */
export type Candidates = WordsWithSummary & { length: number; count: number };

/**
 * The slots in every one of `sets`, written into `into` (grown when too short; what it held
 * before cleared), in one pass over the smallest set's words that are not zero, the others
 * read only while the AND of the word is not yet zero: a search of one area reads little
 * more than that area's words.
 */
export function intersect(sets: readonly SlotBits[], into: WordsWithSummary): Candidates {
  // A memset of every word: cheaper than finding the last answer's words again when it was broad.
  into.words.fill(0);
  into.summary.fill(0);
  if (sets.length === 0) return { ...into, length: 0, count: 0 };
  const bySize = [...sets].sort((a, b) => a.size - b.size);
  let length = Number.POSITIVE_INFINITY;
  for (const set of bySize) length = Math.min(length, set.words.length);
  if (into.words.length < length) {
    into.words = new Uint32Array(length);
    into.summary = new Uint32Array(summaryLengthOf(length));
  }
  const { words: out, summary } = into;
  const smallest = bySize[0] as SlotBits;
  const first = smallest.words;
  const rest = bySize.slice(1).map((set) => set.words);
  let count = 0;
  // Each run of words not zero in the smallest set, in a plain loop: one area's listings,
  // kept in neighbouring slots, are one run; a broad set's are runs of 32.
  const summaries = summaryLengthOf(length);
  for (let s = 0; s < summaries; s += 1) {
    let runs = smallest.summary[s] as number;
    while (runs !== 0) {
      const start = trailingZeros(runs);
      const end = Math.min(start + trailingZeros(~(runs >>> start)), 32);
      const to = Math.min((s << 5) + end, length);
      count += andWords(first, rest, into, (s << 5) + start, to);
      runs = end === 32 ? 0 : runs & ~((1 << end) - 1);
    }
  }
  return { words: out, summary, length, count };
}

/** ANDs words `from` to `to` (excluded) of `first` and every set of `rest` into `into`. */
function andWords(
  first: Uint32Array,
  rest: Uint32Array[],
  into: WordsWithSummary,
  from: number,
  to: number,
): number {
  const { words: out, summary } = into;
  let count = 0;
  for (let w = from; w < to; w += 1) {
    let word = first[w] as number;
    for (let r = 0; r < rest.length && word !== 0; r += 1)
      word &= (rest[r] as Uint32Array)[w] as number;
    if (word === 0) continue;
    out[w] = word;
    markWord(summary, w);
    count += bitsIn(word);
  }
  return count;
}

/** How many zero bits come before the lowest set bit (32 for 0). */
const trailingZeros = (word: number) => (word === 0 ? 32 : 31 - Math.clz32(word & -word));

/**
 * The slots in any of `sets`, written into `into` (its words replaced; grown when too short).
 * Its size is the sum of theirs: exact for sets no slot shares (the types), else an upper bound.
 */
export function unite(sets: readonly SlotBits[], into: SlotBits): SlotBits {
  let length = 0;
  for (const set of sets) length = Math.max(length, set.words.length);
  if (into.words.length < length) {
    into.words = new Uint32Array(length);
    into.summary = new Uint32Array(summaryLengthOf(length));
  }
  into.words.fill(0);
  into.summary.fill(0);
  for (const set of sets) {
    orInto(into.words, set.words);
    orInto(into.summary, set.summary);
  }
  into.size = sets.reduce((sum, set) => sum + set.size, 0);
  return into;
}

function orInto(out: Uint32Array, words: Uint32Array) {
  for (let w = 0; w < words.length; w += 1) out[w] = (out[w] as number) | (words[w] as number);
}

/** Calls `visit` with the index of each word that is not zero, in order. */
function forEachWord({ summary }: WordsWithSummary, visit: (word: number) => void): void {
  for (let s = 0; s < summary.length; s += 1) forEachBitOf(summary[s] as number, s << 5, visit);
}

/** Calls `visit` with each slot in the set, in order. */
export function forEachSlot(set: WordsWithSummary, visit: (slot: number) => void): void {
  const { words } = set;
  forEachWord(set, (w) => forEachBitOf(words[w] as number, w << 5, visit));
}

/** Calls `visit` with `base` plus the position of each bit set in `word`, in order. */
function forEachBitOf(word: number, base: number, visit: (bit: number) => void): void {
  let left = word;
  while (left !== 0) {
    visit(base + trailingZeros(left));
    left &= left - 1;
  }
}

/** How many bits of a 32-bit word are set. */
function bitsIn(word: number): number {
  let bits = word - ((word >>> 1) & 0x55555555);
  bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
  return Math.imul((bits + (bits >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}
