import { z } from 'zod/mini';

/** A message's stable code and the values of its `{name}` placeholders (ADR 0023). */
const messageKey = {
  /** Which message `detail` (or a field's `message`) is; clients translate by it. */
  messageCode: z.optional(z.string()),
  params: z.optional(z.record(z.string(), z.union([z.string(), z.number()]))),
};

/** RFC 9457 problem details, the body of every failed API call. */
export const ProblemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.int(),
  /** English, for logs and curl; clients show the message of `messageCode` instead. */
  detail: z.string(),
  /** What kind of failure (NOT_FOUND, CONFLICT…), for code that branches on it. */
  code: z.string(),
  ...messageKey,
  errors: z.optional(z.array(z.object({ path: z.string(), message: z.string(), ...messageKey }))),
  /** Where to open Basha instead: the answer to a request from a page at another address. */
  openAt: z.optional(z.string()),
});
export type Problem = z.infer<typeof ProblemSchema>;
