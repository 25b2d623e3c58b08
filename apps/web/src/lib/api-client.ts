import { type Problem, ProblemSchema } from '@basha/domain';
import type { z } from 'zod';

/** Where the API lives; same origin by default, configurable for split deployments. */
const API_BASE = import.meta.env.VITE_API_BASE ?? '';

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
    return this.problem?.errors?.find((e) => e.path === field || e.path.endsWith(`.${field}`))
      ?.message;
  }
}

type RequestOptions<Schema extends z.ZodType> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON body, or FormData for uploads. */
  body?: unknown;
  /** Validates the response; the API contract is the domain's zod schemas. */
  schema: Schema;
  signal?: AbortSignal;
};

/** The one way the web app talks to the API. */
export async function apiRequest<Schema extends z.ZodType>(
  path: string,
  { method = 'GET', body, schema, signal }: RequestOptions<Schema>,
): Promise<z.infer<Schema>> {
  const isForm = body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      credentials: 'include',
      signal,
      headers: body === undefined || isForm ? undefined : { 'content-type': 'application/json' },
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

async function readProblem(response: Response): Promise<Problem | null> {
  try {
    return ProblemSchema.parse(await response.json());
  } catch {
    return null;
  }
}
