import type { ListingFields, ListingGalleryInput } from '@basha/domain';
import { FACT_FIELDS } from '../components/listing-facts-fields.tsx';
import { PLACE_FIELDS } from '../components/listing-place-fields.tsx';

export type SaveListingInput = {
  fields: ListingFields;
  /**
   * The gallery in order, as keys of uploaded or kept photos with captions. Required when
   * adding; when updating, absent keeps the photos as they are.
   */
  photos: ListingGalleryInput | undefined;
  onUploadProgress?: (fraction: number) => void;
};

/** The multipart body the add and update endpoints read. */
export function listingFormData({ fields, photos }: SaveListingInput): FormData {
  const form = new FormData();
  form.append('title', fields.title);
  form.append('location', fields.location);
  form.append('description', fields.description);
  form.append('priceMin', String(fields.priceMin));
  form.append('priceMax', String(fields.priceMax));
  // The facts and the place (ADR 29); a fact not given is left out, amenities are one list.
  for (const name of [...FACT_FIELDS, ...PLACE_FIELDS]) {
    const value = fields[name];
    if (value === undefined || value === null) continue;
    form.append(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  if (photos) form.append('photos', JSON.stringify(photos));
  return form;
}
