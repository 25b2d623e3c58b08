import { z } from 'zod/mini';
import { emailMessages } from './email-messages.ts';
import { NOTIFICATION_KINDS, type NotificationKind } from './notifications.ts';
import { PAGE_LOCALES, type PageLocale } from './page-language.ts';
import { text } from './text.ts';

/** The languages an email can be written in: the web's two (its pages' languages). */
export const LanguageSchema = z.enum(PAGE_LOCALES, { error: emailMessages.languageInvalid });
export type Language = PageLocale;

/**
 * Whether a kind of notification is also emailed when its user chose nothing (ADR 34): what
 * a user waits on (offers, payments, listings, alerts) is; chat is not, since the open tab
 * shows messages live and a busy thread would fill the inbox.
 */
export const EMAIL_DEFAULTS: Record<NotificationKind, boolean> = {
  offerReceived: true,
  offerAccepted: true,
  offerRejected: true,
  offerLostToAnother: true,
  offerExpired: true,
  paymentReceived: true,
  paymentRefunded: true,
  listingVerified: true,
  listingRejected: true,
  revisionApproved: true,
  revisionRejected: true,
  reviewReceived: true,
  roleChanged: true,
  messageReceived: false,
  savedSearchMatch: true,
};

export const EmailKindSchema = z.enum(NOTIFICATION_KINDS, { error: emailMessages.kindUnknown });

/** A user's email settings: the language emails are written in, and each kind on or off. */
export const EmailPreferencesSchema = z.object({
  language: LanguageSchema,
  email: z.record(EmailKindSchema, z.boolean()),
});
export type EmailPreferences = z.infer<typeof EmailPreferencesSchema>;

/**
 * The settings as the settings page reads them, with whether this server sends email at all
 * (SMTP configured): when it does not, the page says so, and the choices wait for when it does.
 */
export const EmailSettingsSchema = z.extend(EmailPreferencesSchema, { sending: z.boolean() });
export type EmailSettings = z.infer<typeof EmailSettingsSchema>;

/** A change of settings: the language and any kinds to turn on or off; the rest stays. */
export const EmailPreferencesChangeSchema = z.object({
  language: z.optional(LanguageSchema),
  email: z.optional(z.partialRecord(EmailKindSchema, z.boolean())),
});
export type EmailPreferencesChange = z.infer<typeof EmailPreferencesChangeSchema>;

export const UnsubscribeQuerySchema = z.object({
  token: text().check(z.maxLength(500, emailMessages.unsubscribeTokenInvalid)),
});
