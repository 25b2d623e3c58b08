// The third stage of starting the app (see main.tsx): the libraries it is built on.
import 'react-dom/client';
import 'react-router';
import '@tanstack/react-query';
import { yieldToBrowser } from '../lib/yield-to-browser.ts';

await yieldToBrowser();
