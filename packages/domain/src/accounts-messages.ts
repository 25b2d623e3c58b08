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

export const profilePhotoMessages = {
  required: 'A profile photo is required.',
  tooLarge: 'The photo must be at most 5 MB.',
  notAnImage: 'The photo must be a JPEG, PNG, WebP, GIF or AVIF image.',
  unreadable: 'The photo could not be read as an image. Please choose another file.',
} as const;
