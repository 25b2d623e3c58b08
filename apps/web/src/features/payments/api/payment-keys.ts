/** Every payments query starts with this key. */
export const PAYMENTS_KEY = ['payments'] as const;

/**
 * The offers feature's key prefix: a payment turns the offer into "paid", so its queries are
 * refreshed after one (the key is shared by value; features do not import each other).
 */
export const OFFERS_KEY = ['offers'] as const;
