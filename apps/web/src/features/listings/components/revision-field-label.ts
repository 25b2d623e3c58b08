import { englishCatalog, type MessageKey } from '../../../lib/i18n/english-catalog.ts';

/**
 * The label of an edit's field, found by its name: the form's label (`listingForm.title`),
 * else the fact's (`facts.label.bedrooms`), else the photo's; a field without a label shows
 * its name. Generic, so fields added to the form appear in the diff without new code.
 */
export function revisionFieldLabelKey(field: string): MessageKey | null {
  const candidates = [`listingForm.${field}`, `facts.label.${field}`, `revision.field.${field}`];
  return (candidates.find((key) => key in englishCatalog) as MessageKey | undefined) ?? null;
}
