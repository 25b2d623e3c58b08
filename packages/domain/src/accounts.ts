import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordMessages } from './accounts-messages.ts';

export const PasswordSchema = z
  .string({ error: 'Password is required.' })
  .min(PASSWORD_MIN_LENGTH, passwordMessages.tooShort)
  .max(PASSWORD_MAX_LENGTH, passwordMessages.tooLong)
  .regex(/\p{L}/u, passwordMessages.letter)
  .regex(/\d/, passwordMessages.digit)
  .regex(/[@$!%*?&]/, passwordMessages.special);

export const EmailSchema = z
  .string({ error: 'Email is required.' })
  .trim()
  .toLowerCase()
  .pipe(z.email('Enter a valid email address.').max(254, 'Email is too long.'));

export const PersonNameSchema = z
  .string({ error: 'Name is required.' })
  .trim()
  .min(1, 'Name is required.')
  .max(100, 'Name must be at most 100 characters long.');

/** Text fields of the sign-up form; the photo travels beside them as a file. */
export const SignUpFieldsSchema = z.object({
  name: PersonNameSchema,
  email: EmailSchema,
  password: PasswordSchema,
});
export type SignUpFields = z.infer<typeof SignUpFieldsSchema>;

export const SignInSchema = z.object({
  email: EmailSchema,
  password: z.string().min(1, 'Password is required.').max(PASSWORD_MAX_LENGTH),
});
export type SignIn = z.infer<typeof SignInSchema>;

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export const AuthProvidersSchema = z.object({
  emailPassword: z.literal(true),
  google: z.boolean(),
});
export type AuthProviders = z.infer<typeof AuthProvidersSchema>;
