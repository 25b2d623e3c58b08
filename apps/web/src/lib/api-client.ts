import { type Problem, ProblemSchema } from '@basha/domain';
import type { z } from 'zod/mini';
import { takeFirstAnswer } from './first-answers.ts';
import type { CodedMessage } from './i18n/coded-message.ts';
import { yieldToBrowser } from './yield-to-browser.ts';

/** Where the API lives; same origin by default, configurable for split deployments. */
const API_BASE = import.meta.env.VITE_API_BASE ?? '';

/** The full address of an API path, for what cannot go through `apiRequest` (EventSource). */
export function apiUrl(path: string): string {
  return `${API_BASE}${path}`;
}

/** A failed API call, carrying the server's problem details. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly problem: Problem | null,
  ) {
    super(problem?.detail ?? (status === 0 ? 'network' : `HTTP ${status}`));
  }

  /** The message for a field, when the server pointed at one. */
  fieldMessage(field: string): string | undefined {
    return this.fieldError(field)?.text;
  }

  /** The message for a field with its code, to translate it by. */
  fieldError(field: string): CodedMessage | undefined {
    const error = this.problem?.errors?.find(
      (e) => e.path === field || e.path.endsWith(`.${field}`),
    );
    return error && { text: error.message, code: error.messageCode, params: error.params };
  }
}

type RequestOptions<Schema extends z.ZodMiniType> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON body, or FormData for uploads. */
  body?: unknown;
  /** Validates the response; the API contract is the domain's zod schemas. */
  schema: Schema;
  signal?: AbortSignal;
  /** Ask for an answer read now, not one the API kept (lib/fresh-reads.ts). */
  fresh?: boolean;
  /**
   * Upload progress of a FormData body, from 0 to 1. fetch cannot report it, so only these
   * requests go through XMLHttpRequest; everything else stays on fetch.
   */
  onUploadProgress?: (fraction: number) => void;
};

/** The one way the web app talks to the API. */
export async function apiRequest<Schema extends z.ZodMiniType>(
  path: string,
  { method = 'GET', body, schema, signal, fresh, onUploadProgress }: RequestOptions<Schema>,
): Promise<z.infer<Schema>> {
  if (method === 'GET') {
    const inlined = takeFirstAnswer(path);
    if (inlined !== undefined) {
      // In a task of its own in the browser: the app's start checks each of the page's
      // inlined answers against its schema, and together they made one long task (main.tsx).
      if (typeof window !== 'undefined') await yieldToBrowser();
      return schema.parse(inlined);
    }
  }
  // On the server (pre-rendering, ADR 35) a page has the answers it was given, and no others.
  if (typeof window === 'undefined') throw new ApiError(0, null);
  const isForm = body instanceof FormData;
  if (isForm && onUploadProgress) {
    const answer = await sendFormWithProgress(`${API_BASE}${path}`, method, body, {
      signal,
      onUploadProgress,
    });
    if (!answer.ok) throw new ApiError(answer.status, parseProblem(answer.text));
    if (answer.status === 204 || answer.text === '') return schema.parse(null);
    return schema.parse(JSON.parse(answer.text));
  }
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      credentials: 'include',
      signal,
      headers: {
        ...(body === undefined || isForm ? {} : { 'content-type': 'application/json' }),
        ...(fresh ? { 'cache-control': 'no-cache' } : {}),
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, null);
  }
  if (!response.ok) throw new ApiError(response.status, await readProblem(response));
  if (response.status === 204) return schema.parse(null);
  return schema.parse(await response.json());
}

type RawAnswer = { ok: boolean; status: number; text: string };

/** A multipart request over XMLHttpRequest, reporting upload progress; same cookies as fetch. */
function sendFormWithProgress(
  url: string,
  method: string,
  body: FormData,
  { signal, onUploadProgress }: { signal?: AbortSignal; onUploadProgress: (f: number) => void },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The request was aborted.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onUploadProgress(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      onUploadProgress(1);
      resolve({
        ok: xhr.status >= 200 && xhr.status < 300,
        status: xhr.status,
        text: xhr.responseText,
      });
    });
    xhr.addEventListener('error', () => reject(new ApiError(0, null)));
    xhr.addEventListener('abort', () =>
      reject(new DOMException('The request was aborted.', 'AbortError')),
    );
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

function parseProblem(text: string): Problem | null {
  try {
    return ProblemSchema.parse(JSON.parse(text));
  } catch {
    return null;
  }
}

async function readProblem(response: Response): Promise<Problem | null> {
  try {
    return ProblemSchema.parse(await response.json());
  } catch {
    return null;
  }
}
