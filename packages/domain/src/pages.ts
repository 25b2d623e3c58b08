import { apiUrls } from './api-urls.ts';
import { type ListingBrowseFilters, listingBrowseFiltersFrom } from './listing-browse-filters.ts';
import {
  type LatestListings,
  LISTING_PHOTO_SIZES,
  type ListingDetails,
  type ListingPage,
  type ListingPhoto,
} from './listings.ts';
import type { Role } from './users.ts';
import type { WishlistPage } from './wishlist.ts';

/** Every page of the web app, in one place (the spec's paths). */
export const pagePaths = {
  home: '/',
  about: '/about-us',
  allProperties: '/allproperties',
  propertyDetails: (id: string) => `/propertyDetails/${id}`,
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  /** Where an emailed reset link lands, with its `?token=`. */
  resetPassword: '/reset-password',
  dashboard: {
    profile: '/dashboard/profile',
    wishlist: '/dashboard/wishlist',
    makeOffer: (wishlistItemId: string) => `/dashboard/wishlist/make-offer/${wishlistItemId}`,
    propertyBought: '/dashboard/property-bought',
    payment: (offerId: string) => `/dashboard/property-bought/payment/${offerId}`,
    myReviews: '/dashboard/my-reviews',
    addProperty: '/dashboard/add-property',
    updateProperty: (id: string) => `/dashboard/update-property/${id}`,
    addedProperties: '/dashboard/added-property',
    soldProperties: '/dashboard/sold-properties',
    requestedProperties: '/dashboard/requested-properties',
    manageProperties: '/dashboard/manage-properties',
    manageUsers: '/dashboard/manage-users',
    manageReviews: '/dashboard/manage-reviews',
    messages: '/dashboard/messages',
    conversation: (id: string) => `/dashboard/messages/${id}`,
    reportedConversations: '/dashboard/reported-conversations',
    savedSearches: '/dashboard/saved-searches',
    emailSettings: '/dashboard/email-settings',
    payments: '/dashboard/payments',
  },
} as const;

/**
 * The `<meta name>` the API's page shell writes when PUBLIC_LISTINGS is on: visitors may
 * then open All Properties and public listings' details (the API allows it too).
 */
export const PUBLIC_LISTINGS_META = 'basha-public-listings';

/** Who may make a request: anyone, any signed-in account, or one role only. */
export type Requester = 'everyone' | 'signedIn' | Role;

/** Whether an account with `role` (undefined: a visitor) may make a request for `who`. */
export function mayRequest(who: Requester, role: Role | undefined): boolean {
  if (who === 'everyone') return true;
  if (who === 'signedIn') return role !== undefined;
  return role === who;
}

/** Which read a page starts with, and what the web app's query for it is made from. */
export type FirstRead =
  | { read: 'latestListings' }
  | { read: 'featuredReviews' }
  | { read: 'listingBrowse'; filters: ListingBrowseFilters }
  | { read: 'listingSearchCounts'; filters: ListingBrowseFilters }
  | { read: 'listing'; listingId: string }
  | { read: 'listingReviews'; listingId: string }
  | { read: 'wishlist' }
  | { read: 'wishlistEntry'; listingId: string };

/**
 * A request a page starts with: the read, its exact URL and who may make it;
 * `openWithPublicListings`: a visitor may make it too when PUBLIC_LISTINGS is on (ADR 28).
 */
export type FirstRequest = FirstRead & {
  method: 'GET';
  url: string;
  who: Requester;
  openWithPublicListings?: true;
};

/**
 * Whether an account with `role` (undefined: a visitor) may make `request`, on a site whose
 * listings are public to visitors (`listingsPublic`) or not.
 */
export function mayMakeRequest(
  request: FirstRequest,
  role: Role | undefined,
  listingsPublic: boolean,
): boolean {
  return (
    mayRequest(request.who, role) ||
    (listingsPublic && role === undefined && request.openWithPublicListings === true)
  );
}

/** The URL the web app's client requests for a read (the same builders, `apiUrls`). */
function urlOf(read: FirstRead): string {
  switch (read.read) {
    case 'latestListings':
      return apiUrls.latestListings;
    case 'featuredReviews':
      return apiUrls.featuredReviews;
    case 'listingBrowse':
      return apiUrls.listingBrowse(read.filters);
    case 'listingSearchCounts':
      return apiUrls.listingSearchCounts(read.filters);
    case 'listing':
      return apiUrls.listing(read.listingId);
    case 'listingReviews':
      return apiUrls.listingReviews(read.listingId);
    case 'wishlist':
      return apiUrls.wishlist();
    case 'wishlistEntry':
      return apiUrls.wishlistEntry(read.listingId);
  }
}

const get = (
  who: Requester,
  read: FirstRead,
  open: Pick<FirstRequest, 'openWithPublicListings'> = {},
): FirstRequest => ({ ...read, method: 'GET', url: urlOf(read), who, ...open });

/** The reads PUBLIC_LISTINGS opens to visitors (the API's listing and listing-review routes, ADR 28). */
const PUBLIC_LISTINGS_OPEN = { openWithPublicListings: true } as const;

/** Where a page is opened: its path parameters and its query string. */
export type PageAddress = {
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
};

/**
 * A page worth answering ahead: the web app prefetches its first requests before the page's
 * code has run, and the API inlines their answers into the HTML it serves (ADR 7).
 */
export type FirstPage = {
  /** The page's path, `:name` standing for a parameter (as the web router writes it). */
  pattern: string;
  /** The page's module in the web app's build manifest, when not in the entry chunk. */
  pageModule?: string;
  /** The page's first requests at an address, its main content first; none for an address that cannot be one. */
  requestsAt: (address: PageAddress) => FirstRequest[];
  /** The page's largest photo, in the answer to its main request. */
  photoIn: (mainAnswer: unknown) => ListingPhoto | undefined;
  /** The `sizes` of that photo's `<img>`, so a preload picks the same variant. */
  photoSizes: string;
};

const LISTING_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The pages a first visit most often opens, and what each asks the API for first. */
export const firstPages = {
  home: {
    pattern: pagePaths.home,
    requestsAt: () => [
      get('everyone', { read: 'latestListings' }),
      get('everyone', { read: 'featuredReviews' }),
    ],
    photoIn: (answer) => (answer as LatestListings).items[0]?.photo,
    photoSizes: LISTING_PHOTO_SIZES.card,
  },
  allProperties: {
    pattern: pagePaths.allProperties,
    pageModule: 'src/app/routes/all-properties.tsx',
    requestsAt: ({ search }) => {
      const { filters } = listingBrowseFiltersFrom(search);
      return [
        get('signedIn', { read: 'listingBrowse', filters }, PUBLIC_LISTINGS_OPEN),
        // The count the page shows above the results. Asked by the page as it hydrated, its
        // answer arrived mid-hydration and made React finish hydrating in one long task.
        get('signedIn', { read: 'listingSearchCounts', filters }, PUBLIC_LISTINGS_OPEN),
      ];
    },
    photoIn: (answer) => (answer as ListingPage).items[0]?.photo,
    photoSizes: LISTING_PHOTO_SIZES.card,
  },
  listingDetails: {
    pattern: pagePaths.propertyDetails(':id'),
    pageModule: 'src/app/routes/property-details.tsx',
    requestsAt: ({ params: { id: listingId = '' } }) =>
      LISTING_ID.test(listingId)
        ? [
            get('signedIn', { read: 'listing', listingId }, PUBLIC_LISTINGS_OPEN),
            get('signedIn', { read: 'listingReviews', listingId }, PUBLIC_LISTINGS_OPEN),
            // What the "Add To Wishlist" button checks: only a user has a wishlist.
            get('user', { read: 'wishlistEntry', listingId }),
          ]
        : [],
    photoIn: (answer) => (answer as ListingDetails).photo,
    photoSizes: LISTING_PHOTO_SIZES.details,
  },
  wishlist: {
    pattern: pagePaths.dashboard.wishlist,
    pageModule: 'src/app/routes/dashboard/wishlist.tsx',
    requestsAt: () => [get('user', { read: 'wishlist' })],
    photoIn: (answer) => (answer as WishlistPage).items[0]?.listing.photo,
    photoSizes: LISTING_PHOTO_SIZES.card,
  },
} satisfies Record<string, FirstPage>;

/**
 * The parameters of `pathname` if it is a page at `pattern`, else undefined. A parameter is
 * decoded, as the web router does; one trailing slash is ignored, as the router does.
 */
export function matchPagePattern(
  pattern: string,
  pathname: string,
): Record<string, string> | undefined {
  const wanted = pattern.split('/');
  const given = (pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname).split('/');
  if (wanted.length !== given.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, segment] of wanted.entries()) {
    const value = given[index] ?? '';
    if (!segment.startsWith(':')) {
      if (segment !== value) return undefined;
      continue;
    }
    if (value === '') return undefined;
    try {
      params[segment.slice(1)] = decodeURIComponent(value);
    } catch {
      return undefined;
    }
  }
  return params;
}

/** The page in the table at an address (path and query string), with its first requests. */
export function firstPageAt(
  pathname: string,
  search: string,
): { page: FirstPage; requests: FirstRequest[] } | undefined {
  for (const page of Object.values(firstPages) as FirstPage[]) {
    const params = matchPagePattern(page.pattern, pathname);
    if (params)
      return { page, requests: page.requestsAt({ params, search: new URLSearchParams(search) }) };
  }
  return undefined;
}
