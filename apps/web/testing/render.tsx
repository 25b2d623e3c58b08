import { fillMessage, messageCodeOf, type User } from '@basha/domain';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AppProvider } from '../src/app/provider.tsx';

/** Renders a component inside the app's providers and a memory router, like the real app. */
export function renderWithApp(element: ReactElement, { path = '/' }: { path?: string } = {}) {
  return render(
    <AppProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={element} />
        </Routes>
      </MemoryRouter>
    </AppProvider>,
  );
}

/** A signed-in account of the role, as GET /api/v1/session describes it. */
export function accountOf(role: User['role']): User {
  return {
    id: 'u-1',
    name: 'Rahim',
    email: 'rahim@example.com',
    photoUrl: null,
    role,
    fraud: false,
    createdAt: '2026-01-02T10:00:00.000Z',
  };
}

/** The API's 400 answer refusing one field with a domain message, coded as the API codes it. */
export function fieldRefusal(path: string, message: string) {
  const messageCode = messageCodeOf(message);
  return {
    status: 400,
    body: {
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: message,
      code: 'VALIDATION_FAILED',
      messageCode,
      errors: [{ path, message, messageCode }],
    },
  };
}

const TITLES: Record<number, string> = { 402: 'Payment Required', 409: 'Conflict' };

/** The API's refusal of a whole request (not one field), as problem details with its code. */
export function refusal(
  status: 402 | 409,
  code: string,
  message: string,
  params?: Record<string, string | number>,
) {
  return {
    status,
    body: {
      type: 'about:blank',
      title: TITLES[status],
      status,
      code,
      detail: params ? fillMessage(message, params) : message,
      messageCode: messageCodeOf(message),
      ...(params ? { params } : {}),
    },
  };
}

/** The answer of GET /api/v1/session: who is signed in, or null for a visitor. */
export const SESSION_URL = '/api/v1/session';
export function sessionOf(user: unknown) {
  return { status: 200, body: { user } };
}

type Answer = { status: number; body?: unknown } | undefined;
/** The API's answer to a call; a promise holds it back, as a slow server would. */
type Handler = (url: string, init: RequestInit) => Answer | Promise<Answer>;

/** Replaces fetch with answers a test scripts; unknown calls fail loudly. */
export function stubApi(handler: Handler) {
  const calls: { url: string; init: RequestInit }[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    calls.push({ url, init });
    const answer = await handler(url, init);
    if (!answer) throw new Error(`unexpected API call ${init.method ?? 'GET'} ${url}`);
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: {
        'content-type': answer.status >= 400 ? 'application/problem+json' : 'application/json',
      },
    });
  }) as typeof fetch;
  return calls;
}
