// The first stage of starting the app (see main.tsx): zod with its settings, then the
// domain's schemas, which are built as their modules run.
import '../lib/zod-config.ts';
import '@basha/domain';
import { yieldToBrowser } from '../lib/yield-to-browser.ts';

await yieldToBrowser();
