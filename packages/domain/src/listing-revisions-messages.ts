// The user-facing messages of revisions (edits of verified listings waiting for an admin),
// apart from the schemas so screens that only show them do not load the schemas too.
export const listingRevisionMessages = {
  notFound: 'This change request does not exist.',
  alreadyApproved: 'Another admin has already approved these changes.',
  alreadyRejected: 'Another admin has already rejected these changes.',
  superseded: 'The agent has edited this property again since; review the newer changes.',
  listingNotChangeable:
    'This property was sold or hidden since the edit, so the changes can no longer be applied.',
  reasonRequired: 'Say why the changes are rejected: the agent sees the reason.',
  unknownId: 'Unknown change request id.',
} as const;
