import {
  type Amenity,
  type CompletionStatus,
  factApplies,
  type ListingCardFacts,
  type ListingFacts,
  type ListingPlace,
  type ListingSize,
  type ListingType,
  placeById,
  placeName,
  pricePerSquareFoot,
  type StructuredLocation,
} from '@basha/domain';
import { formatDecimal, formatMonth } from '../../lib/i18n/format.ts';
import type { I18n } from '../../lib/i18n/i18n-provider.tsx';

/** What the helpers need of the app's i18n (`useI18n()`), so they stay plain functions. */
export type FactsI18n = Pick<I18n, 't' | 'locale' | 'number' | 'money'>;

// A fact that applies to the listing's type but was never given (listings from before facts
// existed) reads "Not stated"; the helpers take null for it.

export function listingTypeText(type: ListingType | null, i18n: FactsI18n): string {
  return type === null ? i18n.t('facts.notStated') : i18n.t(`facts.type.${type}`);
}

/** A size in the unit the agent chose, in the reader's digits and words ("৫ কাঠা"). */
function sizeInChosenUnit(size: ListingSize, i18n: FactsI18n): string {
  const value = formatDecimal(size.value, i18n.locale);
  return i18n.t('facts.size', { value, unit: i18n.t(`facts.unit.${size.unit}`) });
}

/**
 * A size as a page shows it ("1,450 sq ft", "১,৪৫০ বর্গফুট"); land units add the square feet
 * every size is compared in ("5 katha (3,600 sq ft)").
 */
export function sizeText(size: ListingSize | null, i18n: FactsI18n): string {
  if (size === null) return i18n.t('facts.notStated');
  if (size.unit === 'sqft') return sizeInChosenUnit(size, i18n);
  return i18n.t('facts.sizeWithSquareFeet', {
    value: formatDecimal(size.value, i18n.locale),
    unit: i18n.t(`facts.unit.${size.unit}`),
    squareFeet: formatDecimal(size.squareFeet, i18n.locale),
  });
}

export function roomsText(
  rooms: 'bedrooms' | 'bathrooms',
  count: number | null,
  i18n: FactsI18n,
): string {
  if (count === null) return i18n.t('facts.notStated');
  if (count === 1) return i18n.t(rooms === 'bedrooms' ? 'facts.bedroomsOne' : 'facts.bathroomsOne');
  const key = rooms === 'bedrooms' ? 'facts.bedroomsCount' : 'facts.bathroomsCount';
  return i18n.t(key, { count: i18n.number(count) });
}

export function floorText(floor: number | null, total: number | null, i18n: FactsI18n): string {
  if (total === null) return i18n.t('facts.notStated');
  const totalText = i18n.number(total);
  if (floor === null) return i18n.t('facts.floorsTotal', { total: totalText });
  if (floor === 0) return i18n.t('facts.groundFloorOf', { total: totalText });
  return i18n.t('facts.floorOf', { floor: i18n.number(floor), total: totalText });
}

export function completionText(
  completion: CompletionStatus | null,
  handoverMonth: string | null,
  i18n: FactsI18n,
): string {
  if (completion === null) return i18n.t('facts.notStated');
  if (completion === 'under_construction' && handoverMonth) {
    return i18n.t('facts.handover', { month: formatMonth(handoverMonth, i18n.locale) });
  }
  return i18n.t(`facts.completion.${completion}`);
}

export function amenitiesText(amenities: readonly Amenity[] | null, i18n: FactsI18n): string {
  if (amenities === null) return i18n.t('facts.notStated');
  if (amenities.length === 0) return i18n.t('facts.amenitiesNone');
  return amenities.map((amenity) => i18n.t(`facts.amenity.${amenity}`)).join(', ');
}

/** The derived price per square foot of a price range, in taka ("10,000–11,034 TK per sq ft"). */
export function pricePerSquareFootText(
  price: { min: number; max: number },
  size: ListingSize | null,
  i18n: FactsI18n,
): string {
  const perSquareFoot = pricePerSquareFoot(price, size?.squareFeet ?? null);
  if (perSquareFoot === null) return i18n.t('facts.notStated');
  if (perSquareFoot.min === perSquareFoot.max) {
    return i18n.t('facts.pricePerSqft', { price: i18n.money(perSquareFoot.min) });
  }
  return i18n.t('facts.pricePerSqftRange', {
    min: i18n.number(perSquareFoot.min),
    max: i18n.money(perSquareFoot.max),
  });
}

export type FactRow = { fact: keyof ListingFacts | 'pricePerSqft'; label: string; value: string };

/**
 * The facts of a details page, in reading order, as label and value: those that apply to the
 * listing's type (a plot shows no bedrooms), "Not stated" where one applies but is missing.
 */
export function listingFactRows(
  facts: ListingFacts,
  price: { min: number; max: number },
  i18n: FactsI18n,
): FactRow[] {
  const { t } = i18n;
  const applies = (fact: Parameters<typeof factApplies>[1]) => factApplies(facts.type, fact);
  const rows: (FactRow | false)[] = [
    { fact: 'type', label: t('facts.label.type'), value: listingTypeText(facts.type, i18n) },
    applies('bedrooms') && {
      fact: 'bedrooms',
      label: t('facts.label.bedrooms'),
      value: roomsText('bedrooms', facts.bedrooms, i18n),
    },
    applies('bathrooms') && {
      fact: 'bathrooms',
      label: t('facts.label.bathrooms'),
      value: roomsText('bathrooms', facts.bathrooms, i18n),
    },
    { fact: 'size', label: t('facts.label.size'), value: sizeText(facts.size, i18n) },
    {
      fact: 'pricePerSqft',
      label: t('facts.label.pricePerSqft'),
      value: pricePerSquareFootText(price, facts.size, i18n),
    },
    applies('floor') && {
      fact: 'floor',
      label: t('facts.label.floor'),
      value: floorText(facts.floor, facts.totalFloors, i18n),
    },
    {
      fact: 'facing',
      label: t('facts.label.facing'),
      value: facts.facing ? t(`facts.facing.${facts.facing}`) : t('facts.notStated'),
    },
    applies('completion') && {
      fact: 'completion',
      label: t('facts.label.completion'),
      value: completionText(facts.completion, facts.handoverMonth, i18n),
    },
    applies('furnishing') && {
      fact: 'furnishing',
      label: t('facts.label.furnishing'),
      value: facts.furnishing ? t(`facts.furnishing.${facts.furnishing}`) : t('facts.notStated'),
    },
    applies('amenities') && {
      fact: 'amenities',
      label: t('facts.label.amenities'),
      value: amenitiesText(facts.amenities, i18n),
    },
  ];
  return rows.filter((row): row is FactRow => row !== false);
}

/**
 * A card's line of facts, as short parts a card joins ("Apartment/Flat · 3 bed · 2 bath ·
 * 1,450 sq ft"): facts not stated are left out rather than shown as "Not stated" on every
 * card, and a plot shows only its type and size.
 */
export function cardFactParts(facts: ListingCardFacts, i18n: FactsI18n): string[] {
  const parts: string[] = [];
  if (facts.type) parts.push(listingTypeText(facts.type, i18n));
  if (facts.bedrooms !== null && factApplies(facts.type, 'bedrooms')) {
    parts.push(i18n.t('facts.bedsShort', { count: i18n.number(facts.bedrooms) }));
  }
  if (facts.bathrooms !== null && factApplies(facts.type, 'bathrooms')) {
    parts.push(i18n.t('facts.bathsShort', { count: i18n.number(facts.bathrooms) }));
  }
  if (facts.size) parts.push(sizeInChosenUnit(facts.size, i18n));
  return parts;
}

/** "1,234 properties", "১,২৩৪টি প্রপার্টি": how many listings a search found. */
export function resultCountText(count: number, i18n: FactsI18n): string {
  return count === 1
    ? i18n.t('browse.resultCountOne')
    : i18n.t('browse.resultCount', { count: i18n.number(count) });
}

/**
 * A structured location as a card or page names it, most precise first: "Gulshan, Dhaka",
 * "গুলশান, ঢাকা" (the district; its division only when no area is known: "Bogura, Rajshahi").
 * Null when the listing has none yet (the address line is shown instead).
 */
export function structuredLocationText(
  location: StructuredLocation | ListingPlace,
  i18n: Pick<FactsI18n, 'locale'>,
): string | null {
  if (location === null) return null;
  const area = location.area ? placeById('area', location.area) : undefined;
  const district = placeById('district', location.district);
  const division = placeById('division', location.division);
  const parts = area ? [area, district] : [district, division];
  const names = parts.flatMap((place) => (place ? [placeName(place, i18n.locale)] : []));
  return names.length > 0 ? names.join(', ') : null;
}
