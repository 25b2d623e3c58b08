import { type ListingCard, type ListingDetails, NOT_STATED_FACTS } from '@basha/domain';

export const LISTING_ID = 'c7e0c2f4-6f1f-4a8e-9b0c-2d4b7a1e5f10';

/** A verified listing's card as the API sends it (one photo, no facts stated). */
export function aListingCard(overrides: Partial<ListingCard> = {}): ListingCard {
  return {
    id: LISTING_ID,
    title: 'Lake view flat',
    location: 'Gulshan, Dhaka',
    price: { min: 50_000, max: 60_000 },
    status: 'verified',
    sold: false,
    photo: {
      url: '/media/p-1200.webp',
      srcset: '/media/p-1200.webp 1200w',
      width: 1200,
      height: 800,
    },
    photoCount: 1,
    agent: { id: 'a1', name: 'Agent Karim', email: 'karim@example.com', photoUrl: null },
    createdAt: '2026-01-01T00:00:00.000Z',
    facts: { type: null, bedrooms: null, bathrooms: null, size: null },
    ...overrides,
  };
}

/** The same listing's details page (facts not stated, no place, no revision); tests override. */
export function aListingDetails(overrides: Partial<ListingDetails> = {}): ListingDetails {
  return {
    ...aListingCard(),
    delisted: false,
    rejectionReason: null,
    pendingRevision: null,
    revisionRejection: null,
    photos: [],
    agentPhone: null,
    description: 'Three bedrooms.',
    sale: null,
    pendingEdit: null,
    updatedAt: '2026-01-01T00:00:00.000Z',
    facts: NOT_STATED_FACTS,
    pricePerSqft: null,
    place: null,
    ...overrides,
  };
}
