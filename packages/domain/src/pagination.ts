import { z } from 'zod/mini';
import { text } from './text.ts';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export const PageQuerySchema = z.object({
  cursor: z.optional(text().check(z.maxLength(200))),
  limit: z._default(
    z.coerce.number().check(z.int(), z.minimum(1), z.maximum(MAX_PAGE_SIZE)),
    DEFAULT_PAGE_SIZE,
  ),
});

/** A keyset page: `nextCursor` is null on the last page. */
export function pageOf<Item extends z.ZodMiniType>(item: Item) {
  return z.object({ items: z.array(item), nextCursor: z.nullable(z.string()) });
}
