import {
  AuthProvidersSchema,
  accountMessages,
  GoogleSignInStartSchema,
  ProblemSchema,
  signInMessages,
} from '@basha/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { crossSiteRefusal } from '../http/cross-site-guard.ts';
import { problem } from '../http/problem-details.ts';
import { refuseUnstorableText } from '../http/storable-text.ts';
import { toHeaders } from '../performance/session-reader.ts';
import type { Auth } from './better-auth.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { withoutSessionTokens } from './session-token-free.ts';

type AuthRoutesOptions = {
  auth: Auth;
  throttle: LoginThrottle;
  publicUrl: string;
  googleEnabled: boolean;
  emailSending: boolean;
};

/** Mounts better-auth at /api/auth/* and the endpoints that describe it. */
export async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions): Promise<void> {
  const { auth, throttle, publicUrl, googleEnabled, emailSending } = options;
  // better-auth's input has no schema of ours; the domain's text rule still applies to it.
  app.addHook('preValidation', refuseUnstorableText);

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/auth/providers',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary:
          'Which sign-in methods this server offers, and whether a password can be reset by email (the UI hides what is false)',
        response: { 200: AuthProvidersSchema },
      },
    },
    async () => ({
      emailPassword: true as const,
      google: googleEnabled,
      passwordReset: emailSending,
    }),
  );

  app.post('/api/auth/sign-in/email', { schema: { hide: true } }, async (request, reply) => {
    const email = readEmail(request.body);
    await throttle.beginAttempt(request.ip, email);
    const response = await forwardToBetterAuth(auth, publicUrl, request);
    if (response.ok) await throttle.succeeded(request.ip, email);
    return sendResponse(reply, response, publicUrl);
  });

  // Starting Google sign-in: what Basha adds to better-auth's body (the page's language) is
  // checked here, so a bad value is refused before the round trip rather than dropped after.
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/api/auth/sign-in/social',
      { schema: { hide: true, body: GoogleSignInStartSchema } },
      async (request, reply) =>
        sendResponse(reply, await forwardToBetterAuth(auth, publicUrl, request), publicUrl),
    );

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    handler: async (request, reply) =>
      sendResponse(reply, await forwardToBetterAuth(auth, publicUrl, request), publicUrl),
  });
}

function readEmail(body: unknown): string {
  const email = (body as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email : '';
}

async function forwardToBetterAuth(auth: Auth, publicUrl: string, request: FastifyRequest) {
  const url = new URL(request.url, publicUrl);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body != null;
  const headers = toHeaders(request.headers);
  // better-auth reads the client IP from this header; set it from Fastify's own view.
  headers.set('x-forwarded-for', request.ip);
  return auth.handler(
    new Request(url, {
      method: request.method,
      headers,
      body: hasBody ? JSON.stringify(request.body) : undefined,
    }),
  );
}

/** Copies a better-auth response, turning its error bodies into our problem details. */
async function sendResponse(
  reply: FastifyReply,
  response: Response,
  publicUrl: string,
): Promise<FastifyReply> {
  reply.status(response.status);
  for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length' && name !== 'content-encoding') {
      reply.header(name, value);
    }
  });
  const text = await response.text();
  if (response.status >= 400) {
    return reply.type('application/problem+json').send(toProblem(response.status, text, publicUrl));
  }
  return reply.send(text.length > 0 ? withoutSessionTokens(text) : undefined);
}

/** better-auth's refusals of a page at another address; the cross-site guard stops most first. */
const ORIGIN_REFUSALS = new Set(['INVALID_ORIGIN', 'MISSING_OR_NULL_ORIGIN']);

function toProblem(status: number, text: string, publicUrl: string) {
  let body: { code?: unknown; message?: unknown } = {};
  try {
    body = JSON.parse(text);
  } catch {}
  const code = typeof body.code === 'string' ? body.code : 'AUTH_ERROR';
  if (ORIGIN_REFUSALS.has(code)) {
    const refusal = crossSiteRefusal(publicUrl);
    return { ...problem(refusal.status, refusal.code, refusal.message), openAt: publicUrl };
  }
  const detail =
    status === 401 && code === 'INVALID_EMAIL_OR_PASSWORD'
      ? signInMessages.incorrect
      : status === 400 && code === 'INVALID_EMAIL'
        ? accountMessages.emailInvalid
        : typeof body.message === 'string' && status < 500
          ? body.message
          : signInMessages.failed;
  return ProblemSchema.parse(problem(status, code, detail));
}
