import { z } from 'zod/mini';

/** RFC 9457 problem details, the body of every failed API call. */
export const ProblemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.int(),
  detail: z.string(),
  code: z.string(),
  errors: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
  /** Where to open Basha instead: the answer to a request from a page at another address. */
  openAt: z.optional(z.string()),
});
export type Problem = z.infer<typeof ProblemSchema>;
