import {
  type ListingSearch,
  type SavedSearchChange,
  type SavedSearchFrequency,
  SavedSearchListSchema,
  SavedSearchSchema,
} from '@basha/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '../../../lib/api-client.ts';
import { savedSearchKeys } from './keys.ts';

const URL = '/api/v1/me/saved-searches';
const one = (id: string) => `${URL}/${encodeURIComponent(id)}`;

export const savedSearchesQueryOptions = queryOptions({
  queryKey: savedSearchKeys.list,
  queryFn: ({ signal }) => apiRequest(URL, { schema: SavedSearchListSchema, signal }),
  select: (answer) => answer.items,
});

/** The signed-in account's saved searches, newest first. */
export function useSavedSearches() {
  return useQuery(savedSearchesQueryOptions);
}

/** Every change to a saved search refreshes the list. */
function useSavedSearchMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.list }),
  });
}

export function useSaveSearch() {
  return useSavedSearchMutation(
    (entry: { name: string; search: ListingSearch; frequency: SavedSearchFrequency }) =>
      apiRequest(URL, { method: 'POST', body: entry, schema: SavedSearchSchema }),
  );
}

export function useChangeSavedSearch() {
  return useSavedSearchMutation(({ id, change }: { id: string; change: SavedSearchChange }) =>
    apiRequest(one(id), { method: 'PATCH', body: change, schema: SavedSearchSchema }),
  );
}

export function useDeleteSavedSearch() {
  return useSavedSearchMutation((id: string) =>
    apiRequest(one(id), { method: 'DELETE', schema: z.null() }),
  );
}
