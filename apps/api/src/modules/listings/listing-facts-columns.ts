import {
  type ListingCardFacts,
  type ListingFacts,
  type ListingFields,
  type ListingPlace,
  type ListingType,
  listingFactsOf,
  listingPlaceOf,
  NOT_STATED_FACTS,
  pricePerSquareFoot,
  type SizeUnit,
} from '@basha/domain';
import { listing } from '../../db/schema.ts';

// A listing's facts and structured location (ADR 29): the columns a form writes, and the
// answers' `facts`, `pricePerSqft` and `place` read back from them.

/**
 * The columns of `listings` a new listing's facts and location are stored in: null where the
 * form states none ("not stated", "location to complete"; ADR 29).
 */
export function factColumnsOf(fields: ListingFields) {
  return factColumnsOfFacts(listingFactsOf(fields) ?? NOT_STATED_FACTS, listingPlaceOf(fields));
}

/**
 * The columns an update writes: only the facts and the place the form states. A form stating
 * none keeps the listing's own, so a client that knows no facts (the spec's) loses nothing.
 */
export function statedFactColumnsOf(fields: ListingFields) {
  const facts = listingFactsOf(fields);
  const place = listingPlaceOf(fields);
  return {
    ...(facts ? factsColumnsOf(facts) : {}),
    ...(place ? placeColumnsOf(place) : {}),
  };
}

/** Stored facts and place as columns (the form's, and the demo data's). */
export function factColumnsOfFacts(facts: ListingFacts, place: ListingPlace) {
  return { ...factsColumnsOf(facts), ...placeColumnsOf(place) };
}

function factsColumnsOf(facts: ListingFacts) {
  return {
    type: facts.type,
    bedrooms: facts.bedrooms,
    bathrooms: facts.bathrooms,
    sizeValue: facts.size?.value ?? null,
    sizeUnit: facts.size?.unit ?? null,
    sizeSqft: facts.size?.squareFeet ?? null,
    floor: facts.floor,
    totalFloors: facts.totalFloors,
    facing: facts.facing,
    completion: facts.completion,
    handoverMonth: facts.handoverMonth,
    furnishing: facts.furnishing,
    amenities: facts.amenities,
  };
}

function placeColumnsOf(place: ListingPlace) {
  return {
    division: place?.division ?? null,
    district: place?.district ?? null,
    area: place?.area ?? null,
  };
}

/** What a card reads: enough to shortlist from. */
export const cardFactColumns = {
  type: listing.type,
  bedrooms: listing.bedrooms,
  bathrooms: listing.bathrooms,
  sizeValue: listing.sizeValue,
  sizeUnit: listing.sizeUnit,
  sizeSqft: listing.sizeSqft,
};

/** What the details page and the managed lists read besides. */
export const factColumns = {
  floor: listing.floor,
  totalFloors: listing.totalFloors,
  facing: listing.facing,
  completion: listing.completion,
  handoverMonth: listing.handoverMonth,
  furnishing: listing.furnishing,
  amenities: listing.amenities,
  division: listing.division,
  district: listing.district,
  area: listing.area,
};

export type CardFactsRow = {
  type: ListingType | null;
  bedrooms: number | null;
  bathrooms: number | null;
  sizeValue: number | null;
  sizeUnit: SizeUnit | null;
  sizeSqft: number | null;
};

export type FactsRow = CardFactsRow & {
  floor: number | null;
  totalFloors: number | null;
  facing: ListingFacts['facing'];
  completion: ListingFacts['completion'];
  handoverMonth: string | null;
  furnishing: ListingFacts['furnishing'];
  amenities: string[] | null;
  division: string | null;
  district: string | null;
  area: string | null;
};

export function cardFactsOf(row: CardFactsRow): ListingCardFacts {
  return {
    type: row.type,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    size:
      row.sizeValue !== null && row.sizeUnit !== null && row.sizeSqft !== null
        ? { value: Number(row.sizeValue), unit: row.sizeUnit, squareFeet: Number(row.sizeSqft) }
        : null,
  };
}

export function factsOf(row: FactsRow): ListingFacts {
  return {
    ...cardFactsOf(row),
    floor: row.floor,
    totalFloors: row.totalFloors,
    facing: row.facing,
    completion: row.completion,
    handoverMonth: row.handoverMonth,
    furnishing: row.furnishing,
    amenities: row.amenities as ListingFacts['amenities'],
  };
}

/** Null while the agent has a location to complete (listings from before places existed). */
export function placeOf(row: FactsRow): ListingPlace {
  if (row.division === null || row.district === null) return null;
  return { division: row.division, district: row.district, area: row.area };
}

/** Derived from the price range and the canonical size; never stored. */
export function pricePerSqftOf(
  row: FactsRow & { priceMin: number; priceMax: number },
): { min: number; max: number } | null {
  const sqft = row.sizeSqft === null ? null : Number(row.sizeSqft);
  return pricePerSquareFoot({ min: Number(row.priceMin), max: Number(row.priceMax) }, sqft);
}
