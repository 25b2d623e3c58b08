import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageLocale } from '@basha/domain';

/** A page to pre-render: its address, its language and the answers it inlines, by URL. */
export type PageToRender = { url: string; locale: PageLocale; answers: Map<string, string> };

/** The markup of `#root` for the page, or null when it is left to the browser. */
export type PageRenderer = (page: PageToRender) => Promise<string | null>;

/** The web build's server entry (apps/web/src/server/render-page.tsx), as built by Vite. */
type ServerEntry = {
  renderPage(page: {
    url: string;
    locale: PageLocale;
    answers: Record<string, unknown>;
  }): Promise<string | null>;
};

/** Rendered pages kept at most, in bytes of markup; the oldest go first. */
const CACHE_MAX_BYTES = 16 * 1024 * 1024;

/**
 * Loads the web build's server entry (`dist/.server/render-page.js`, ADR 35), which renders
 * a page with the web app's own components; null when the build has none (an older build, or
 * none at all): pages are then rendered by the browser alone, as before.
 *
 * A page's markup is a function of its address, its language and the answers it is rendered
 * from, so it is cached under a digest of the three: a changed listing changes its answer
 * (kept current by the response cache, ADR 6) and so the key; nothing needs invalidating.
 */
export async function loadPageRenderer(distDir: string): Promise<PageRenderer | null> {
  const entryFile = path.join(distDir, '.server', 'render-page.js');
  if (!fs.existsSync(entryFile)) return null;
  const entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;
  const rendered = new Map<string, string>();
  let bytes = 0;
  return async ({ url, locale, answers }) => {
    const digest = createHash('sha256').update(`${url}\n${locale}`);
    for (const [answerUrl, body] of answers) digest.update(`\n${answerUrl}\n${body}`);
    const key = digest.digest('base64url');
    const cached = rendered.get(key);
    if (cached !== undefined) return cached;
    const markup = await entry.renderPage({
      url,
      locale,
      answers: Object.fromEntries(
        [...answers].map(([answerUrl, body]) => [answerUrl, JSON.parse(body)]),
      ),
    });
    // A page left to the browser is not kept. An account's page is kept under its own key (its
    // session is one of the answers), so it is only ever served to that account again.
    if (markup === null) return null;
    rendered.set(key, markup);
    bytes += markup.length;
    for (const [oldKey, oldMarkup] of rendered) {
      if (bytes <= CACHE_MAX_BYTES) break;
      rendered.delete(oldKey);
      bytes -= oldMarkup.length;
    }
    return markup;
  };
}
