import { config } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

// The API and the domain package use zod's tree-shakable `zod/mini`, which leaves messages to
// the app: without this, an input the domain gives no message of its own would be answered
// "Invalid input" instead of zod's English (e.g. "Too big: expected string to have <=128
// characters"). Imported by config.ts, which everything that starts the API reads first.
config(en());
