import { queryRoots } from '../../../lib/query-keys.ts';

export const authKeys = {
  me: queryRoots.me,
  mySessions: [...queryRoots.me, 'sessions'] as const,
  providers: queryRoots.authProviders,
};
