import { describe, expect, it } from 'vitest';
import { AddToWishlistInputSchema, removedFromWishlistMessage } from './wishlist.ts';

describe('adding to the wishlist', () => {
  it('takes only a listing id', () => {
    const listingId = '5f0c6f9e-3a51-4c1e-9a43-8c2f1f0a7b21';
    expect(AddToWishlistInputSchema.parse({ listingId })).toEqual({ listingId });
    expect(AddToWishlistInputSchema.safeParse({ listingId, userId: listingId }).success).toBe(
      false,
    );
    expect(AddToWishlistInputSchema.safeParse({ listingId: 'x' }).error?.issues[0]?.message).toBe(
      'Unknown listing id.',
    );
  });
});

describe('removing from the wishlist', () => {
  it('names the property that was removed', () => {
    expect(removedFromWishlistMessage('Lake view flat')).toBe(
      '"Lake view flat" was removed from your wishlist.',
    );
  });
});
