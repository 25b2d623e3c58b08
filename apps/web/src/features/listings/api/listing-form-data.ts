import type { ListingFields } from '@basha/domain';

export type SaveListingInput = {
  fields: ListingFields;
  /** Required when adding; when updating, absent keeps the current photo. */
  photo: File | undefined;
  onUploadProgress?: (fraction: number) => void;
};

/** The multipart body the add and update endpoints read. */
export function listingFormData({ fields, photo }: SaveListingInput): FormData {
  const form = new FormData();
  form.append('title', fields.title);
  form.append('location', fields.location);
  form.append('description', fields.description);
  form.append('priceMin', String(fields.priceMin));
  form.append('priceMax', String(fields.priceMax));
  if (photo) form.append('photo', photo);
  return form;
}
