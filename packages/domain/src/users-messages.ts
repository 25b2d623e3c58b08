// users's user-facing messages (an admin's actions on accounts), apart from the schemas so
// screens that only show them do not load the schemas too.
export const userMessages = {
  notFound: 'This user does not exist.',
  notYourself: 'You cannot change your own account.',
  promoteOnlyUsersAgent: 'Only users can be promoted; this account is an agent.',
  promoteOnlyUsersAdmin: 'Only users can be promoted; this account is an admin.',
  fraudOnlyAgents: 'Only agents can be marked as fraud.',
  alreadyFraud: 'This agent is already marked as fraud.',
  deleteOnlyUsersAgent: 'Only users can be deleted; this account is an agent.',
  deleteOnlyUsersAdmin: 'Only users can be deleted; this account is an admin.',
} as const;
