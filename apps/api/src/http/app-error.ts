export type ErrorCode =
  | 'BAD_REQUEST'
  | 'VALIDATION_FAILED'
  | 'UNAUTHENTICATED'
  | 'PAYMENT_DECLINED'
  | 'FORBIDDEN'
  | 'CROSS_SITE_REQUEST'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'TOO_MANY_REQUESTS'
  | 'SERVICE_UNAVAILABLE'
  | 'INTERNAL';

const statusOf: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  PAYMENT_DECLINED: 402,
  FORBIDDEN: 403,
  CROSS_SITE_REQUEST: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
};

import { fillMessage, type MessageParams } from '@basha/domain';

export type FieldError = { path: string; message: string; params?: MessageParams };

/** The one error type services throw; the error handler turns it into problem details. */
export class AppError extends Error {
  override name = 'AppError';
  readonly status: number;

  /**
   * `message` is one of the domain's message texts (its code goes out beside it); a text
   * with `{name}` placeholders gets their values in `extra.params`.
   */
  constructor(
    readonly code: ErrorCode,
    readonly template: string,
    readonly extra: {
      errors?: FieldError[];
      params?: MessageParams;
      retryAfterSeconds?: number;
      /** Where to open Basha instead, for a request from a page at another address. */
      openAt?: string;
    } = {},
  ) {
    super(extra.params ? fillMessage(template, extra.params) : template);
    this.status = statusOf[code];
  }

  static validation(errors: FieldError[]): AppError {
    const first = errors[0]?.message ?? 'The request is not valid.';
    return new AppError('VALIDATION_FAILED', first, { errors });
  }
}

/** PostgreSQL's unique_violation, whichever driver raised it. */
export function isUniqueViolation(error: unknown): boolean {
  return causeChain(error).some((e) => (e as { code?: unknown }).code === '23505');
}

function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current = error;
  while (current && typeof current === 'object' && chain.length < 5) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}
