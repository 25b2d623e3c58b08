import {
  accessMessages,
  refusalOf,
  type User,
  type UserAction,
  type UserListQuery,
  type UserPage,
  userMessages,
} from '@basha/domain';
import type { Actor } from '../../auth/access.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { decodeNewestFirstCursor, newestFirstPage } from '../../http/newest-first-page.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { recordNotification } from '../notifications/notifications.repository.ts';
import { deleteOpenOffersOf, delistAgentListings } from './moderation.repository.ts';
import * as repo from './users.repository.ts';

export async function getMe(db: Database, actor: Actor): Promise<User> {
  const row = await repo.findUserById(db, actor.id);
  if (!row) throw new AppError('UNAUTHENTICATED', accessMessages.logIn);
  return repo.toUser(row);
}

export async function listUsers(db: Database, query: UserListQuery): Promise<UserPage> {
  const rows = await repo.listUsers(db, query, decodeNewestFirstCursor(query.cursor));
  return newestFirstPage(rows, query.limit, repo.toUser);
}

export function promoteUser(db: Database, actor: Actor, targetId: string, role: 'agent' | 'admin') {
  return changeUser(db, actor, targetId, 'promote', async (tx, target) => {
    await repo.setRole(tx, targetId, role);
    await recordAudit(
      tx,
      actor,
      'user.promoted',
      { type: 'user', id: targetId },
      { from: target.role, to: role },
    );
    await recordNotification(tx, { recipientId: targetId, kind: 'roleChanged', params: { role } });
  });
}

/** Marks an agent as fraud and, in the same transaction, takes their unsold listings down. */
export function markAgentAsFraud(db: Database, actor: Actor, targetId: string) {
  return changeUser(db, actor, targetId, 'markFraud', async (tx) => {
    await repo.setFraud(tx, targetId);
    const outcome = await delistAgentListings(tx, targetId);
    await recordAudit(tx, actor, 'user.marked_fraud', { type: 'user', id: targetId }, outcome);
  });
}

export async function deleteUser(db: Database, actor: Actor, targetId: string): Promise<void> {
  await changeUser(db, actor, targetId, 'delete', async (tx, target) => {
    // Wishlist and reviews go by ON DELETE CASCADE; open offers are not history, so they go
    // too, while paid and rejected offers stay with the buyer anonymized (SET NULL).
    const removedOpenOffers = await deleteOpenOffersOf(tx, targetId);
    await repo.deleteUser(tx, targetId);
    await recordAudit(
      tx,
      actor,
      'user.deleted',
      { type: 'user', id: targetId },
      { email: target.email, removedOpenOffers },
    );
  });
}

/**
 * Runs one admin action on a user: the target row is locked, the rule checked against its
 * current state, then the change applied, all in one transaction so two admins acting at
 * once cannot both pass the check.
 */
async function changeUser(
  db: Database,
  actor: Actor,
  targetId: string,
  action: UserAction,
  apply: (tx: Database, target: repo.UserRow) => Promise<void>,
): Promise<User | null> {
  return db.transaction(async (tx) => {
    const target = await repo.findUserById(tx, targetId, true);
    if (!target) throw new AppError('NOT_FOUND', userMessages.notFound);
    const isSelf = target.id === actor.id;
    const refusal = refusalOf(action, target, isSelf);
    if (refusal) throw new AppError(isSelf ? 'FORBIDDEN' : 'CONFLICT', refusal);
    await apply(tx, target);
    if (action === 'delete') return null;
    const updated = await repo.findUserById(tx, targetId);
    return updated ? repo.toUser(updated) : null;
  });
}
