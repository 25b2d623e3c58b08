import { FIRST_ANSWERS_ELEMENT_ID } from '@basha/domain';

/**
 * The API answers the server wrote into the page it served (apps/api/src/web/
 * first-page-hints.ts): who is signed in and the first page's data, keyed by request URL.
 * Each is taken once, by the first request for its URL; later requests ask the API, so
 * nothing is served older than the page itself.
 */
let answers = new Map<string, unknown>();

/** Pages pre-rendered on the server take their answers one page at a time (see below). */
let rendering: Promise<unknown> = Promise.resolve();

/**
 * On the server (pre-rendering, ADR 35): runs `task` with `given` as the page's answers, as
 * the browser reads them from the page. Pages take turns, so one page's answers never serve
 * another's requests; a turn is short, as every answer is in memory.
 */
export function withFirstAnswers<T>(
  given: Record<string, unknown>,
  task: () => Promise<T>,
): Promise<T> {
  const turn = rendering.then(async () => {
    answers = new Map(Object.entries(given));
    try {
      return await task();
    } finally {
      answers = new Map();
    }
  });
  rendering = turn.catch(() => undefined);
  return turn;
}

/** The inlined answer to `GET path`, or undefined when the page carries none (any more). */
export function takeFirstAnswer(path: string): unknown {
  readAnswersOnce();
  const answer = answers.get(path);
  answers.delete(path);
  return answer;
}

/** The block is read the first time and then removed from the document. */
function readAnswersOnce(): void {
  if (typeof document === 'undefined') return;
  const element = document.getElementById(FIRST_ANSWERS_ELEMENT_ID);
  if (!element) return;
  element.remove();
  try {
    answers = new Map(Object.entries(JSON.parse(element.textContent ?? '') as object));
  } catch {
    // A damaged block costs only the requests it would have saved.
    answers = new Map();
  }
}
