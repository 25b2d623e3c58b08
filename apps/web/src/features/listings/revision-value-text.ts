import { type Amenity, type LocationLevel, placeById, placeName } from '@basha/domain';
import { englishCatalog, type MessageKey } from '../../lib/i18n/english-catalog.ts';
import { formatDecimal, formatMonth } from '../../lib/i18n/format.ts';
import { amenitiesText, type FactsI18n } from './listing-facts-format.ts';

/** Facts stored as a code, and the catalog prefix that names each code. */
const CODED_FACTS: Record<string, string> = {
  type: 'facts.type',
  sizeUnit: 'facts.unit',
  facing: 'facts.facing',
  completion: 'facts.completion',
  furnishing: 'facts.furnishing',
};
const PLACES: readonly string[] = ['division', 'district', 'area'] satisfies LocationLevel[];

/**
 * A revision's old or new value as the reader reads it elsewhere (ADR 32 stores the columns'
 * values): taka as money, codes as their words, places by name, in the page's language. A
 * value of no known kind is shown as it is (the caller shows photos and empty values).
 */
export function revisionValueText(
  field: string,
  value: string | number | boolean | readonly string[],
  i18n: FactsI18n,
): string {
  if (field === 'priceMin' || field === 'priceMax') return i18n.money(Number(value));
  if (field === 'sizeValue' || field === 'sizeSqft') {
    return formatDecimal(Number(value), i18n.locale);
  }
  if (field === 'handoverMonth') return formatMonth(String(value), i18n.locale);
  if (field === 'amenities' && Array.isArray(value)) {
    return amenitiesText(value as readonly Amenity[], i18n);
  }
  const prefix = CODED_FACTS[field];
  const key = `${prefix}.${String(value)}`;
  if (prefix && key in englishCatalog) return i18n.t(key as MessageKey);
  if (PLACES.includes(field)) {
    const place = placeById(field as LocationLevel, String(value));
    if (place) return placeName(place, i18n.locale);
  }
  if (typeof value === 'number') return i18n.number(value);
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}
