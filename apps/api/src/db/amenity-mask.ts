import { AMENITIES } from '@basha/domain';
import { sql } from 'drizzle-orm';

/**
 * A listing's amenities as bits (ADR 33, 2026-12-04): amenity n of the domain's AMENITIES is
 * bit n. The search indexes end with this two-byte number instead of the text array (about
 * 80 bytes a listing), so a walk through them reads half the bytes and checks each
 * candidate's amenities with one AND instead of an array containment. A new amenity appended
 * to AMENITIES takes the next bit and leaves every stored mask right; reordering them would
 * need the column computed again.
 */
const AMENITY_BITS = new Map<string, number>(
  AMENITIES.map((amenity, index) => [amenity, 1 << index]),
);

/**
 * The bits of a set of amenities (the stored mask's, and the embedded search's); an unknown
 * one matches nothing (its bit, 1 << 14, is never set).
 */
export function amenityBitsOf(amenities: readonly string[]): number {
  let bits = 0;
  for (const amenity of amenities) bits |= AMENITY_BITS.get(amenity) ?? 1 << 14;
  return bits;
}

/** The stored column's expression over `amenities`: null ("not stated") stays null. */
export const amenityMaskExpression = sql.raw(
  `case when amenities is null then null else (${AMENITIES.map(
    (amenity, bit) => `(case when '${amenity}' = any(amenities) then ${1 << bit} else 0 end)`,
  ).join(' | ')})::smallint end`,
);
