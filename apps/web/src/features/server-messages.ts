import { englishMessages, type MessageCode } from '@basha/domain';

/**
 * Every message the API may answer with, under `server.<code>`: problem details carry the
 * code (`messageCode`), and the app translates by it (ADR 0023). The English texts are the
 * domain's own, so they are written once; the Bangla ones are beside this file.
 */
export const serverMessages = Object.fromEntries(
  Object.entries(englishMessages).map(([code, text]) => [`server.${code}`, text]),
) as Record<`server.${MessageCode}`, string>;
