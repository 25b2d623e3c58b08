import { queryRoots } from '../../../lib/query-keys.ts';

export const usersKey = queryRoots.users;

export const auditLogKey = queryRoots.auditLog;
