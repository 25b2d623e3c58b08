import {
  englishMessages,
  type MessageCode,
  type MessageParams,
  messageCodeOf,
} from '@basha/domain';

/**
 * A message from the API (problem `detail`, a field's `message`) or from a domain schema
 * run in the browser: its English text, and the code the app translates it by (ADR 0023).
 */
export type CodedMessage = {
  text: string;
  code?: string | undefined;
  params?: MessageParams | undefined;
};

function isMessageCode(code: string | undefined): code is MessageCode {
  return code !== undefined && Object.hasOwn(englishMessages, code);
}

/**
 * A domain text the browser produced itself (a schema's message, a rule's refusal) keyed by
 * its code, from the same message objects that declare it; a text of no message object (zod's
 * own English) stays as it is.
 */
export function codedText(text: string): CodedMessage {
  return { text, code: messageCodeOf(text) };
}

/** A problem's message: the server gave its code, or none. */
export function problemMessage(problem: {
  detail: string;
  messageCode?: string | undefined;
  params?: MessageParams | undefined;
}): CodedMessage {
  return { text: problem.detail, code: problem.messageCode, params: problem.params };
}

/**
 * A form field's error: a server's answer keeps its code in `type` (forms set it so), a
 * schema's in the browser is one of the domain's texts.
 */
export function formErrorMessage(
  error: { type?: string | undefined; message?: string | undefined } | undefined,
): CodedMessage | undefined {
  if (!error?.message) return undefined;
  return isMessageCode(error.type)
    ? { text: error.message, code: error.type }
    : codedText(error.message);
}

/** The catalog key of a message code. */
export function serverKey(code: string): `server.${string}` {
  return `server.${code}`;
}
