// The first stage of starting the app (see main.tsx): zod with its settings, before any
// schema is built. A stage of its own: with the domain's schemas it was one task of 16–23 ms
// in Chromium, four times that on a phone Lighthouse simulates.
import '../lib/zod-config.ts';
import { yieldToBrowser } from '../lib/yield-to-browser.ts';

await yieldToBrowser();
