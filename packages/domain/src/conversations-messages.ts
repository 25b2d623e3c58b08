// conversations' user-facing messages (buyer–agent threads and an agent's phone number),
// apart from the schemas so screens that only show them do not load the schemas too.
export const conversationMessages = {
  notYourself: 'You cannot message yourself about your own property.',
  notFound: 'This conversation does not exist.',
  closed: 'This conversation is closed; no more messages can be sent.',
  textRequired: 'Write a message.',
  textTooLong: 'A message can be at most 2000 characters.',
  reasonRequired: 'Say why you report this conversation.',
  reasonTooLong: 'A reason can be at most 500 characters.',
  alreadyReported: 'You have already reported this conversation.',
  alreadyClosed: 'This conversation is already closed.',
  tooMany: 'You are sending messages too fast. Try again in {seconds} seconds.',
  unknownConversation: 'Unknown conversation id.',
  fraudSender: "You cannot start conversations or send messages as you're marked as fraud.",
} as const;

export const phoneMessages = {
  invalid: 'Enter a Bangladeshi mobile number, like 01712345678 or +8801712345678.',
} as const;
