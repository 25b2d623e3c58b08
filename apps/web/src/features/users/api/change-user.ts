import { useQueryClient } from '@tanstack/react-query';

/**
 * After an admin changes an account, anything on screen may be stale: the user list, the
 * audit log, and (for fraud and deletion) listings, offers and reviews of other features.
 *
 * Reads still in flight are cancelled first: one sent before the change (a search typed just
 * before Delete) would otherwise land after it, and TanStack Query lets a query's first fetch
 * run on when invalidated instead of fetching again, so the deleted account stayed listed.
 */
export function useRefreshAfterUserChange() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.cancelQueries();
    await queryClient.invalidateQueries();
  };
}
