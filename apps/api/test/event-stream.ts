// Reads a Server-Sent Events stream the way a browser's EventSource does, for tests of the
// live events route (GET /api/v1/me/events) over a real socket.

export type StreamEvent = { id?: string; event?: string; data: string };

export type OpenStream = {
  status: number;
  headers: Headers;
  /** Every event received so far, in order. */
  events: StreamEvent[];
  /** Resolves with the `count`-th event (1-based) once it arrives; fails after `timeoutMs`. */
  nth(count: number, timeoutMs?: number): Promise<StreamEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** The client hangs up. */
  close(): void;
  /** The body of a refused request (a problem), when the status is not 200. */
  text(): Promise<string>;
};

export async function openEventStream(
  url: string,
  headers: Record<string, string> = {},
): Promise<OpenStream> {
  const abort = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: abort.signal,
  });
  const events: StreamEvent[] = [];
  const waiting = new Set<() => void>();
  let ended: Promise<void> = Promise.resolve();

  if (response.status === 200 && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    ended = (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          buffer += value;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = parseBlock(block);
            if (event) {
              events.push(event);
              for (const wake of waiting) wake();
            }
            end = buffer.indexOf('\n\n');
          }
        }
      } catch {
        // The client hung up (abort): the stream is over either way.
      }
    })();
  }

  return {
    status: response.status,
    headers: response.headers,
    events,
    nth: (count, timeoutMs = 5000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const event = events[count - 1];
          if (!event) return;
          waiting.delete(check);
          clearTimeout(timer);
          resolve(event);
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`event ${count} did not arrive within ${timeoutMs} ms`));
        }, timeoutMs);
        waiting.add(check);
        check();
      }),
    ended,
    close: () => abort.abort(),
    text: () => response.text(),
  };
}

/** The events of a stream's text, read as a browser reads them. */
export function eventsIn(text: string): StreamEvent[] {
  return text.split('\n\n').flatMap((block) => parseBlock(block) ?? []);
}

/** One event block; comments (heartbeats) and blocks without data are no event. */
function parseBlock(block: string): StreamEvent | undefined {
  const event: StreamEvent = { data: '' };
  let hasData = false;
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') event.id = value;
    else if (field === 'event') event.event = value;
    else if (field === 'data') {
      event.data = hasData ? `${event.data}\n${value}` : value;
      hasData = true;
    }
  }
  return hasData ? event : undefined;
}
