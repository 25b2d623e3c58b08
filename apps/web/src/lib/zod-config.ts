import { config } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

// The web app uses zod's tree-shakable `zod/mini` (so does the domain package), which leaves
// messages and settings to the app; this must run before any schema module:
// boot/zod.ts imports it first.
// - English messages, as classic zod gives them by default (forms show the domain's own
//   messages; these cover the rest).
// - zod compiles object parsers with `new Function` unless told not to. The API's
//   Content-Security-Policy forbids eval: zod's probe only logged a CSP violation
//   (Lighthouse's inspector-issues) before falling back to this mode anyway.
config({ ...en(), jitless: true });
