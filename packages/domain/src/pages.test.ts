import { describe, expect, it } from 'vitest';
import {
  apiUrls,
  BROWSE_PAGE_SIZE,
  type FirstPage,
  type FirstRequest,
  firstPageAt,
  firstPages,
  LISTING_PHOTO_SIZES,
  listingBrowseFiltersFrom,
  listingMessages,
  matchPagePattern,
  mayMakeRequest,
  mayRequest,
  pagePaths,
  takaMessages,
} from './index.ts';

import { listingSearchMessages } from './listing-search-messages.ts';

const LISTING = '3f2b8c1e-5d4a-4b6f-9e7d-0a1b2c3d4e5f';
const urlsAt = (path: string) => {
  const address = new URL(path, 'http://basha.invalid');
  return firstPageAt(address.pathname, address.search)?.requests.map((request) => request.url);
};

describe('the page table', () => {
  it('home starts with the newest listings and the featured reviews, for anyone', () => {
    const found = firstPageAt('/', '');
    expect(found?.page).toBe(firstPages.home);
    expect(found?.requests).toEqual([
      { read: 'latestListings', method: 'GET', url: '/api/v1/listings/latest', who: 'everyone' },
      { read: 'featuredReviews', method: 'GET', url: '/api/v1/reviews/featured', who: 'everyone' },
    ]);
  });

  it('all properties asks for the first page of the search its address holds, and its counts', () => {
    expect(urlsAt('/allproperties')).toEqual([
      `/api/v1/listings?limit=${BROWSE_PAGE_SIZE}`,
      '/api/v1/listings/counts',
    ]);
    expect(urlsAt('/allproperties?sort=price_asc&location=Gulshan+2&maxPrice=90000')).toEqual([
      `/api/v1/listings?limit=${BROWSE_PAGE_SIZE}&location=Gulshan+2&maxPrice=90000&sort=price_asc`,
      // The order does not change the counts.
      '/api/v1/listings/counts?location=Gulshan+2&maxPrice=90000',
    ]);
    // The same search however the address writes it: order, blanks and padding do not count.
    expect(urlsAt('/allproperties?maxPrice=90000&location=%20Gulshan%202%20&minPrice=')).toEqual(
      urlsAt('/allproperties?location=Gulshan 2&maxPrice=90000'),
    );
    // What the API would refuse is left out, as the page leaves it out of its search.
    expect(urlsAt('/allproperties?sort=cheapest&minPrice=9000&maxPrice=100&page=2')).toEqual([
      `/api/v1/listings?limit=${BROWSE_PAGE_SIZE}`,
      '/api/v1/listings/counts',
    ]);
    // A search on facts and place is answered ahead too: the page and the server read the
    // address with one reader, so they ask for the very same URL.
    expect(
      urlsAt(
        '/allproperties?amenities=lift&types=apartment&area=gulshan&district=dhaka&minBedrooms=3&minSize=1200&maxSize=1800&sort=size',
      ),
    ).toEqual([
      `/api/v1/listings?limit=${BROWSE_PAGE_SIZE}&district=dhaka&area=gulshan&types=apartment&minBedrooms=3&minSize=1200&maxSize=1800&amenities=lift&sort=size`,
      '/api/v1/listings/counts?district=dhaka&area=gulshan&types=apartment&minBedrooms=3&minSize=1200&maxSize=1800&amenities=lift',
    ]);
    expect(urlsAt('/allproperties?types=castle&types=plot&minSize=5&sizeUnit=katha')).toEqual([
      `/api/v1/listings?limit=${BROWSE_PAGE_SIZE}&minSize=5&sizeUnit=katha`,
      '/api/v1/listings/counts?minSize=5&sizeUnit=katha',
    ]);
    expect(firstPageAt('/allproperties', '?location=Banani')?.requests[0]).toMatchObject({
      read: 'listingBrowse',
      filters: { location: 'Banani' },
      who: 'signedIn',
    });
  });

  it("a listing's details start with the listing, its reviews and, for a user, the wishlist entry", () => {
    expect(firstPageAt(pagePaths.propertyDetails(LISTING), '')?.requests).toEqual([
      expect.objectContaining({ url: `/api/v1/listings/${LISTING}`, who: 'signedIn' }),
      expect.objectContaining({ url: `/api/v1/listings/${LISTING}/reviews`, who: 'signedIn' }),
      expect.objectContaining({ url: `/api/v1/wishlist?listingId=${LISTING}`, who: 'user' }),
    ]);
    // An id that cannot be a listing asks for nothing, whatever it holds.
    for (const id of ['not-a-listing', '%22%3E%3Cscript%3E', '%E0%A4%A']) {
      expect(firstPageAt(`/propertyDetails/${id}`, '')?.requests ?? []).toEqual([]);
    }
  });

  it('the wishlist starts with its first page, for a user only', () => {
    expect(firstPageAt(pagePaths.dashboard.wishlist, '')?.requests).toEqual([
      { read: 'wishlist', method: 'GET', url: '/api/v1/wishlist', who: 'user' },
    ]);
  });

  it('other pages are not in the table', () => {
    for (const path of [pagePaths.about, pagePaths.login, '/propertyDetails', '/x/allproperties']) {
      expect(firstPageAt(path, '')).toBeUndefined();
    }
  });

  it('names the photo the page shows largest, at its size', () => {
    const photo = { url: '/media/a-800.webp', srcset: '/media/a-400.webp 400w' };
    const page = (it: FirstPage) => [it.photoIn, it.photoSizes] as const;
    const [fromLatest, cardSizes] = page(firstPages.home);
    expect(fromLatest({ items: [{ photo }] })).toBe(photo);
    expect(cardSizes).toBe(LISTING_PHOTO_SIZES.card);
    expect(firstPages.allProperties.photoIn({ items: [] })).toBeUndefined();
    expect(firstPages.listingDetails.photoIn({ photo })).toBe(photo);
    expect(firstPages.listingDetails.photoSizes).toBe(LISTING_PHOTO_SIZES.details);
    expect(firstPages.wishlist.photoIn({ items: [{ listing: { photo } }] })).toBe(photo);
  });
});

describe('page patterns', () => {
  it('match a path segment by segment, decoding parameters as the web router does', () => {
    expect(matchPagePattern('/propertyDetails/:id', '/propertyDetails/a%20b')).toEqual({
      id: 'a b',
    });
    expect(matchPagePattern('/propertyDetails/:id', '/propertyDetails/x/')).toEqual({ id: 'x' });
    expect(matchPagePattern('/allproperties', '/allproperties/')).toEqual({});
    expect(matchPagePattern('/', '/')).toEqual({});
    expect(matchPagePattern('/propertyDetails/:id', '/propertyDetails/')).toBeUndefined();
    expect(matchPagePattern('/propertyDetails/:id', '/propertyDetails/a/b')).toBeUndefined();
    expect(matchPagePattern('/propertyDetails/:id', '/propertyDetails/%E0%A4%A')).toBeUndefined();
  });

  it("every page's path builder makes an address its pattern matches", () => {
    expect(
      matchPagePattern(firstPages.listingDetails.pattern, pagePaths.propertyDetails(LISTING)),
    ).toEqual({ id: LISTING });
    expect(firstPages.allProperties.pattern).toBe(pagePaths.allProperties);
    expect(firstPages.wishlist.pattern).toBe(pagePaths.dashboard.wishlist);
  });
});

describe('who may make a request', () => {
  it('everyone, any account, or one role', () => {
    expect(mayRequest('everyone', undefined)).toBe(true);
    expect(mayRequest('signedIn', undefined)).toBe(false);
    expect(mayRequest('signedIn', 'agent')).toBe(true);
    expect(mayRequest('user', 'user')).toBe(true);
    expect(mayRequest('user', 'agent')).toBe(false);
    expect(mayRequest('user', undefined)).toBe(false);
  });
});

describe('API URLs', () => {
  it('encode what they carry, so an id or a cursor cannot change the path', () => {
    expect(apiUrls.listing('a/b?c')).toBe('/api/v1/listings/a%2Fb%3Fc');
    expect(apiUrls.wishlist('x&y=1')).toBe('/api/v1/wishlist?cursor=x%26y%3D1');
    expect(apiUrls.wishlist()).toBe('/api/v1/wishlist');
    expect(apiUrls.listingBrowse({}, 'next page')).toBe(
      `/api/v1/listings?limit=${BROWSE_PAGE_SIZE}&cursor=next+page`,
    );
  });
});

describe('browse filters from an address', () => {
  it('keeps whole positive taka, known sorts and trimmed text; flags a reversed window', () => {
    expect(
      listingBrowseFiltersFrom(new URLSearchParams('location=+Uttara+&minPrice=0&maxPrice=12.5')),
    ).toEqual({
      filters: { location: 'Uttara', sort: undefined, minPrice: undefined, maxPrice: undefined },
      priceOrderWrong: false,
      sizeOrderWrong: false,
      priceProblems: {
        minPrice: takaMessages.positive,
        maxPrice: takaMessages.whole,
      },
      sizeProblems: {},
    });
    expect(
      listingBrowseFiltersFrom(new URLSearchParams('minPrice=9&maxPrice=3&sort=price_desc')),
    ).toEqual({
      filters: { location: undefined, sort: 'price_desc' },
      priceOrderWrong: true,
      sizeOrderWrong: false,
      priceProblems: {},
      sizeProblems: {},
    });
  });

  it('reads prices typed in Bangla digits with lakh commas, and says why text is no price', () => {
    expect(
      listingBrowseFiltersFrom(new URLSearchParams('minPrice=৫০,০০,০০০&maxPrice=lots')),
    ).toMatchObject({
      filters: { minPrice: 5_000_000 },
      priceOrderWrong: false,
      priceProblems: { maxPrice: listingMessages.filterMaxNotNumeric },
    });
  });

  it('reads sizes in Bangla digits too, and says why a size is left out or a window is upside down', () => {
    expect(
      listingBrowseFiltersFrom(new URLSearchParams('minSize=১,২০০&maxSize=-50')),
    ).toMatchObject({
      filters: { minSize: 1200 },
      sizeOrderWrong: false,
      sizeProblems: { maxSize: listingSearchMessages.sizeFilterInvalid },
    });
    expect(
      listingBrowseFiltersFrom(new URLSearchParams('minSize=১৮০০&maxSize=1200')),
    ).toMatchObject({
      filters: {},
      sizeOrderWrong: true,
      sizeProblems: {},
    });
  });
});

describe('what PUBLIC_LISTINGS opens to visitors (ADR 28)', () => {
  const requestsAt = (path: string) => firstPageAt(path, '')?.requests ?? [];
  const [listing, reviews, wishlistEntry] = requestsAt(pagePaths.propertyDetails(LISTING)) as [
    FirstRequest,
    FirstRequest,
    FirstRequest,
  ];
  const [browse, counts] = requestsAt(pagePaths.allProperties) as [FirstRequest, FirstRequest];

  it("a visitor may read the listings, their counts and a listing's reviews when they are public, and nothing else", () => {
    for (const request of [browse, counts, listing, reviews]) {
      expect(mayMakeRequest(request, undefined, true), request?.url).toBe(true);
      expect(mayMakeRequest(request, undefined, false), request?.url).toBe(false);
    }
    expect(mayMakeRequest(wishlistEntry, undefined, true)).toBe(false);
  });

  it('accounts keep their own rules', () => {
    expect(mayMakeRequest(wishlistEntry, 'user', false)).toBe(true);
    expect(mayMakeRequest(wishlistEntry, 'agent', true)).toBe(false);
    expect(mayMakeRequest(reviews, 'agent', false)).toBe(true);
  });
});
