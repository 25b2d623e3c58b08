import fs from 'node:fs';
import path from 'node:path';
import { PUBLIC_LISTINGS_META } from '@basha/domain';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { compressWhole, preferredEncoding } from '../http/compression.ts';
import { firstPageHints } from './first-page-hints.ts';
import { listingPreviewHead } from './listing-preview.ts';
import { pageLanguageHead } from './page-language-head.ts';
import { loadPageRenderer } from './page-renderer.ts';
import { readPageScripts } from './page-scripts.ts';
import { scriptsAfterPhoto } from './scripts-after-photo.ts';

/**
 * Serves the built SPA with history fallback, when it has been built. `publicUrl` starts the
 * absolute URLs of link previews (PUBLIC_URL); with `publicListings` every page tells the
 * web app that visitors may browse and open listings (PUBLIC_LISTINGS_META).
 */
export async function serveWebApp(
  app: FastifyInstance,
  distDir: string,
  { publicUrl, publicListings }: { publicUrl: string; publicListings: boolean },
): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) return;
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each script and stylesheet (apps/web/precompress.ts).
    preCompressed: true,
    // The build's manifest (.vite/) is for this server, not for browsers.
    dotfiles: 'ignore',
    // Vite fingerprints everything under /assets/: cache it for a year. Other files revalidate.
    setHeaders: (res, filePath) => {
      const fingerprinted = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header(
        'cache-control',
        fingerprinted ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  const indexHtml = fs.readFileSync(indexFile, 'utf8');
  const headEnd = indexHtml.indexOf('</head>');
  const scriptsOf = readPageScripts(distDir);
  const rootStart = indexHtml.indexOf('<div id="root">');
  const renderPage = rootStart !== -1 ? await loadPageRenderer(distDir) : null;

  /**
   * index.html with the page's hints, its language and alternates, and a public listing's
   * own title and tags in the page's language; a public page's content pre-rendered (ADR 35).
   */
  async function pageWithHead(request: FastifyRequest): Promise<string> {
    const { pathname } = new URL(request.url, 'http://basha.invalid');
    const language = pageLanguageHead(request.url, publicUrl);
    const [hints, preview] = await Promise.all([
      firstPageHints(app, request, scriptsOf),
      listingPreviewHead(app, pathname, publicUrl, language.locale),
    ]);
    let head = indexHtml
      .slice(0, headEnd)
      .replace(/<html\b[^>]*>/, `<html lang="${language.locale}">`);
    head += language.alternates;
    if (publicListings) head += `<meta name="${PUBLIC_LISTINGS_META}" content="true">`;
    if (preview) {
      // Replaced by function: a title's `$&` is text, not a replacement pattern.
      head =
        head
          .replace(/<title>[^<]*<\/title>/, () => preview.title)
          .replace(/<meta name="description"[^>]*>/, () => preview.description) + preview.tags;
    }
    const body = indexHtml.slice(headEnd);
    const markup =
      // A page of the page table whose main content the API gave its reader: the API's own
      // rules decide, so a page they may not open (a visitor's All Properties without
      // PUBLIC_LISTINGS, a wishlist not theirs to have) is left to the browser, which sends
      // them on as the spec's guards do (ADR 35).
      renderPage && hints.pageGiven
        ? await renderPage({
            url: request.url,
            locale: language.locale,
            answers: hints.answers,
          }).catch((error: unknown) => {
            // The browser renders the page as it did before pre-rendering: no error page.
            request.log.error({ err: error }, 'pre-rendering a page failed');
            return null;
          })
        : null;
    if (!markup) return head + hints.html + body;
    const rootContent = rootStart - headEnd + '<div id="root">'.length;
    const scripts = scriptsAfterPhoto(head + hints.html);
    const bodyEnd = body.lastIndexOf('</body>');
    return (
      scripts.head +
      body.slice(0, rootContent) +
      markup +
      body.slice(rootContent, bodyEnd) +
      scripts.loader +
      body.slice(bodyEnd)
    );
  }

  // Compressed here, whole, not by @fastify/compress: a page compressed as a stream left the
  // server in pieces on a busy machine, and the browser painted the pre-rendered form before
  // its last button arrived, then moved its fields (a layout shift, CLS > 0). Painting a page
  // half parsed is index.html's part: it blocks rendering until #page-end (ADR 35).
  app.get('/*', { schema: { hide: true }, compress: false }, async (request, reply) => {
    // A page file no build has (or kept): a 404 the browser reports as such. The app's HTML
    // in its place made a script fail with a MIME type error that says nothing of the cause.
    if (['/api/', '/media/', '/assets/'].some((prefix) => request.url.startsWith(prefix))) {
      return reply.callNotFound();
    }
    const page = headEnd === -1 ? indexHtml : await pageWithHead(request);
    reply
      .type('text/html; charset=utf-8')
      // The hints depend on who asks (their wishlist, what they may see): no shared cache.
      .header('cache-control', 'private, no-cache')
      .header('vary', 'accept-encoding');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(page);
    const compressed = await compressWhole(Buffer.from(page), encoding);
    return reply.header('content-encoding', encoding).send(compressed);
  });
}
