import { createHash } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { verification } from '../../db/schema.ts';

/** How better-auth names a reset link's token among its verifications. */
export const RESET_LINK_PREFIX = 'reset-password:';

/**
 * How a reset link's identifier is stored (better-auth's `storeIdentifier` for the prefix):
 * a digest, as for every verification, but with its kind kept in front, so an account's open
 * links can be found without their tokens.
 */
export async function storedResetLinkIdentifier(identifier: string): Promise<string> {
  return `${RESET_LINK_PREFIX}${createHash('sha256').update(identifier).digest('base64url')}`;
}

/**
 * Ends every reset link of the account still open: once its password is chosen anew (by a
 * link or on the profile), an older email must not choose another.
 */
export async function forgetResetLinks(db: Database, userId: string): Promise<void> {
  await db
    .delete(verification)
    .where(
      and(eq(verification.value, userId), like(verification.identifier, `${RESET_LINK_PREFIX}%`)),
    );
}
