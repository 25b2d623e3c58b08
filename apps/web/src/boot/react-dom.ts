// The fifth stage of starting the app (see main.tsx): React DOM, the largest library.
import 'react-dom/client';
import { yieldToBrowser } from '../lib/yield-to-browser.ts';

await yieldToBrowser();
