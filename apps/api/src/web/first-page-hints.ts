import { apiUrls, FIRST_ANSWERS_ELEMENT_ID, firstPageAt } from '@basha/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { escapeHtml, jsonInScript } from './html-text.ts';
import type { PageScripts } from './page-scripts.ts';

/** The `<head>` markup, and the answers it inlines by request URL (JSON text). */
export type FirstPageHints = {
  html: string;
  answers: Map<string, string>;
  /** Whether the API gave the caller the page's main answer: a page of the table theirs to see. */
  pageGiven: boolean;
};

/**
 * What the page at the requested address needs first, written into its `<head>`: the API
 * answers it starts with (who is signed in, then its main content) inlined as JSON, and
 * `<link rel=preload>` of its scripts and its largest photo. The page is rendered by script,
 * so without them a phone asks for the page's code and data only once the entry script has
 * downloaded and run, and for the photo only once the data has arrived. Inlined, the answers
 * cost no request at all: over HTTP/1.1 a browser opens at most six connections to a host,
 * and each preloaded answer held one (a handshake and a round trip on a phone) while the
 * entry script waited for it. The answers are asked of this app in-process, with the
 * caller's cookie, so they follow exactly the rules (and the response cache) of the API
 * itself: a caller the API would refuse (a visitor on a page for the signed-in) gets none.
 */
export async function firstPageHints(
  app: FastifyInstance,
  request: FastifyRequest,
  scriptsOf: PageScripts,
): Promise<FirstPageHints> {
  const address = new URL(request.url, 'http://basha.invalid');
  const found = firstPageAt(address.pathname, address.search);
  const requests = found?.requests ?? [];
  const { cookie } = request.headers;
  const ask = (url: string) =>
    app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const [session, ...answers] = await Promise.all(
    [apiUrls.session, ...requests.map((first) => first.url)].map(ask),
  );
  const inlined = new Map<string, string>();
  if (session?.statusCode === 200) inlined.set(apiUrls.session, session.body);
  const [main] = answers;
  if (!found || main?.statusCode !== 200)
    return { html: inlinedAnswers(inlined), answers: inlined, pageGiven: false };

  requests.forEach(({ url }, index) => {
    const answer = answers[index];
    if (answer?.statusCode === 200) inlined.set(url, answer.body);
  });
  const { page } = found;
  const photo = page.photoIn(main.json());
  const scripts = page.pageModule ? scriptsOf(page.pageModule) : [];
  const hints = [
    // Same CORS mode as the entry's own <script type=module crossorigin> imports.
    ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="${escapeHtml(file)}">`),
  ];
  if (photo) {
    hints.push(
      `<link rel="preload" as="image" href="${escapeHtml(photo.url)}" imagesrcset="${escapeHtml(photo.srcset)}" imagesizes="${escapeHtml(page.photoSizes)}" fetchpriority="high">`,
    );
  }
  return { html: hints.join('') + inlinedAnswers(inlined), answers: inlined, pageGiven: true };
}

/**
 * The answers as one JSON object keyed by request URL, in a data block the browser does not
 * run. Every `<`, `>` and `&` is written as a JSON escape, so no text in an answer (a
 * listing titled `</script>…`) can end the block or start markup.
 */
function inlinedAnswers(answers: Map<string, string>): string {
  if (answers.size === 0) return '';
  const json = `{${[...answers].map(([url, body]) => `${JSON.stringify(url)}:${body}`).join(',')}}`;
  return `<script type="application/json" id="${FIRST_ANSWERS_ELEMENT_ID}">${jsonInScript(json)}</script>`;
}
