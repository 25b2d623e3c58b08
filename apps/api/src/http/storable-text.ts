import { textMessages, unstorableTextPaths } from '@basha/domain';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

/**
 * The domain's text rule for routes whose input no schema of ours describes (better-auth's
 * endpoints): a NUL or a lone surrogate anywhere in the query or the JSON body is a 400
 * before the request reaches a query, as it is at the schema on every other route.
 */
export async function refuseUnstorableText(request: FastifyRequest): Promise<void> {
  const paths = [...unstorableTextPaths(request.query), ...unstorableTextPaths(request.body)];
  if (paths.length > 0) {
    throw AppError.validation(paths.map((path) => ({ path, message: textMessages.unstorable })));
  }
}
