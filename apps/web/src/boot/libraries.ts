// The sixth stage of starting the app (see main.tsx): the other libraries it is built on.
import 'react-router';
import '@tanstack/react-query';
import { yieldToBrowser } from '../lib/yield-to-browser.ts';

await yieldToBrowser();
