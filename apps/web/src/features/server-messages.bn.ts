import {
  multipartMessages,
  passwordMessages,
  profilePhotoMessages,
  sessionMessages,
  signUpMessages,
  textMessages,
} from '@basha/domain';
import type { Translation } from '../lib/i18n/define-messages.ts';
import type { serverMessages } from './server-messages.ts';

export const serverMessagesBangla: Translation<typeof serverMessages> = {
  [`server:${passwordMessages.tooShort}`]: 'পাসওয়ার্ড কমপক্ষে ৮ অক্ষরের হতে হবে।',
  [`server:${passwordMessages.tooLong}`]: 'পাসওয়ার্ড সর্বোচ্চ ১২৮ অক্ষরের হতে পারে।',
  [`server:${passwordMessages.letter}`]: 'পাসওয়ার্ডে অন্তত একটি অক্ষর থাকতে হবে।',
  [`server:${passwordMessages.digit}`]: 'পাসওয়ার্ডে অন্তত একটি সংখ্যা থাকতে হবে।',
  [`server:${passwordMessages.special}`]: 'পাসওয়ার্ডে এই বিশেষ চিহ্নগুলোর অন্তত একটি থাকতে হবে: @$!%*?&',
  [`server:${profilePhotoMessages.required}`]: 'একটি প্রোফাইল ছবি দিতে হবে।',
  [`server:${profilePhotoMessages.tooLarge}`]: 'ছবিটি সর্বোচ্চ ৫ এমবি হতে পারে।',
  [`server:${profilePhotoMessages.notAnImage}`]: 'ছবিটি JPEG, PNG, WebP, GIF বা AVIF হতে হবে।',
  [`server:${profilePhotoMessages.unreadable}`]: 'ছবিটি পড়া যায়নি। অন্য একটি ফাইল বেছে নিন।',
  [`server:${textMessages.unstorable}`]:
    'এই লেখায় এমন অক্ষর আছে যা সংরক্ষণ করা যায় না। অনুগ্রহ করে আবার টাইপ করুন।',
  [`server:${multipartMessages.malformed}`]:
    'ফর্মটি পড়া যায়নি: এটি অসম্পূর্ণ বা ভাঙা অবস্থায় এসেছে। অনুগ্রহ করে আবার পাঠান।',
  [`server:${multipartMessages.tooManyParts}`]: 'ফর্মে অনুমোদিত সংখ্যার চেয়ে বেশি ঘর বা ফাইল আছে।',
  [`server:${multipartMessages.fieldTooLong}`]: 'এই ঘরের লেখা অনেক বেশি লম্বা।',
  'server:Incorrect email or password.': 'ইমেইল বা পাসওয়ার্ড সঠিক নয়।',
  'server:An account with this email already exists. Please log in instead.':
    'এই ইমেইলে ইতিমধ্যে একটি অ্যাকাউন্ট আছে। অনুগ্রহ করে লগইন করুন।',
  'server:Too many failed login attempts. Please wait and try again.':
    'অনেকবার ভুল লগইনের চেষ্টা হয়েছে। একটু অপেক্ষা করে আবার চেষ্টা করুন।',
  [`server:${signUpMessages.tooMany}`]: 'আপনার নেটওয়ার্ক থেকে অনেকবার সাইন আপ হয়েছে। পরে আবার চেষ্টা করুন।',
  [`server:${sessionMessages.notYours}`]:
    'এই আইডির কোনো সেশন আপনার নয়। আপনি শুধু নিজের সেশন থেকে সাইন আউট করতে পারেন।',
  'server:Please log in to continue.': 'চালিয়ে যেতে লগইন করুন।',
  'server:Your account is not allowed to do this.': 'আপনার অ্যাকাউন্টের এটি করার অনুমতি নেই।',
  'server:Enter a valid email address.': 'একটি সঠিক ইমেইল ঠিকানা লিখুন।',
  'server:Name is required.': 'নাম দিতে হবে।',
  'server:Email is required.': 'ইমেইল দিতে হবে।',
  'server:Password is required.': 'পাসওয়ার্ড দিতে হবে।',
  'server:Basha is starting. Please try again in a moment.': 'বাসা চালু হচ্ছে। একটু পরে আবার চেষ্টা করুন।',
};
