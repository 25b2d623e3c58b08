// The third stage of starting the app (see main.tsx): the schemas of listings, their search
// and their revisions, built on the facts' (7-11 ms).
import '@basha/domain/listings.ts';
import '@basha/domain/listing-search.ts';
import '@basha/domain/listing-revisions.ts';
import { yieldToBrowser } from '../lib/yield-to-browser.ts';

await yieldToBrowser();
