import { createHash } from 'node:crypto';
import { jsonInScript } from './html-text.ts';

/**
 * What starts a pre-rendered page's scripts once its first photo has painted (ADR 35,
 * amendment of 2026-12-05). Inline, so it costs no request; allowed by its digest in the
 * content security policy, so `script-src` still admits no other inline script. Each file
 * is added as the head would have named it: page chunks as modulepreload first, then the
 * entry scripts. A photo that never ends loading (a stalled connection, a hidden tab that
 * paints no frame) holds them back for 3 s at most.
 */
const LOADER = `(() => {
  const { preloads, entries } = JSON.parse(document.getElementById('page-scripts').textContent);
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of preloads) {
      const link = document.createElement('link');
      Object.assign(link, { rel: 'modulepreload', crossOrigin: '', href });
      document.head.append(link);
    }
    for (const src of entries) {
      const script = document.createElement('script');
      Object.assign(script, { type: 'module', crossOrigin: '', src });
      document.head.append(script);
    }
  };
  const afterNextPaint = () => requestAnimationFrame(() => setTimeout(start));
  const photo = document.querySelector('#root img[fetchpriority="high"]');
  if (!photo || photo.complete) afterNextPaint();
  else for (const event of ['load', 'error']) photo.addEventListener(event, afterNextPaint);
  setTimeout(start, 3000);
})();`;

/** The loader's CSP source: `'sha256-…'` of its exact text. */
export const SCRIPTS_AFTER_PHOTO_SOURCE = `'sha256-${createHash('sha256').update(LOADER).digest('base64')}'`;

const ENTRY_SCRIPT = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/g;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g;

/**
 * A pre-rendered page is whole without its scripts: they make it interactive, they do not
 * paint it. So its head names none, and the loader at the end of its body asks for them once
 * the photo, the page's largest content, has painted: on a phone's slow connection the photo
 * then has the line to itself, and a returning visitor's cached scripts no longer run before
 * the first paint. The cost is a first visit's app starting later (measured in ADR 35). A page
 * the browser renders itself keeps its scripts in its head: it shows nothing without them.
 */
export function scriptsAfterPhoto(head: string): { head: string; loader: string } {
  const entries = [...head.matchAll(ENTRY_SCRIPT)].map(([, src]) => src);
  const preloads = [...head.matchAll(MODULE_PRELOAD)].map(([, href]) => href);
  const files = jsonInScript(JSON.stringify({ preloads, entries }));
  return {
    head: head.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, ''),
    loader: `<script type="application/json" id="page-scripts">${files}</script><script>${LOADER}</script>`,
  };
}
