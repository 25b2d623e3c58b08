import {
  BROWSE_PAGE_SIZE,
  type LatestListings,
  LISTING_PHOTO_SIZES,
  type ListingDetails,
  type ListingPage,
  type ListingPhoto,
  type WishlistPage,
} from '@basha/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PageScripts } from './page-scripts.ts';

/**
 * A page's module in the web app (when not in the entry chunk), the requests it starts with
 * (the first one its main content), and where that answer names the page's largest photo.
 */
type FirstPage = {
  pageModule?: string;
  requests: [main: string, ...others: string[]];
  photoIn: (answer: unknown) => ListingPhoto | undefined;
  sizes: string;
};

const LISTING_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The pages a first visit most often opens, as the web app asks for them (its router
 * prefetches the same requests once its script has run). All properties only without
 * filters: the filtered request is the web app's to build.
 */
export function firstPageAt(pathname: string, search: string): FirstPage | undefined {
  if (pathname === '/') {
    return {
      requests: ['/api/v1/listings/latest', '/api/v1/reviews/featured'],
      photoIn: (answer) => (answer as LatestListings).items[0]?.photo,
      sizes: LISTING_PHOTO_SIZES.card,
    };
  }
  if (pathname === '/allproperties' && search === '') {
    return {
      pageModule: 'src/app/routes/all-properties.tsx',
      requests: [`/api/v1/listings?limit=${BROWSE_PAGE_SIZE}`],
      photoIn: (answer) => (answer as ListingPage).items[0]?.photo,
      sizes: LISTING_PHOTO_SIZES.card,
    };
  }
  if (pathname === '/dashboard/wishlist') {
    return {
      pageModule: 'src/app/routes/dashboard/wishlist.tsx',
      requests: ['/api/v1/wishlist'],
      photoIn: (answer) => (answer as WishlistPage).items[0]?.listing.photo,
      sizes: LISTING_PHOTO_SIZES.card,
    };
  }
  const details = /^\/propertyDetails\/([^/]+)$/.exec(pathname);
  if (details?.[1] && LISTING_ID.test(details[1])) {
    return {
      pageModule: 'src/app/routes/property-details.tsx',
      requests: [
        `/api/v1/listings/${details[1]}`,
        `/api/v1/listings/${details[1]}/reviews`,
        // What the "Add To Wishlist" button checks (users only: others get no hint for it).
        `/api/v1/wishlist?listingId=${details[1]}`,
      ],
      photoIn: (answer) => (answer as ListingDetails).photo,
      sizes: LISTING_PHOTO_SIZES.details,
    };
  }
  return undefined;
}

/**
 * `<link rel=preload>` tags for the page at the requested address: its scripts, its first
 * API answers and its largest photo. The page is rendered by script, so without them a phone
 * asks for the page's code and data only once the entry script has downloaded and run, and
 * for the photo only once the data has arrived; with them, all of it downloads alongside the
 * entry. The answers are asked of this app in-process, with the caller's cookie, so the
 * hints follow exactly the rules (and the response cache) of the API itself: a caller the API
 * would refuse (a visitor on a page for the signed-in) gets none.
 */
export async function firstPageHints(
  app: FastifyInstance,
  request: FastifyRequest,
  scriptsOf: PageScripts,
): Promise<string> {
  const address = new URL(request.url, 'http://basha.invalid');
  const page = firstPageAt(address.pathname, address.search);
  if (!page) return '';
  const { cookie } = request.headers;
  const answers = await Promise.all(
    page.requests.map((url) =>
      app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} }),
    ),
  );
  const [main] = answers;
  if (main?.statusCode !== 200) return '';
  const photo = page.photoIn(main.json());
  const scripts = page.pageModule ? scriptsOf(page.pageModule) : [];
  const hints = [
    // Same CORS mode as the entry's own <script type=module crossorigin> imports.
    ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="${attribute(file)}">`),
    // The web app fetches with credentials included: the preload must match that to be used.
    ...page.requests
      .filter((_, index) => answers[index]?.statusCode === 200)
      .map(
        (url) =>
          `<link rel="preload" href="${attribute(url)}" as="fetch" crossorigin="use-credentials">`,
      ),
  ];
  if (photo) {
    hints.push(
      `<link rel="preload" as="image" href="${attribute(photo.url)}" imagesrcset="${attribute(photo.srcset)}" imagesizes="${attribute(page.sizes)}" fetchpriority="high">`,
    );
  }
  return hints.join('');
}

function attribute(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}
