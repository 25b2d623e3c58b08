import { expect, test } from '@playwright/test';
import jsonld from 'jsonld';
import { PUBLIC_LISTINGS_BASE_URL } from '../playwright.config.ts';
import { apiAs, demo } from '../support/api.ts';
import { addListing, createAgentAccount } from '../support/listings.ts';
import { agentWithVerifiedListing } from '../support/offers.ts';

// A listing's link as a messenger or a crawler fetches it: no cookie, no JavaScript, only
// the HTML the server sends. Its head carries the listing's own title, photo and JSON-LD;
// a listing that is not public leaves the generic head (PUBLIC_LISTINGS is off here).

/** schema.org's context, served locally: the test runs offline. Its core is the vocabulary. */
const documentLoader = async (url: string) => {
  if (url !== 'https://schema.org') throw new Error(`no network in tests: ${url}`);
  return { documentUrl: url, document: { '@context': { '@vocab': 'https://schema.org/' } } };
};

const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
const metaContent = (head: string, property: string) =>
  new RegExp(`<meta property="${property}" content="([^"]*)">`).exec(head)?.[1];
const jsonLdBlocks = (head: string) =>
  [...head.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(([, json]) =>
    JSON.parse(json ?? ''),
  );

test('a verified listing previews with its title, photo and a RealEstateListing; a pending one with nothing', async ({
  playwright,
  baseURL,
}) => {
  const { listingId, title } = await agentWithVerifiedListing({ min: 750000, max: 800000 });
  const agent = await createAgentAccount('E2E Preview Agent');
  const agentApi = await apiAs(agent);
  const pendingId = await addListing(agentApi, { title: 'Preview pending flat' });
  await agentApi.dispose();

  const crawler = await playwright.request.newContext({ baseURL });
  const verified = await crawler.get(`/propertyDetails/${listingId}`);
  expect(verified.status()).toBe(200);
  const head = headOf(await verified.text());
  expect(head).toContain(`<title>${title} | Basha</title>`);
  const image = metaContent(head, 'og:image') ?? '';
  expect(image).toMatch(new RegExp(`^${baseURL}/media/.+\\.webp$`));
  const photo = await crawler.get(image);
  expect(photo.status()).toBe(200);
  expect(photo.headers()['content-type']).toBe('image/webp');

  const [data] = jsonLdBlocks(head);
  const [node] = (await jsonld.expand(data, { documentLoader })) as Record<string, unknown>[];
  expect(node?.['@type']).toEqual(['https://schema.org/RealEstateListing']);
  const offers = node?.['https://schema.org/offers'] as Record<string, unknown>[];
  expect(offers[0]?.['@type']).toEqual(['https://schema.org/Offer']);

  const pending = await crawler.get(`/propertyDetails/${pendingId}`);
  const pendingHead = headOf(await pending.text());
  expect(pendingHead).toContain('<title>Basha</title>');
  expect(pendingHead).not.toContain('og:image');
  expect(jsonLdBlocks(pendingHead)).toEqual([]);
  expect(pendingHead).not.toContain('Preview pending flat');
  await crawler.dispose();
});

test.describe('with PUBLIC_LISTINGS=true', () => {
  test.use({ baseURL: PUBLIC_LISTINGS_BASE_URL });

  test('a visitor opens All Properties and a listing, and "Log in to…" comes back to it', async ({
    page,
  }) => {
    await page.goto('/allproperties');
    await expect(page).toHaveURL('/allproperties');
    const details = page.getByRole('link', { name: /^Details/ }).first();
    await details.click();
    await expect(page).toHaveURL(/\/propertyDetails\/[0-9a-f-]{36}$/);
    const listingUrl = page.url();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await page
      .getByRole('link', { name: /^Log in to add it to your wishlist, make an offer/ })
      .click();
    await expect(page).toHaveURL('/login');
    const user = demo('user');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(listingUrl);
    // Signed in now: the page offers the user's own actions.
    await expect(page.getByRole('button', { name: 'Add To Wishlist' })).toBeVisible();
  });
});
