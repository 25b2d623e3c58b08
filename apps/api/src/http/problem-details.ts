import {
  fillMessage,
  type MessageParams,
  messageCodeOf,
  type Problem,
  serviceMessages,
} from '@basha/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type FieldError } from './app-error.ts';

const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/**
 * The body of a failed call. `detail` (and each field error's `message`) is a text of the
 * domain's message objects, a `{name}` template when `params` fill it in: its code goes out
 * as `messageCode` beside the English (ADR 0023). Any other text (zod's own English, a
 * library's) goes out without a code, and clients show it as it is.
 */
export function problem(
  status: number,
  code: string,
  detail: string,
  errors?: FieldError[],
  params?: MessageParams,
): Problem {
  return {
    type: 'about:blank',
    title: titles[status] ?? 'Error',
    status,
    ...keyed('detail', detail, params),
    code,
    ...(errors
      ? {
          errors: errors.map(({ path, message, params: values }) => ({
            path,
            ...keyed('message', message, values),
          })),
        }
      : {}),
  };
}

/** A message under `name`, filled in, with its code and params when it has a code. */
function keyed<Name extends 'detail' | 'message'>(
  name: Name,
  template: string,
  params: MessageParams | undefined,
) {
  const messageCode = messageCodeOf(template);
  const text = params ? fillMessage(template, params) : template;
  return {
    [name]: text,
    ...(messageCode ? { messageCode, ...(params ? { params } : {}) } : {}),
  } as Record<Name, string> & { messageCode?: string; params?: MessageParams };
}

/** One error handler for the whole API: every failure leaves as RFC 9457 problem details. */
export function registerProblemDetails(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const body = toProblem(error);
    if (body.status >= 500) request.log.error({ err: error }, 'request failed');
    if (error instanceof AppError && error.extra.retryAfterSeconds !== undefined) {
      reply.header('retry-after', String(error.extra.retryAfterSeconds));
    }
    return reply.status(body.status).type('application/problem+json').send(body);
  });

  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .type('application/problem+json')
      .send(
        problem(404, 'NOT_FOUND', serviceMessages.noRoute, undefined, {
          method: request.method,
          path: request.url.split('?')[0] ?? '/',
        }),
      ),
  );
}

function toProblem(error: FastifyError): Problem {
  if (error instanceof AppError) {
    const body = problem(
      error.status,
      error.code,
      error.template,
      error.extra.errors,
      error.extra.params,
    );
    return error.extra.openAt ? { ...body, openAt: error.extra.openAt } : body;
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = error.validation.map((issue) => ({
      // Field paths, without Fastify's "body."/"querystring." prefix, so a form can put the
      // message under its field whichever step (schema or service) refused it.
      path:
        issue.instancePath.split('/').filter(Boolean).join('.') || String(error.validationContext),
      message: issue.message ?? 'Invalid value.',
    }));
    return problem(
      400,
      'VALIDATION_FAILED',
      errors[0]?.message ?? 'The request is not valid.',
      errors,
    );
  }
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    return problem(500, 'INTERNAL', 'Something went wrong on our side. Please try again.');
  }
  // Fastify's own 4xx errors (bad JSON, body too large, wrong content type) carry safe messages.
  return problem(status, error.code ?? 'BAD_REQUEST', error.message);
}
