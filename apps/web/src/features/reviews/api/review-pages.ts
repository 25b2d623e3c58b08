import { type ReviewPage, ReviewPageSchema } from '@basha/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** Every review list is a newest-first keyset page; this fetches one page of `path`. */
export function getReviewPage(path: string, cursor: string | undefined, signal?: AbortSignal) {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return apiRequest(`${path}${query}`, { schema: ReviewPageSchema, signal });
}

export const firstPage: string | undefined = undefined;

export const nextCursorOf = (page: ReviewPage) => page.nextCursor ?? undefined;
