// accounts's user-facing messages, apart from the schemas so screens that only show
// them do not load the schemas too.
export const PASSWORD_MIN_LENGTH = 8;
/** ASVS 2.1.2: allow at least 64, cap at 128 so hashing cost stays bounded. */
export const PASSWORD_MAX_LENGTH = 128;
/** Special characters the password rule asks for (one at least). */
export const PASSWORD_SPECIALS = '@$!%*?&';

export const passwordMessages = {
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long.`,
  letter: 'Password must contain at least one letter.',
  digit: 'Password must contain at least one digit.',
  special: `Password must contain at least one of these special characters: ${PASSWORD_SPECIALS}`,
} as const;

/** What sign-up asks of its photo; what any photo must be is in `photoMessages`. */
export const profilePhotoMessages = {
  required: 'A profile photo is required.',
} as const;

/**
 * Sign-up answers every accepted form the same way, new email or not, so it tells no more
 * than login does whether an email is registered (ADR 0011).
 */
export const signUpMessages = {
  received:
    'Thank you. If this email is new, your account is ready: log in with it. If it was registered before, nothing has changed: log in with the password you chose then.',
  tooMany: 'Too many sign-ups from your network. Please try again later.',
  notMultipart: 'Sign-up must be sent as multipart/form-data with name, email, password and photo.',
} as const;

/** The account form's fields, as the schemas and the API's sign-in answer them. */
export const accountMessages = {
  nameRequired: 'Name is required.',
  emailRequired: 'Email is required.',
  emailInvalid: 'Enter a valid email address.',
  emailTooLong: 'Email is too long.',
  nameTooLong: 'Name must be at most 100 characters long.',
  passwordRequired: 'Password is required.',
} as const;

/**
 * Choosing a new password through an emailed link. The request is answered the same way
 * whether or not an account uses the email, as sign-up is (ADR 0011).
 */
export const passwordResetMessages = {
  sent: 'If an account uses this email, a link to choose a new password is on its way. The link works for one hour.',
  tooMany: 'Too many password reset requests. Please try again later.',
  tokenRequired: 'This link is incomplete. Open the link in the email again.',
  linkUsed: 'This link has expired or was already used. Ask for a new one.',
  changed:
    'Your password is changed, and every device was signed out. Log in with the new password.',
  unavailable:
    'This server sends no email, so a password cannot be reset here. Please contact the Basha team.',
} as const;

/** Changing the password while signed in, with the current one. */
export const passwordChangeMessages = {
  currentWrong: 'The current password is not right.',
  noPasswordYet:
    'This account signs in with Google and has no password yet. Choose one with "Forgot password?" on the login page.',
  tooMany: 'Too many tries to change the password. Please wait a few minutes and try again.',
  changed: 'Your password is changed, and your other devices were signed out.',
} as const;

/** What logging in answers besides success. */
export const signInMessages = {
  incorrect: 'Incorrect email or password.',
  tooManyFailures: 'Too many failed login attempts. Please wait and try again.',
  failed: 'Sign-in failed. Please try again.',
} as const;

export const sessionMessages = {
  notYours: 'No session of yours has this id. You can only sign out your own sessions.',
} as const;
