// The API's answers about saved searches (ADR 34), apart from the schemas.
export const savedSearchMessages = {
  nameRequired: 'Give the search a name.',
  nameTooLong: 'A name can be at most {max} characters long.',
  frequencyInvalid: 'Choose instant or daily.',
  notFound: 'This saved search does not exist.',
  tooMany: 'You can keep at most {max} saved searches. Delete one first.',
  duplicate: 'You already saved this search as “{name}”.',
  unknownSavedSearch: 'Unknown saved search id.',
} as const;
