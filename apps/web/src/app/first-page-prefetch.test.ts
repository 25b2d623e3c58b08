import {
  type FirstPage,
  firstPages,
  LISTING_TYPES,
  matchPagePattern,
  mayRequest,
  NOT_STATED_FACTS,
  PUBLIC_LISTINGS_META,
  pagePaths,
  type Role,
  type User,
} from '@basha/domain';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_URL, stubApi } from '../../testing/render.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { firstPagePrefetch } from './page-preload.tsx';

// The router's prefetch of each page in the domain's page table asks the API for exactly the
// URLs the table lists (the server inlines the answers under those URLs), those the account
// may make, and no more: a URL built differently in a fetcher would show here as a mismatch.

const LISTING_ID = '7d6f0c52-5a7e-4a57-9d41-2f6f1b7a6a11';
const listing = {
  id: LISTING_ID,
  title: 'Flat in Mirpur',
  location: 'Mirpur 10, Dhaka',
  price: { min: 5000, max: 5100 },
  status: 'verified',
  sold: false,
  photo: { url: '/media/x-1200.webp', srcset: '/media/x-400.webp 400w', width: 1200, height: 800 },
  photoCount: 1,
  agent: { id: 'a1', name: 'Tanvir Hossain', email: 'agent@basha.demo', photoUrl: null },
  createdAt: '2026-01-01T00:00:00.000Z',
  facts: { type: null, bedrooms: null, bathrooms: null, size: null },
};
const details = {
  ...listing,
  agentPhone: null,
  rejectionReason: null,
  delisted: false,
  pendingRevision: null,
  revisionRejection: null,
  description: 'Two bedrooms.',
  photos: [{ ...listing.photo, key: 'listing-photos/x', position: 0, caption: null }],
  updatedAt: '2026-01-01T00:00:00.000Z',
  sale: null,
  pendingEdit: null,
  facts: NOT_STATED_FACTS,
  pricePerSqft: null,
  place: null,
};
const noMore = { nextCursor: null };
const accountOf = (role: Role): User => ({
  id: `${role}-1`,
  name: `A ${role}`,
  email: `${role}@example.com`,
  photoUrl: null,
  role,
  fraud: false,
  createdAt: '2026-01-02T10:00:00.000Z',
});

function answerTo(url: string, me: User | null) {
  const { pathname } = new URL(url, 'http://basha.invalid');
  const answers: Record<string, unknown> = {
    [SESSION_URL]: { user: me },
    '/api/v1/listings/latest': { items: [listing] },
    '/api/v1/reviews/featured': { items: [] },
    '/api/v1/listings': { items: [listing], ...noMore },
    '/api/v1/listings/counts': {
      total: 1,
      byType: Object.fromEntries(LISTING_TYPES.map((type) => [type, 0])),
      capped: false,
    },
    [`/api/v1/listings/${LISTING_ID}`]: details,
    [`/api/v1/listings/${LISTING_ID}/reviews`]: { items: [], ...noMore },
    '/api/v1/wishlist': {
      items: [{ id: 'w1', listing, createdAt: '2026-01-03T00:00:00.000Z' }],
      ...noMore,
    },
  };
  return pathname in answers ? { status: 200, body: answers[pathname] } : undefined;
}

// Where each page of the table is opened here (a new page without an address fails to compile).
const addressOf: Record<keyof typeof firstPages, string> = {
  home: pagePaths.home,
  allProperties: `${pagePaths.allProperties}?location=+Mirpur&sort=price_asc&minPrice=x`,
  listingDetails: pagePaths.propertyDetails(LISTING_ID),
  wishlist: pagePaths.dashboard.wishlist,
};

afterEach(() => {
  for (const link of document.head.querySelectorAll('link[rel="preload"]')) link.remove();
});

/** The requests the prefetch of the page `name` makes for `me`, once they have all settled. */
async function prefetchOpening(name: keyof typeof firstPages, me: User | null) {
  const page: FirstPage = firstPages[name];
  const calls = stubApi((url) => answerTo(url, me));
  const queryClient = createQueryClient();
  const address = new URL(addressOf[name], 'http://basha.invalid');
  const params = matchPagePattern(page.pattern, address.pathname) ?? {};
  const search = new URLSearchParams(address.search);
  await firstPagePrefetch(page)({ queryClient, params, searchParams: search });
  await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  return { calls, params, search };
}

describe("the first page's prefetch", () => {
  for (const [name, page] of Object.entries(firstPages) as [keyof typeof firstPages, FirstPage][]) {
    for (const role of [undefined, 'user', 'agent'] as const) {
      it(`${name}, for ${role ?? 'a visitor'}: the table's URLs the caller may make, and the photo`, async () => {
        const { calls, params, search } = await prefetchOpening(
          name,
          role ? accountOf(role) : null,
        );

        const requests = page.requestsAt({ params, search });
        const mayMain = mayRequest(requests[0]?.who ?? 'everyone', role);
        const asksWhoIsSignedIn = requests.some((request) => request.who !== 'everyone');
        expect(calls.map((call) => call.url)).toEqual([
          ...(asksWhoIsSignedIn ? [SESSION_URL] : []),
          ...(mayMain
            ? requests.filter((request) => mayRequest(request.who, role)).map(({ url }) => url)
            : []),
        ]);
        const photo = document.head.querySelector('link[rel="preload"]');
        expect(photo?.getAttribute('href') ?? null).toBe(mayMain ? listing.photo.url : null);
      });
    }
  }
});

describe("the first page's prefetch for a visitor, when listings are public (PUBLIC_LISTINGS)", () => {
  afterEach(() => {
    for (const meta of document.head.querySelectorAll(`meta[name="${PUBLIC_LISTINGS_META}"]`))
      meta.remove();
  });

  it.each([
    ['allProperties', [`/api/v1/listings`, `/api/v1/listings/counts`]],
    [
      'listingDetails',
      [`/api/v1/listings/${LISTING_ID}`, `/api/v1/listings/${LISTING_ID}/reviews`],
    ],
  ] as const)(
    "%s takes its main content (and its search's counts, or a listing's reviews), the wishlist stays for accounts",
    async (name, visitorPaths) => {
      document.head.insertAdjacentHTML(
        'beforeend',
        `<meta name="${PUBLIC_LISTINGS_META}" content="true">`,
      );
      const { calls } = await prefetchOpening(name, null);

      expect(calls.map((call) => new URL(call.url, 'http://basha.invalid').pathname)).toEqual([
        SESSION_URL,
        ...visitorPaths,
      ]);
      expect(document.head.querySelector('link[rel="preload"]')?.getAttribute('href')).toBe(
        listing.photo.url,
      );
    },
  );
});
