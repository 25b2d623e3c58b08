import {
  BROWSE_PAGE_SIZE,
  FIRST_ANSWERS_ELEMENT_ID,
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

/** Every page's first request: who is signed in (the web app's `getMe`). */
const SESSION_REQUEST = '/api/v1/session';

/**
 * What the page at the requested address needs first, written into its `<head>`: the API
 * answers it starts with (who is signed in, then its main content) inlined as JSON, and
 * `<link rel=preload>` of its scripts and its largest photo. The page is rendered by script,
 * so without them a phone asks for the page's code and data only once the entry script has
 * downloaded and run, and for the photo only once the data has arrived. Inlined, the answers
 * cost no request at all: over HTTP/1.1 a browser opens at most six connections to a host,
 * and each preloaded answer held one (a handshake and a round trip on a phone) while the
 * entry script waited for it. The answers are asked of this app in-process, with the
 * caller's cookie, so they follow exactly the rules (and the response cache) of the API
 * itself: a caller the API would refuse (a visitor on a page for the signed-in) gets none.
 */
export async function firstPageHints(
  app: FastifyInstance,
  request: FastifyRequest,
  scriptsOf: PageScripts,
): Promise<string> {
  const address = new URL(request.url, 'http://basha.invalid');
  const page = firstPageAt(address.pathname, address.search);
  const { cookie } = request.headers;
  const ask = (url: string) =>
    app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const [session, ...answers] = await Promise.all(
    [SESSION_REQUEST, ...(page?.requests ?? [])].map(ask),
  );
  const inlined = new Map<string, string>();
  if (session?.statusCode === 200) inlined.set(SESSION_REQUEST, session.body);
  const [main] = answers;
  if (!page || main?.statusCode !== 200) return inlinedAnswers(inlined);

  page.requests.forEach((url, index) => {
    const answer = answers[index];
    if (answer?.statusCode === 200) inlined.set(url, answer.body);
  });
  const photo = page.photoIn(main.json());
  const scripts = page.pageModule ? scriptsOf(page.pageModule) : [];
  const hints = [
    // Same CORS mode as the entry's own <script type=module crossorigin> imports.
    ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="${attribute(file)}">`),
  ];
  if (photo) {
    hints.push(
      `<link rel="preload" as="image" href="${attribute(photo.url)}" imagesrcset="${attribute(photo.srcset)}" imagesizes="${attribute(page.sizes)}" fetchpriority="high">`,
    );
  }
  return hints.join('') + inlinedAnswers(inlined);
}

/**
 * The answers as one JSON object keyed by request URL, in a data block the browser does not
 * run. Every `<`, `>` and `&` is written as a JSON escape, so no text in an answer (a
 * listing titled `</script>…`) can end the block or start markup.
 */
function inlinedAnswers(answers: Map<string, string>): string {
  if (answers.size === 0) return '';
  const json = `{${[...answers].map(([url, body]) => `${JSON.stringify(url)}:${body}`).join(',')}}`;
  const escaped = json.replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `<script type="application/json" id="${FIRST_ANSWERS_ELEMENT_ID}">${escaped}</script>`;
}

function attribute(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}
