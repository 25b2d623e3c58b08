// The text rule's user-facing message, apart from the schemas so screens that only show it
// do not load the schemas too.
export const textMessages = {
  unstorable: 'This text contains characters that cannot be saved. Please retype it.',
} as const;
