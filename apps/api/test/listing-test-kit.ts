// Helpers shared by the listings test files (imported by tests only).
import type { TestAccount, TestApp } from './test-app.ts';
import { samplePhoto, signUpForm } from './test-app.ts';

/** The facts and the place every add/update form states (ADR 29). */
export const validFacts = {
  type: 'apartment',
  bedrooms: '3',
  bathrooms: '2',
  size: '1450',
  completion: 'ready',
  division: 'dhaka',
  district: 'dhaka',
  area: 'gulshan',
} as const;

export const validFields = {
  title: 'Lake-view flat in Gulshan',
  location: 'Gulshan 2, Dhaka',
  description: 'Three bedrooms, two balconies, a lift and a generator.',
  priceMin: '5000',
  priceMax: '5100',
  ...validFacts,
} as const;

export type Photo = { bytes: Buffer; name?: string; type?: string };

/** A multipart add/update form; the photo defaults to a small PNG, `null` leaves it out. */
export async function listingForm(
  fields: Record<string, string> = validFields,
  photo?: Photo | null,
) {
  const file = photo === undefined ? { bytes: await samplePhoto() } : photo;
  return signUpForm(
    fields,
    file
      ? { bytes: file.bytes, name: file.name ?? 'flat.png', type: file.type ?? 'image/png' }
      : undefined,
  );
}

export const as = (account: TestAccount | null) => (account ? { cookie: account.cookie } : {});

export async function addListing(
  t: TestApp,
  agent: TestAccount,
  fields: Record<string, string> = validFields,
  photo?: Photo | null,
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/listings',
    headers: as(agent),
    payload: await listingForm(fields, photo),
  });
}

export async function updateListing(
  t: TestApp,
  agent: TestAccount,
  id: string,
  fields: Record<string, string> = validFields,
  photo: Photo | null = null,
) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/v1/listings/${id}`,
    headers: as(agent),
    payload: await listingForm(fields, photo),
  });
}

export function call(
  t: TestApp,
  account: TestAccount | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return t.app.inject({ method, url, headers: as(account), ...(payload ? { payload } : {}) });
}
