// The second stage of starting the app (see main.tsx): the schemas of a listing's facts, the
// largest of the domain's (7-9 ms in Lighthouse's Chromium on the bench machine).
import '@basha/domain/listing-facts.ts';
import { yieldToBrowser } from '../lib/yield-to-browser.ts';

await yieldToBrowser();
