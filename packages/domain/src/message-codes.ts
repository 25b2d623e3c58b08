import {
  accountMessages,
  passwordChangeMessages,
  passwordMessages,
  passwordResetMessages,
  profilePhotoMessages,
  sessionMessages,
  signInMessages,
  signUpMessages,
} from './accounts-messages.ts';
import { conversationMessages, phoneMessages } from './conversations-messages.ts';
import { emailMessages } from './email-messages.ts';
import { listingFactsMessages } from './listing-facts-messages.ts';
import { listingGalleryMessages } from './listing-gallery-messages.ts';
import { listingLocationMessages } from './listing-location-messages.ts';
import { listingRevisionMessages } from './listing-revisions-messages.ts';
import { listingSearchMessages } from './listing-search-messages.ts';
import { listingMessages } from './listings-messages.ts';
import { notificationMessages } from './notifications-messages.ts';
import { offerMessages } from './offers-messages.ts';
import { paymentMessages } from './payments-messages.ts';
import {
  accessMessages,
  cursorMessages,
  idMessages,
  photoMessages,
  serviceMessages,
  takaMessages,
} from './request-messages.ts';
import { reviewMessages } from './reviews-messages.ts';
import { savedSearchMessages } from './saved-searches-messages.ts';
import { multipartMessages, textMessages } from './text-messages.ts';
import { userMessages } from './users-messages.ts';
import { wishlistMessages } from './wishlist-messages.ts';

/**
 * Every message object the API may answer with, under the group its code starts with: a
 * message's code is `<group>.<key>` (`listing.photoTooLarge`), so it is written once, where
 * the English text is declared. Clients translate by code (ADR 0023); the English text is
 * for logs and curl.
 */
const messageGroups = {
  access: accessMessages,
  account: accountMessages,
  conversation: conversationMessages,
  cursor: cursorMessages,
  email: emailMessages,
  id: idMessages,
  listing: listingMessages,
  listingFacts: listingFactsMessages,
  listingGallery: listingGalleryMessages,
  listingLocation: listingLocationMessages,
  listingRevision: listingRevisionMessages,
  listingSearch: listingSearchMessages,
  multipart: multipartMessages,
  notification: notificationMessages,
  offer: offerMessages,
  password: passwordMessages,
  passwordChange: passwordChangeMessages,
  passwordReset: passwordResetMessages,
  phone: phoneMessages,
  photo: photoMessages,
  payment: paymentMessages,
  profilePhoto: profilePhotoMessages,
  review: reviewMessages,
  savedSearch: savedSearchMessages,
  service: serviceMessages,
  session: sessionMessages,
  signIn: signInMessages,
  signUp: signUpMessages,
  taka: takaMessages,
  text: textMessages,
  user: userMessages,
  wishlist: wishlistMessages,
} as const;

type Groups = typeof messageGroups;
export type MessageCode = {
  [Group in keyof Groups]: `${Group}.${keyof Groups[Group] & string}`;
}[keyof Groups];

/** Values a message's text has in `{name}` placeholders. */
export type MessageParams = Record<string, string | number>;

/** Every code with its English text. */
export const englishMessages = Object.fromEntries(
  Object.entries(messageGroups).flatMap(([group, messages]) =>
    Object.entries(messages).map(([key, text]) => [`${group}.${key}`, text]),
  ),
) as Record<MessageCode, string>;

export const MESSAGE_CODES = Object.keys(englishMessages) as MessageCode[];

// Texts are unique (a test checks it), so the text the code gave a message leads back to it.
const codeByText = new Map(MESSAGE_CODES.map((code) => [englishMessages[code], code]));

/**
 * The code of a message text declared above, or undefined for any other text (zod's own
 * English, a library's). Schemas and services keep passing the declared texts around, and
 * the one problem-details function adds their code on the way out.
 */
export function messageCodeOf(text: string): MessageCode | undefined {
  return codeByText.get(text);
}

/** A text with its `{name}` placeholders filled in. */
export function fillMessage(text: string, params: MessageParams): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
