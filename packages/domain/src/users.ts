import { z } from 'zod/mini';
import { PageQuerySchema, pageOf } from './pagination.ts';
import { idMessages } from './request-messages.ts';
import { text } from './text.ts';
import { userMessages } from './users-messages.ts';

export const ROLES = ['user', 'agent', 'admin'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

export const UserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  photoUrl: z.nullable(z.string()),
  role: RoleSchema,
  fraud: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type User = z.infer<typeof UserSchema>;

/** Who is signed in, for any visitor: the account, or null. */
export const SessionStateSchema = z.object({ user: z.nullable(UserSchema) });
export type SessionState = z.infer<typeof SessionStateSchema>;

export const UserIdParamsSchema = z.object({ id: z.uuid(idMessages.unknownUser) });

export const UserListQuerySchema = z.extend(PageQuerySchema, {
  q: z.optional(text().check(z.trim(), z.maxLength(100))),
});
export type UserListQuery = z.infer<typeof UserListQuerySchema>;

export const UserPageSchema = pageOf(UserSchema);
export type UserPage = z.infer<typeof UserPageSchema>;

/** Admins promote a plain user to one of these roles; nothing else changes roles. */
export const PromoteInputSchema = z.strictObject({ role: z.enum(['agent', 'admin']) });
export type PromoteInput = z.infer<typeof PromoteInputSchema>;

export type UserAction = 'promote' | 'markFraud' | 'delete';

/**
 * Why an admin action on a target is refused, or null when it is allowed.
 * The server calls this inside the transaction that performs the action.
 */
export function refusalOf(
  action: UserAction,
  target: Pick<User, 'role' | 'fraud'>,
  actorIsTarget: boolean,
): string | null {
  if (actorIsTarget) return userMessages.notYourself;
  switch (action) {
    case 'promote':
      return target.role === 'user'
        ? null
        : target.role === 'agent'
          ? userMessages.promoteOnlyUsersAgent
          : userMessages.promoteOnlyUsersAdmin;
    case 'markFraud':
      if (target.role !== 'agent') return userMessages.fraudOnlyAgents;
      return target.fraud ? userMessages.alreadyFraud : null;
    case 'delete':
      return target.role === 'user'
        ? null
        : target.role === 'agent'
          ? userMessages.deleteOnlyUsersAgent
          : userMessages.deleteOnlyUsersAdmin;
  }
}
