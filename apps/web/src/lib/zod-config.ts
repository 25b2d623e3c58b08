import { config } from 'zod';

// zod compiles object parsers with `new Function` unless told not to, and decides when each
// schema is built, so this must run before any schema module: boot/contract.ts imports it
// first.
// The API's Content-Security-Policy forbids eval: zod's probe only logged a CSP violation
// (Lighthouse's inspector-issues) before falling back to this mode anyway.
config({ jitless: true });
