import { describe, expect, it } from 'vitest';
import { AuditEntrySchema } from './audit.ts';
import { CreateReviewInputSchema, reviewMessages } from './index.ts';

const messagesOf = (input: unknown) => {
  const result = CreateReviewInputSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('review input', () => {
  it('accepts a whole rating from 1 to 5 and trims the text', () => {
    for (const rating of [1, 2, 3, 4, 5]) {
      expect(CreateReviewInputSchema.parse({ rating, text: '  Lovely  ' })).toEqual({
        rating,
        text: 'Lovely',
      });
    }
  });

  it.each([
    [undefined, reviewMessages.ratingRequired],
    [null, reviewMessages.ratingRequired],
    [0, reviewMessages.ratingRequired],
    [6, reviewMessages.ratingRequired],
    [-1, reviewMessages.ratingRequired],
    [2.5, reviewMessages.ratingNotWhole],
    ['3', reviewMessages.ratingNotWhole],
  ])('refuses the rating %o with "%s"', (rating, message) => {
    expect(messagesOf({ rating, text: 'Fine' })).toEqual([message]);
  });

  it.each([
    [undefined, reviewMessages.textRequired],
    ['', reviewMessages.textRequired],
    ['   ', reviewMessages.textRequired],
    [7, reviewMessages.textRequired],
    ['x'.repeat(2001), reviewMessages.textTooLong],
  ])('refuses the text %o', (text, message) => {
    expect(messagesOf({ rating: 3, text })).toEqual([message]);
  });

  it('accepts exactly 2000 characters and refuses unknown fields', () => {
    expect(messagesOf({ rating: 3, text: 'x'.repeat(2000) })).toEqual([]);
    expect(messagesOf({ rating: 3, text: 'Fine', reviewerId: 'someone-else' })).toHaveLength(1);
  });

  it('says the one-review rule and the empty state the way the issue words them', () => {
    expect(reviewMessages.alreadyReviewed).toBe('You have already reviewed this property.');
    expect(reviewMessages.noneWritten).toBe("You haven't reviewed any property yet!");
    expect(reviewMessages.ratingRequired).toBe('Choose a rating from 1 to 5 stars.');
    expect(reviewMessages.textTooLong).toBe('Your review must be at most 2000 characters long.');
  });
});

describe('audit entries', () => {
  it('accept only the actions the API records', () => {
    const entry = {
      id: 'e',
      actor: { id: null, name: 'Former admin' },
      action: 'review.featured',
      target: { type: 'review', id: 'r', label: 'Lake view flat' },
      details: {},
      createdAt: '2025-01-01T00:00:00.000Z',
    };
    expect(AuditEntrySchema.safeParse(entry).success).toBe(true);
    expect(AuditEntrySchema.safeParse({ ...entry, action: 'review.liked' }).success).toBe(false);
  });
});
