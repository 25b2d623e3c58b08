import { z } from 'zod/mini';
import {
  accountMessages,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordMessages,
  passwordResetMessages,
} from './accounts-messages.ts';
import { LanguageSchema } from './email-preferences.ts';
import { idMessages } from './request-messages.ts';
import { text } from './text.ts';

export const PasswordSchema = text({ error: accountMessages.passwordRequired }).check(
  z.minLength(PASSWORD_MIN_LENGTH, passwordMessages.tooShort),
  z.maxLength(PASSWORD_MAX_LENGTH, passwordMessages.tooLong),
  z.regex(/\p{L}/u, passwordMessages.letter),
  // Any script's digits: a Bangla keyboard types ১২৩, which count as digits as 123 do.
  z.regex(/\p{Nd}/u, passwordMessages.digit),
  z.regex(/[@$!%*?&]/, passwordMessages.special),
);

export const EmailSchema = z.pipe(
  text({ error: accountMessages.emailRequired }).check(z.trim(), z.toLowerCase()),
  z.email(accountMessages.emailInvalid).check(z.maxLength(254, accountMessages.emailTooLong)),
);

export const PersonNameSchema = text({ error: accountMessages.nameRequired }).check(
  z.trim(),
  z.minLength(1, accountMessages.nameRequired),
  z.maxLength(100, accountMessages.nameTooLong),
);

/** Text fields of the sign-up form; the photo travels beside them as a file. */
export const SignUpFieldsSchema = z.object({
  name: PersonNameSchema,
  email: EmailSchema,
  password: PasswordSchema,
  /** The language of the page the account was made on: its emails' until changed (ADR 34). */
  language: z.optional(LanguageSchema),
});
export type SignUpFields = z.infer<typeof SignUpFieldsSchema>;

export const SignInSchema = z.object({
  email: EmailSchema,
  password: text().check(
    z.minLength(1, accountMessages.passwordRequired),
    z.maxLength(PASSWORD_MAX_LENGTH),
  ),
});
export type SignIn = z.infer<typeof SignInSchema>;

/**
 * What Basha adds to better-auth's request to start Google sign-in: the language of the page
 * it was started on, an account's emails' language when the round trip creates one (ADR 34).
 * The rest of the body is better-auth's to check.
 */
export const GoogleSignInStartSchema = z.looseObject({
  additionalData: z.optional(z.strictObject({ language: z.optional(LanguageSchema) })),
});
export type GoogleSignInStart = z.infer<typeof GoogleSignInStartSchema>;

/** Asking for a link to choose a new password. */
export const PasswordResetRequestSchema = z.object({ email: EmailSchema });
export type PasswordResetRequest = z.infer<typeof PasswordResetRequestSchema>;

/** The emailed link's token and the new password, held to the sign-up rule. */
export const PasswordResetSchema = z.object({
  token: text({ error: passwordResetMessages.tokenRequired }).check(
    z.minLength(1, passwordResetMessages.tokenRequired),
    z.maxLength(200, passwordResetMessages.linkUsed),
  ),
  password: PasswordSchema,
});
export type PasswordReset = z.infer<typeof PasswordResetSchema>;

/** A signed-in person's new password, with the current one as proof it is them. */
export const PasswordChangeSchema = z.object({
  currentPassword: text({ error: accountMessages.passwordRequired }).check(
    z.minLength(1, accountMessages.passwordRequired),
    z.maxLength(PASSWORD_MAX_LENGTH, passwordMessages.tooLong),
  ),
  newPassword: PasswordSchema,
});
export type PasswordChange = z.infer<typeof PasswordChangeSchema>;

/** The answer to a password reset's steps or a change: what to tell the person. */
export const PasswordAnswerSchema = z.object({ message: z.string() });

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** What a photo picker offers (profile and listing photos): the formats the photo messages name. */
export const ACCEPTED_PHOTO_TYPES = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

export const AuthProvidersSchema = z.object({
  emailPassword: z.literal(true),
  google: z.boolean(),
  /** Whether a forgotten password can be reset by email (the server sends email). */
  passwordReset: z.boolean(),
});
export type AuthProviders = z.infer<typeof AuthProvidersSchema>;

/** The one answer to every accepted sign-up, new email or not (ADR 0011). */
export const SignUpAnswerSchema = z.object({ message: z.string() });
export type SignUpAnswer = z.infer<typeof SignUpAnswerSchema>;

/** One signed-in device of the caller's own account. The token never leaves the cookie. */
export const DeviceSessionSchema = z.object({
  /** An opaque id to sign this session out with; not the session token. */
  id: z.string(),
  /** The browser's User-Agent, as it signed in. */
  userAgent: z.nullable(z.string()),
  /** The client address it signed in from. */
  ipAddress: z.nullable(z.string()),
  signedInAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  /** The session this request came with. */
  current: z.boolean(),
});
export type DeviceSession = z.infer<typeof DeviceSessionSchema>;

export const DeviceSessionListSchema = z.object({ items: z.array(DeviceSessionSchema) });
export type DeviceSessionList = z.infer<typeof DeviceSessionListSchema>;

export const SessionIdParamsSchema = z.object({ id: z.uuid(idMessages.unknownSession) });

export const SignedOutSessionsSchema = z.object({ signedOut: z.number().check(z.int()) });
export type SignedOutSessions = z.infer<typeof SignedOutSessionsSchema>;
