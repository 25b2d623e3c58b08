import { createHash } from 'node:crypto';
import { APP_STARTED_EVENT } from '@basha/domain';
import { jsonInScript } from './html-text.ts';

/**
 * What starts a pre-rendered page's scripts once its first photo has painted (ADR 35,
 * amendment of 2026-12-05). Inline, so it costs no request; allowed by its digest in the
 * content security policy, so `script-src` still admits no other inline script. Each file
 * is added as the head would have named it: page chunks as modulepreload first, then the
 * entry scripts. They start once the browser reports the photo on screen (its
 * largest-contentful-paint entry; where there is no such report, after the frame that follows
 * its load), at the reader's first tap, key or scroll, or after 3 s at most (a stalled photo,
 * a hidden tab that paints no frame).
 */
const LOADER = `(() => {
  const { preloads, entries } = JSON.parse(document.getElementById('page-scripts').textContent);
  let started = false;
  // One file a task: added all at once, starting their requests was a single task of 56-133
  // ms on the harness's phone (Chromium at 4x slowdown), while the reader may be scrolling.
  const files = [
    ...preloads.map((href) => ['link', { rel: 'modulepreload', crossOrigin: '', href }]),
    ...entries.map((src) => ['script', { type: 'module', crossOrigin: '', src }]),
  ];
  const nextFile = new MessageChannel();
  nextFile.port1.onmessage = () => {
    const [tag, properties] = files.shift();
    document.head.append(Object.assign(document.createElement(tag), properties));
    if (files.length > 0) nextFile.port2.postMessage(null);
  };
  const start = () => {
    if (started) return;
    started = true;
    nextFile.port2.postMessage(null);
  };
  const afterNextFrame = (task) => requestAnimationFrame(() => setTimeout(task));
  // Whoever taps, types or scrolls wants the app now.
  for (const event of ['pointerdown', 'keydown', 'scroll']) {
    addEventListener(event, start, { once: true, capture: true, passive: true });
  }
  // A link or button used before the app has started is used again once it has: a link
  // followed without the app would load its page anew and lose what the app keeps (where a
  // login comes back to), a button would do nothing. Should the app not start within 10 s,
  // the link is followed after all. Meanwhile it is marked busy, and dimmed (index.css,
  // data-held): the reader sees the tap was taken.
  let held = null;
  let appStarted = false;
  const stopHolding = () => removeEventListener('click', holdUse, true);
  const release = (control) => {
    control?.removeAttribute('aria-busy');
    control?.removeAttribute('data-held');
  };
  const holdUse = (event) => {
    const control = event.target.closest?.('a[href], button');
    if (!control || !document.getElementById('root').contains(control) || control.target) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    release(held);
    held = control;
    control.setAttribute('aria-busy', 'true');
    control.setAttribute('data-held', '');
    start();
    setTimeout(() => {
      if (appStarted || held !== control || !control.href) return;
      stopHolding();
      location.assign(control.href);
    }, 10000);
  };
  addEventListener('click', holdUse, true);
  // What is typed or ticked before the app has started is entered again once it has:
  // hydration puts every field back to the app's own value.
  const entered = new Map();
  const noteEntry = (event) => {
    const field = event.target;
    if (!field.matches?.('#root input, #root textarea, #root select')) return;
    entered.set(field, field.type === 'checkbox' || field.type === 'radio' ? field.checked : field.value);
  };
  for (const event of ['input', 'change']) addEventListener(event, noteEntry, true);
  // The app hears of an entry as of a reader's: its record of the field (kept by the element)
  // first set to another value, the entry then put back past that record, and announced.
  const enterAgain = (field, entry) => {
    if (!field.isConnected) return;
    if (typeof entry === 'boolean') {
      field.checked = !entry;
      field.click();
      return;
    }
    field.value = entry === '' ? ' ' : '';
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value').set.call(field, entry);
    field.dispatchEvent(new Event(field.tagName === 'SELECT' ? 'change' : 'input', { bubbles: true }));
  };
  document.addEventListener(${JSON.stringify(APP_STARTED_EVENT)}, () => {
    appStarted = true;
    stopHolding();
    for (const event of ['input', 'change']) removeEventListener(event, noteEntry, true);
    // One at a time, a frame apart, as a reader would: each change the app hears is then
    // applied before the next (several in one task read the same address and undid each other).
    const replay = [...entered];
    const next = () => {
      const [field, entry] = replay.shift() ?? [];
      if (field) {
        enterAgain(field, entry);
        afterNextFrame(next);
      } else if (held?.isConnected) {
        release(held);
        held.click();
      }
    };
    next();
  }, { once: true });
  const photo = document.querySelector('#root img[fetchpriority="high"]');
  if (PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
    // The browser's own word that the photo is on screen: a frame reaches the screen some
    // time after it is painted (tens of milliseconds on a busy phone), and the entry after it.
    let largest = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        largest = Math.max(largest, entry.size);
        if (!photo || entry.element === photo) start();
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    // A photo no larger on screen than something painted before it gets no entry of its own,
    // nor does a broken one.
    const unlessLargest = () =>
      afterNextFrame(() => {
        const box = photo.getBoundingClientRect();
        const width = Math.min(box.right, innerWidth) - Math.max(box.left, 0);
        const height = Math.min(box.bottom, innerHeight) - Math.max(box.top, 0);
        if (!photo.naturalWidth || largest >= Math.max(0, width) * Math.max(0, height)) start();
      });
    if (photo?.complete) unlessLargest();
    photo?.addEventListener('load', unlessLargest);
    photo?.addEventListener('error', () => afterNextFrame(start));
  } else if (!photo || photo.complete) {
    afterNextFrame(start);
  } else {
    for (const event of ['load', 'error']) photo.addEventListener(event, () => afterNextFrame(start));
  }
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
