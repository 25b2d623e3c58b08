// The text rule's user-facing message, apart from the schemas so screens that only show it
// do not load the schemas too.
export const textMessages = {
  unstorable: 'This text contains characters that cannot be saved. Please retype it.',
} as const;

/** What the API's one multipart reader says of a form it cannot read. */
export const multipartMessages = {
  malformed:
    'The form could not be read: it arrived incomplete or malformed. Please send it again.',
  tooManyParts: 'The form has more fields or files than it may have.',
  fieldTooLong: 'This field is far too long.',
  unexpectedFile: 'Unexpected file field "{field}".',
} as const;
