// The API's answers about email settings and unsubscribing (ADR 34), apart from the schemas.
export const emailMessages = {
  languageInvalid: 'Choose English (en) or Bangla (bn).',
  kindUnknown: 'There is no such kind of email.',
  unsubscribeTokenInvalid: 'This unsubscribe link is not valid.',
  unsubscribeTokenExpired:
    'This unsubscribe link has expired. Change your email settings in your dashboard.',
} as const;
