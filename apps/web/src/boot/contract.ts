// The fourth stage of starting the app (see main.tsx): the rest of the domain's schemas, which
// are built as their modules run (zod's settings are in place: boot/zod.ts runs first).
import '@basha/domain';
import { yieldToBrowser } from '../lib/yield-to-browser.ts';

await yieldToBrowser();
