import { useQueryClient } from '@tanstack/react-query';

/**
 * After an admin changes an account, anything on screen may be stale: the user list, the
 * audit log, and (for fraud and deletion) listings, offers and reviews of other features.
 */
export function useRefreshAfterUserChange() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries();
}
