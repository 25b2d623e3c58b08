import type { z } from 'zod/mini';
import { AppError } from './app-error.ts';

/** Validates input outside Fastify's schema step (multipart fields) with the same error shape. */
export function parseOrThrow<Schema extends z.ZodMiniType>(
  schema: Schema,
  input: unknown,
): z.infer<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw AppError.validation(
    result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
  );
}
