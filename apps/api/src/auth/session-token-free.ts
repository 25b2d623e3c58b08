/**
 * better-auth puts the session token in JSON bodies (sign-in's `token`, get-session's
 * `session.token`). The token belongs in the HttpOnly cookie only: a script injected into the
 * page must not be able to read it from a response (ADR 0011). Every `token` field at any
 * depth is dropped; a body that is not JSON passes unchanged.
 */
export function withoutSessionTokens(text: string): string {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return text;
  }
  return JSON.stringify(body, (key, value) => (key === 'token' ? undefined : value));
}
