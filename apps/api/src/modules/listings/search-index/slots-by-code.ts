// The slots of the facts table holding each code of one column (a type, a division, a
// district, an area): a search with that filter scans only those slots instead of every
// listing (fact-search.ts). Code 0 (not stated) is never filtered on, so it is not kept.

export class SlotsByCode {
  readonly #slots = new Map<number, Set<number>>();

  /** Records that `slot` now holds `to` instead of `from` (0: nothing). */
  move(slot: number, from: number, to: number) {
    if (from === to) return;
    if (from !== 0) this.#slots.get(from)?.delete(slot);
    if (to === 0) return;
    let slots = this.#slots.get(to);
    if (slots === undefined) {
      slots = new Set();
      this.#slots.set(to, slots);
    }
    slots.add(slot);
  }

  /** The slots holding `code`; none for a code no listing holds. */
  of(code: number): ReadonlySet<number> {
    return this.#slots.get(code) ?? NONE;
  }
}

const NONE: ReadonlySet<number> = new Set();
