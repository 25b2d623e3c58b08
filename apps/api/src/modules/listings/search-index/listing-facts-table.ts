import { COMPLETION_STATUSES, LISTING_TYPES } from '@basha/domain';
import { amenityBitsOf } from '../../../db/amenity-mask.ts';

// The filterable facts of the public listings, one slot per listing, as typed columns
// (ADR 33's next step): about 40 bytes a listing besides its id and address line, read
// sequentially by a scan at a few nanoseconds a slot.

/** One public listing's facts as the database holds them (null: not stated). */
export type ListingFactsRow = {
  id: string;
  /** Microseconds since the epoch: the newest-first order keeps PostgreSQL's precision. */
  createdMicros: number;
  location: string;
  priceMin: number;
  priceMax: number;
  type: string | null;
  division: string | null;
  district: string | null;
  area: string | null;
  bedrooms: number | null;
  bathrooms: number | null;
  sizeSqft: number | null;
  amenities: string[] | null;
  completion: string | null;
};

/** Column values standing for "not stated". */
export const NOT_STATED = { code: 0, rooms: -1 } as const;
/** Set in `amenities` when the listing states its amenities (an empty set included). */
export const AMENITIES_STATED = 1 << 15;

const TYPE_CODES = new Map<string, number>(LISTING_TYPES.map((type, index) => [type, index + 1]));
const COMPLETION_CODES = new Map<string, number>(
  COMPLETION_STATUSES.map((status, index) => [status, index + 1]),
);

export const typeCodeOf = (type: string) => TYPE_CODES.get(type) ?? -1;
export const completionCodeOf = (status: string) => COMPLETION_CODES.get(status) ?? -1;

const INITIAL_CAPACITY = 1024;

/** The columns that hold a number per slot. */
const NUMBER_COLUMNS = [
  'createdMicros',
  'priceMin',
  'priceMax',
  'sizeSqft',
  'type',
  'division',
  'district',
  'area',
  'bedrooms',
  'bathrooms',
  'amenities',
  'completion',
  'used',
] as const;

export class ListingFactsTable {
  /** Slots in use or freed: a scan reads slots `0 … length - 1` and skips the free ones. */
  length = 0;
  capacity = 0;
  ids: (string | undefined)[] = [];
  /** The address line in lower case, for the location search's substring match. */
  locations: string[] = [];
  createdMicros = new Float64Array(0);
  priceMin = new Float64Array(0);
  priceMax = new Float64Array(0);
  /** Square feet; NaN when not stated, so every comparison with it is false. */
  sizeSqft = new Float64Array(0);
  /** 1 + the index in LISTING_TYPES; 0 when not stated or the slot is free. */
  type = new Uint8Array(0);
  division = new Uint16Array(0);
  district = new Uint16Array(0);
  area = new Uint16Array(0);
  bedrooms = new Int8Array(0);
  bathrooms = new Int8Array(0);
  amenities = new Uint16Array(0);
  completion = new Uint8Array(0);
  /** 1 for a slot holding a listing. */
  used = new Uint8Array(0);
  readonly #slotOf = new Map<string, number>();
  readonly #freeSlots: number[] = [];
  readonly #placeCodes = new Map<string, number>();

  /** How many listings it holds. */
  get size(): number {
    return this.#slotOf.size;
  }

  /** The code of a place id; -1 for a place no listing has been in (it matches nothing). */
  placeCodeOf(place: string): number {
    return this.#placeCodes.get(place) ?? -1;
  }

  /** The slot holding the listing, if it is here. */
  slotOf(id: string): number | undefined {
    return this.#slotOf.get(id);
  }

  /** Stores a listing's facts, in its slot if it has one; returns the slot. */
  put(row: ListingFactsRow): number {
    let slot = this.#slotOf.get(row.id);
    if (slot === undefined) {
      slot = this.#freeSlots.pop() ?? this.#newSlot();
      this.#slotOf.set(row.id, slot);
    }
    this.type[slot] = row.type === null ? NOT_STATED.code : typeCodeOf(row.type);
    this.division[slot] = this.#placeCode(row.division);
    this.district[slot] = this.#placeCode(row.district);
    this.area[slot] = this.#placeCode(row.area);
    this.ids[slot] = row.id;
    this.locations[slot] = row.location.toLowerCase();
    this.createdMicros[slot] = row.createdMicros;
    this.priceMin[slot] = row.priceMin;
    this.priceMax[slot] = row.priceMax;
    this.sizeSqft[slot] = row.sizeSqft ?? Number.NaN;
    this.bedrooms[slot] = row.bedrooms ?? NOT_STATED.rooms;
    this.bathrooms[slot] = row.bathrooms ?? NOT_STATED.rooms;
    this.amenities[slot] =
      row.amenities === null ? 0 : AMENITIES_STATED | amenityBitsOf(row.amenities);
    this.completion[slot] =
      row.completion === null ? NOT_STATED.code : completionCodeOf(row.completion);
    this.used[slot] = 1;
    return slot;
  }

  /**
   * A copy holding the same listings in slots `0 … slots.length - 1`, in the order `slots`
   * gives (each slot in use, once), with the same place codes.
   */
  reordered(slots: Int32Array): ListingFactsTable {
    const copy = new ListingFactsTable();
    for (const [place, code] of this.#placeCodes) copy.#placeCodes.set(place, code);
    copy.#grow(Math.max(INITIAL_CAPACITY, slots.length));
    copy.length = slots.length;
    slots.forEach((from, to) => {
      const id = this.ids[from] as string;
      copy.#slotOf.set(id, to);
      copy.ids[to] = id;
      copy.locations[to] = this.locations[from] as string;
      for (const column of NUMBER_COLUMNS) copy[column][to] = this[column][from] as number;
    });
    return copy;
  }

  /** Forgets a listing (no longer public); returns its freed slot, if it had one. */
  remove(id: string): number | undefined {
    const slot = this.#slotOf.get(id);
    if (slot === undefined) return undefined;
    this.#slotOf.delete(id);
    this.type[slot] = NOT_STATED.code;
    this.division[slot] = NOT_STATED.code;
    this.district[slot] = NOT_STATED.code;
    this.area[slot] = NOT_STATED.code;
    this.ids[slot] = undefined;
    this.locations[slot] = '';
    this.used[slot] = 0;
    this.#freeSlots.push(slot);
    return slot;
  }

  #placeCode(place: string | null): number {
    if (place === null) return NOT_STATED.code;
    let code = this.#placeCodes.get(place);
    if (code === undefined) {
      code = this.#placeCodes.size + 1;
      this.#placeCodes.set(place, code);
    }
    return code;
  }

  #newSlot(): number {
    if (this.length === this.capacity) this.#grow(Math.max(INITIAL_CAPACITY, this.capacity * 2));
    return this.length++;
  }

  #grow(capacity: number) {
    const grown = <T extends Float64Array | Uint8Array | Uint16Array | Int8Array>(
      column: T,
      make: new (length: number) => T,
    ): T => {
      const bigger = new make(capacity);
      bigger.set(column);
      return bigger;
    };
    this.createdMicros = grown(this.createdMicros, Float64Array);
    this.priceMin = grown(this.priceMin, Float64Array);
    this.priceMax = grown(this.priceMax, Float64Array);
    this.sizeSqft = grown(this.sizeSqft, Float64Array);
    this.type = grown(this.type, Uint8Array);
    this.division = grown(this.division, Uint16Array);
    this.district = grown(this.district, Uint16Array);
    this.area = grown(this.area, Uint16Array);
    this.bedrooms = grown(this.bedrooms, Int8Array);
    this.bathrooms = grown(this.bathrooms, Int8Array);
    this.amenities = grown(this.amenities, Uint16Array);
    this.completion = grown(this.completion, Uint8Array);
    this.used = grown(this.used, Uint8Array);
    this.capacity = capacity;
  }
}
