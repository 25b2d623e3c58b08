// Messages of a listing's photo gallery, apart from the schema so screens that only show
// them do not load it too.
export const MAX_LISTING_PHOTOS = 12;
export const LISTING_PHOTO_CAPTION_MAX = 140;

export const listingGalleryMessages = {
  tooFew: 'A property needs at least one photo.',
  tooMany: `A property can have at most ${MAX_LISTING_PHOTOS} photos.`,
  notAList: 'The photos must be sent as a list of uploaded photos.',
  unknownPhoto: 'This photo is not one of your uploads or of this property: upload it again.',
  duplicatePhoto: 'The same photo appears twice in the list.',
  captionTooLong: `A caption must be at most ${LISTING_PHOTO_CAPTION_MAX} characters long.`,
  fileAndList: 'Send either one photo file or the list of photos, not both.',
} as const;
