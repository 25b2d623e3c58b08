import { queryRoots } from '../../../lib/query-keys.ts';

/** Every payments query starts with this key. */
export const PAYMENTS_KEY = queryRoots.payments;
