import { AuditPageSchema } from '@basha/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { auditLogKey } from './keys.ts';

/** Every admin decision, newest first (admin). */
export function getAuditLog(cursor?: string, signal?: AbortSignal) {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return apiRequest(`/api/v1/admin/audit-log${query}`, { schema: AuditPageSchema, signal });
}

export const auditLogQueryOptions = infiniteQueryOptions({
  queryKey: auditLogKey,
  queryFn: ({ pageParam, signal }) => getAuditLog(pageParam, signal),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (page) => page.nextCursor ?? undefined,
});

export function useAuditLog() {
  return useInfiniteQuery(auditLogQueryOptions);
}
