import { queryRoots } from '../../../lib/query-keys.ts';

/** All review lists share this key prefix, so a change refreshes every one of them. */
export const reviewsKey = queryRoots.reviews;
