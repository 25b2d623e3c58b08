import {
  multipartMessages,
  passwordMessages,
  profilePhotoMessages,
  sessionMessages,
  signUpMessages,
  textMessages,
} from '@basha/domain';
import { defineMessages } from '../lib/i18n/define-messages.ts';

/**
 * The API answers in English (problem details). Messages the UI may show as they come are
 * keyed here by their English text, so Bangla readers get them in Bangla too.
 */
export const serverMessages = defineMessages({
  [`server:${passwordMessages.tooShort}`]: passwordMessages.tooShort,
  [`server:${passwordMessages.tooLong}`]: passwordMessages.tooLong,
  [`server:${passwordMessages.letter}`]: passwordMessages.letter,
  [`server:${passwordMessages.digit}`]: passwordMessages.digit,
  [`server:${passwordMessages.special}`]: passwordMessages.special,
  [`server:${profilePhotoMessages.required}`]: profilePhotoMessages.required,
  [`server:${profilePhotoMessages.tooLarge}`]: profilePhotoMessages.tooLarge,
  [`server:${profilePhotoMessages.notAnImage}`]: profilePhotoMessages.notAnImage,
  [`server:${profilePhotoMessages.unreadable}`]: profilePhotoMessages.unreadable,
  [`server:${textMessages.unstorable}`]: textMessages.unstorable,
  [`server:${multipartMessages.malformed}`]: multipartMessages.malformed,
  [`server:${multipartMessages.tooManyParts}`]: multipartMessages.tooManyParts,
  [`server:${multipartMessages.fieldTooLong}`]: multipartMessages.fieldTooLong,
  'server:Incorrect email or password.': 'Incorrect email or password.',
  'server:An account with this email already exists. Please log in instead.':
    'An account with this email already exists. Please log in instead.',
  'server:Too many failed login attempts. Please wait and try again.':
    'Too many failed login attempts. Please wait and try again.',
  [`server:${signUpMessages.tooMany}`]: signUpMessages.tooMany,
  [`server:${sessionMessages.notYours}`]: sessionMessages.notYours,
  'server:Please log in to continue.': 'Please log in to continue.',
  'server:Your account is not allowed to do this.': 'Your account is not allowed to do this.',
  'server:Enter a valid email address.': 'Enter a valid email address.',
  'server:Name is required.': 'Name is required.',
  'server:Email is required.': 'Email is required.',
  'server:Password is required.': 'Password is required.',
  'server:Basha is starting. Please try again in a moment.':
    'Basha is starting. Please try again in a moment.',
});
