import type {
  AuditAction,
  AuditEntry,
  AuditLogQuery,
  AuditPage,
  AuditTargetType,
} from '@basha/domain';
import type { Database } from '../../db/client.ts';
import { decodeNewestFirstCursor, newestFirstPage } from '../../http/newest-first-page.ts';
import * as repo from './audit.repository.ts';

export async function listAuditLog(db: Database, query: AuditLogQuery): Promise<AuditPage> {
  const after = decodeNewestFirstCursor(query.cursor);
  const rows = await repo.listAuditEntries(db, after, query.limit);
  return newestFirstPage(rows, query.limit, toAuditEntry);
}

function toAuditEntry(row: repo.AuditEntryRow): AuditEntry {
  return {
    id: row.id,
    actor: { id: row.actorId, name: row.actorName },
    // Only recordAudit writes these columns, and it accepts nothing else.
    action: row.action as AuditAction,
    target: { type: row.targetType as AuditTargetType, id: row.targetId, label: row.targetLabel },
    details: row.details,
    createdAt: row.createdAt.toISOString(),
  };
}
