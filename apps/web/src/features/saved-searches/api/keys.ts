import { queryRoots } from '../../../lib/query-keys.ts';

export const savedSearchKeys = {
  all: queryRoots.savedSearches,
  list: [...queryRoots.savedSearches, 'list'] as const,
  emailPreferences: [...queryRoots.savedSearches, 'email-preferences'] as const,
};
