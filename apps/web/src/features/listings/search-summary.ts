import { type ListingSearch, placeById, placeName } from '@basha/domain';
import { formatDecimal } from '../../lib/i18n/format.ts';
import { type FactsI18n, listingTypeText } from './listing-facts-format.ts';

/**
 * "1,200–1,800 sq ft", "from 1,200 sq ft", "up to 1,800 sq ft": a window with either end
 * open, its unit (`inUnit`) once for a range and on the one end otherwise, so Bangla can put
 * "from" after the amount ("১,২০০ বর্গফুট থেকে").
 */
function windowText(
  min: string | undefined,
  max: string | undefined,
  inUnit: (value: string) => string,
  i18n: FactsI18n,
) {
  if (min !== undefined && max !== undefined) {
    return inUnit(i18n.t('search.summary.between', { min, max }));
  }
  if (min !== undefined) return i18n.t('search.summary.from', { min: inUnit(min) });
  if (max !== undefined) return i18n.t('search.summary.upTo', { max: inUnit(max) });
  return undefined;
}

/**
 * The most precise place a search names: its area with its district, as the cards name a
 * listing's ("Gulshan, Dhaka"; Bangladesh has areas of one name in several cities, such as
 * Kotwali, should the catalog grow to them), else its district, else its division.
 */
function placeText(search: ListingSearch, i18n: FactsI18n): string | undefined {
  const name = (kind: 'division' | 'district' | 'area', id: string | undefined) => {
    const place = id ? placeById(kind, id) : undefined;
    return place ? placeName(place, i18n.locale) : undefined;
  };
  const area = name('area', search.area);
  const district = name('district', search.district);
  if (area) return district ? `${area}, ${district}` : area;
  return district ?? name('division', search.division);
}

/**
 * A search in words, as short parts a list joins ("Gulshan, Dhaka · Apartment/Flat · 3+ bedrooms ·
 * 1,200–1,800 sq ft · with Lift"), in the reader's language and digits; "Every property"
 * for a search without filters. The order is the filters' on All Properties.
 */
export function searchSummaryParts(search: ListingSearch, i18n: FactsI18n): string[] {
  const number = (value: number | undefined) =>
    value === undefined ? undefined : i18n.number(value);
  const size = (value: number | undefined) =>
    value === undefined ? undefined : formatDecimal(value, i18n.locale);
  const unit = i18n.t(`facts.unit.${search.sizeUnit}`);
  const sizes = windowText(
    size(search.minSize),
    size(search.maxSize),
    (value) => i18n.t('facts.size', { value, unit }),
    i18n,
  );
  const price = windowText(
    number(search.minPrice),
    number(search.maxPrice),
    (amount) => i18n.t('common.taka', { amount }),
    i18n,
  );
  const parts = [
    search.location ? i18n.t('search.summary.term', { term: search.location }) : undefined,
    placeText(search, i18n),
    search.types?.map((type) => listingTypeText(type, i18n)).join(', '),
    search.minBedrooms
      ? i18n.t('search.summary.bedrooms', { count: i18n.number(search.minBedrooms) })
      : undefined,
    search.minBathrooms
      ? i18n.t('search.summary.bathrooms', { count: i18n.number(search.minBathrooms) })
      : undefined,
    sizes,
    price,
    search.amenities?.length
      ? i18n.t('search.summary.with', {
          amenities: search.amenities.map((a) => i18n.t(`facts.amenity.${a}`)).join(', '),
        })
      : undefined,
    search.completion ? i18n.t(`facts.completion.${search.completion}`) : undefined,
    search.sort && search.sort !== 'newest' ? i18n.t(`browse.sort.${search.sort}`) : undefined,
  ];
  const given = parts.filter((part): part is string => Boolean(part));
  return given.length > 0 ? given : [i18n.t('search.summary.everything')];
}
