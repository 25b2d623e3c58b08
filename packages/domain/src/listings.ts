import { z } from 'zod/mini';
import {
  ListingCardFactsSchema,
  ListingFactsSchema,
  listingFactsRules,
  listingFactsShape,
} from './listing-facts.ts';
import {
  ListingPlaceSchema,
  listingLocationRules,
  listingLocationShape,
} from './listing-location.ts';
import { listingRevisionStateShape } from './listing-revision-state.ts';
import {
  LISTING_DESCRIPTION_MAX,
  LISTING_LOCATION_MAX,
  LISTING_TITLE_MAX,
  listingMessages,
  REJECTION_REASON_MAX,
} from './listings-messages.ts';
import { wholeTaka } from './money.ts';
import { PageQuerySchema, pageOf } from './pagination.ts';
import { idMessages } from './request-messages.ts';
import { blankAsMissing, text } from './text.ts';

export const LISTING_STATUSES = ['pending', 'verified', 'rejected'] as const;
export const ListingStatusSchema = z.enum(LISTING_STATUSES);
export type ListingStatus = z.infer<typeof ListingStatusSchema>;

/** Widths of the WebP variants stored for every listing photo. */
export const LISTING_PHOTO_WIDTHS = [400, 800, 1200] as const;

/**
 * The `sizes` of a listing photo on a card and on the details page. The server's first-page
 * hints preload the photo with the same srcset and sizes as the page's <img>, so the browser
 * picks the same variant and uses that download.
 */
export const LISTING_PHOTO_SIZES = {
  /** Grid cells are about a third of the page wide on large screens, full width on phones. */
  card: '(min-width: 1024px) 400px, (min-width: 768px) 50vw, 100vw',
  /** The details photo spans the content column: at most ~56rem wide on large screens. */
  details: '(min-width: 1024px) 896px, 100vw',
} as const;

/** Cards per page on all properties (the first page's request is hinted by the server too). */
export const BROWSE_PAGE_SIZE = 12;

export const ListingPhotoSchema = z.object({
  /** The default (largest) variant. */
  url: z.string(),
  /** `url 400w, url 800w, …` for responsive images. */
  srcset: z.string(),
  /** Intrinsic size of the largest variant, so pages reserve the space (no layout shift). */
  width: z.int(),
  height: z.int(),
});
export type ListingPhoto = z.infer<typeof ListingPhotoSchema>;

/** One photo of a listing's gallery (ADR 31): position 0 is the cover. */
export const ListingGalleryPhotoSchema = z.extend(ListingPhotoSchema, {
  /** What the update form sends back to keep this photo. */
  key: z.string(),
  position: z.int(),
  caption: z.nullable(z.string()),
});
export type ListingGalleryPhoto = z.infer<typeof ListingGalleryPhotoSchema>;

/** The listing's agent, joined from their account (never copied onto the listing). */
export const ListingAgentSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  photoUrl: z.nullable(z.string()),
});

export const PriceRangeSchema = z.object({ min: z.int(), max: z.int() });

/** What a property card shows; embedded in wishlist items, offers and reviews too. */
export const ListingCardSchema = z.object({
  id: z.string(),
  title: z.string(),
  location: z.string(),
  price: PriceRangeSchema,
  status: ListingStatusSchema,
  sold: z.boolean(),
  photo: ListingPhotoSchema,
  /** How many photos the gallery has (1–12); `photo` is its cover. */
  photoCount: z.int(),
  agent: ListingAgentSchema,
  createdAt: z.iso.datetime(),
  /** Type, bedrooms, bathrooms and size; null where not stated (ADR 29). */
  facts: ListingCardFactsSchema,
});
export type ListingCard = z.infer<typeof ListingCardSchema>;

export const ListingIdParamsSchema = z.object({ id: z.uuid(idMessages.unknownListing) });

/** Builds the photo description from the stored key prefix and the largest variant's size. */
export function listingPhoto(
  photoKey: string,
  width: number,
  height: number,
  mediaPrefix = '/media/',
): ListingPhoto {
  const urlOf = (w: number) => `${mediaPrefix}${photoKey}-${w}.webp`;
  const largest = LISTING_PHOTO_WIDTHS[LISTING_PHOTO_WIDTHS.length - 1] as number;
  return {
    url: urlOf(largest),
    srcset: LISTING_PHOTO_WIDTHS.map((w) => `${urlOf(w)} ${w}w`).join(', '),
    width,
    height,
  };
}

// ── Creating and editing a listing ──────────────────────────────────────────────────────

function requiredText(required: string, max: number, tooLong: string) {
  return text({ error: required }).check(
    z.trim(),
    z.minLength(1, required),
    z.maxLength(max, tooLong),
  );
}

/**
 * The text fields of the add/update property form (the photo travels beside them as a
 * file). Prices are whole taka and may arrive as strings, as form fields do. The property's
 * facts and its structured location travel beside them, with their rules (ADR 29).
 */
export const ListingFieldsSchema = z
  .strictObject({
    title: requiredText(
      listingMessages.titleRequired,
      LISTING_TITLE_MAX,
      listingMessages.titleTooLong,
    ),
    location: requiredText(
      listingMessages.locationRequired,
      LISTING_LOCATION_MAX,
      listingMessages.locationTooLong,
    ),
    description: requiredText(
      listingMessages.descriptionRequired,
      LISTING_DESCRIPTION_MAX,
      listingMessages.descriptionTooLong,
    ),
    priceMin: wholeTaka({
      notNumeric: listingMessages.priceNotNumeric,
      required: listingMessages.priceMinRequired,
    }),
    priceMax: wholeTaka({
      notNumeric: listingMessages.priceNotNumeric,
      required: listingMessages.priceMaxRequired,
    }),
    ...listingFactsShape,
    ...listingLocationShape,
  })
  .check(
    // The facts' and place's rules first, so their refusals keep the fields' order.
    listingFactsRules,
    listingLocationRules,
    z.refine((fields) => fields.priceMin < fields.priceMax, {
      message: listingMessages.priceRange,
      path: ['priceMin'],
      // Beside any other field's refusal (a fact not chosen yet), as long as both prices parsed.
      when: (payload) =>
        !payload.issues.some((issue) => ['priceMin', 'priceMax'].includes(String(issue.path?.[0]))),
    }),
  );
export type ListingFields = z.infer<typeof ListingFieldsSchema>;

// ── Reading listings ────────────────────────────────────────────────────────────────────

/** A listing as its agent and admins see it in their tables: the card plus its review state. */
export const ManagedListingSchema = z.extend(ListingCardSchema, {
  /** Why an admin rejected it; null unless rejected with a reason. */
  rejectionReason: z.nullable(z.string()),
  /** Taken out of every public place because its agent was marked as fraud. */
  delisted: z.boolean(),
  ...listingRevisionStateShape,
  /** Every fact; null where not stated (listings from before facts existed). */
  facts: ListingFactsSchema,
  /** Taka per square foot, derived from the price range and the size; null without a size. */
  pricePerSqft: z.nullable(PriceRangeSchema),
  /** Division, district and area ids; null while the agent has the location to complete. */
  place: ListingPlaceSchema,
});
export type ManagedListing = z.infer<typeof ManagedListingSchema>;

/** What every visitor may see: verified, not sold and not delisted. */
export function isPublicListing(listing: Pick<ManagedListing, 'status' | 'sold' | 'delisted'>) {
  return listing.status === 'verified' && !listing.sold && !listing.delisted;
}

/**
 * The sale of a sold listing, on its details page. Only its buyer, its agent and admins see
 * a sold listing at all (everyone else gets 404), so the price paid goes to them alone.
 */
export const ListingSaleSchema = z.object({
  price: z.int(),
  soldAt: z.iso.datetime(),
  /** The viewer paid for it: the one reviewer a sold listing still takes. */
  boughtByViewer: z.boolean(),
});
export type ListingSale = z.infer<typeof ListingSaleSchema>;

/** The details page. `rejectionReason` is null for anyone but the owner agent and admins. */
/** A listing as its edit waiting for review would make it: what the update form holds. */
export const PendingListingEditSchema = z.object({
  title: z.string(),
  location: z.string(),
  description: z.string(),
  price: PriceRangeSchema,
  facts: ListingFactsSchema,
  place: ListingPlaceSchema,
  photos: z.array(ListingGalleryPhotoSchema),
});
export type PendingListingEdit = z.infer<typeof PendingListingEditSchema>;

export const ListingDetailsSchema = z.extend(ManagedListingSchema, {
  /** The agent's mobile number (+8801XXXXXXXXX), or null when they have not given one. */
  agentPhone: z.nullable(z.string()),
  description: z.string(),
  /** The gallery in order, the cover first. */
  photos: z.array(ListingGalleryPhotoSchema),
  updatedAt: z.iso.datetime(),
  /** Null until the listing is sold (and for a listing marked sold without a recorded sale). */
  sale: z.nullable(ListingSaleSchema),
  /**
   * The edit waiting for review, applied (ADR 32): only its agent and admins get it, and the
   * update form starts from it. It started from the public version, and saving that unchanged
   * withdrew the edit the agent had sent. Null when nothing waits.
   */
  pendingEdit: z.nullable(PendingListingEditSchema),
});
export type ListingDetails = z.infer<typeof ListingDetailsSchema>;

export const ListingPageSchema = pageOf(ListingCardSchema);
export type ListingPage = z.infer<typeof ListingPageSchema>;

export const ManagedListingPageSchema = pageOf(ManagedListingSchema);
export type ManagedListingPage = z.infer<typeof ManagedListingPageSchema>;

/** The home page's newest public listings. */
export const LATEST_LISTINGS_COUNT = 3;
export const LatestListingsSchema = z.object({ items: z.array(ListingCardSchema) });
export type LatestListings = z.infer<typeof LatestListingsSchema>;

export const LISTING_SORTS = ['newest', 'price_asc', 'price_desc'] as const;
export const ListingSortSchema = z.enum(LISTING_SORTS);
export type ListingSort = z.infer<typeof ListingSortSchema>;

const priceFilter = (which: 'Minimum' | 'Maximum') =>
  z.pipe(
    z.transform(blankAsMissing),
    z.optional(
      wholeTaka({
        notNumeric:
          which === 'Minimum'
            ? listingMessages.filterMinNotNumeric
            : listingMessages.filterMaxNotNumeric,
        required:
          which === 'Minimum' ? listingMessages.priceMinRequired : listingMessages.priceMaxRequired,
      }),
    ),
  );

/**
 * Browsing public listings: a location substring (case-insensitive), a price window that a
 * listing's range must overlap, and a sort. An empty field means "no filter".
 */
export const ListingBrowseQuerySchema = z
  .extend(PageQuerySchema, {
    location: z.pipe(
      z.transform(blankAsMissing),
      z.optional(
        text().check(z.trim(), z.maxLength(LISTING_LOCATION_MAX, listingMessages.locationTooLong)),
      ),
    ),
    minPrice: priceFilter('Minimum'),
    maxPrice: priceFilter('Maximum'),
    sort: z._default(ListingSortSchema, 'newest'),
  })
  .check(
    z.refine(
      (query) =>
        query.minPrice === undefined ||
        query.maxPrice === undefined ||
        query.minPrice <= query.maxPrice,
      {
        message: listingMessages.filterPriceRange,
        path: ['minPrice'],
      },
    ),
  );
export type ListingBrowseQuery = z.infer<typeof ListingBrowseQuerySchema>;

export const AgentListingQuerySchema = PageQuerySchema;
export type AgentListingQuery = z.infer<typeof AgentListingQuerySchema>;

// ── Admin review ────────────────────────────────────────────────────────────────────────

export const AdminListingQuerySchema = z.extend(PageQuerySchema, {
  status: z.optional(ListingStatusSchema),
});
export type AdminListingQuery = z.infer<typeof AdminListingQuerySchema>;

/**
 * Counts over every listing, whatever the status filter, for the Manage Properties header.
 * Each is what its status filter shows: a fraud agent's listings (hidden from buyers, and
 * out of the admin's hands) count as `hidden`, under no status; `total` is every listing.
 */
export const ListingCountsSchema = z.object({
  total: z.int(),
  verified: z.int(),
  pending: z.int(),
  rejected: z.int(),
  hidden: z.int(),
});
export type ListingCounts = z.infer<typeof ListingCountsSchema>;

export const AdminListingPageSchema = z.extend(ManagedListingPageSchema, {
  counts: ListingCountsSchema,
});
export type AdminListingPage = z.infer<typeof AdminListingPageSchema>;

export const RejectListingInputSchema = z.strictObject({
  /** Shown to the agent; blank means no reason given. */
  reason: z.pipe(
    z.optional(
      text().check(
        z.trim(),
        z.maxLength(REJECTION_REASON_MAX, listingMessages.rejectionReasonTooLong),
      ),
    ),
    z.transform((reason) => reason || undefined),
  ),
});
export type RejectListingInput = z.infer<typeof RejectListingInputSchema>;
