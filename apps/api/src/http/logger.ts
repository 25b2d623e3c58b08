import type { FastifyServerOptions } from 'fastify';
import { type DestinationStream, stdSerializers } from 'pino';

/**
 * The API's logger: no cookies or authorization headers, and no values from a failed query.
 * A failed query's error carries its parameters (Drizzle: "Failed query: … params: …") and
 * the database's message often quotes one ('invalid input syntax for type uuid: "…"',
 * "Key (email)=(…) already exists"): names, emails and card digits would end up in the log.
 */
export function loggerOptions(level: string, stream?: DestinationStream) {
  return {
    level,
    redact: ['req.headers.cookie', 'req.headers.authorization'],
    serializers: {
      err: (error: unknown) => stdSerializers.err(withoutQueryValues(error) as Error),
    },
    ...(stream ? { stream } : {}),
  } satisfies FastifyServerOptions['logger'];
}

/**
 * The error and its causes as the log should see them: a query failure keeps its SQL text
 * (placeholders, never values) and a database error its SQLSTATE and the names of what it
 * concerns; their messages, parameters and details are dropped.
 */
export function withoutQueryValues(error: unknown, depth = 0): unknown {
  if (!error || typeof error !== 'object' || depth > 5) return error;
  const e = error as Record<string, unknown> & Error;
  const cause = 'cause' in e ? withoutQueryValues(e.cause, depth + 1) : undefined;
  // PGlite's database errors carry the query and its parameters too: test them first.
  if (isDatabaseError(e)) {
    return copyOf(e, `Database error ${e.code}`, {
      code: e.code,
      ...pick(e, ['severity', 'routine', 'schema', 'table', 'column', 'constraint', 'dataType']),
      cause,
    });
  }
  if (typeof e.query === 'string' && 'params' in e) {
    return copyOf(e, `Failed query: ${e.query}`, { query: e.query, cause });
  }
  // A library that wraps a query failure may copy its message, parameters and all.
  const message = withoutQueryParams(e.message);
  if (cause !== e.cause || message !== e.message) {
    return copyOf(e, message, { ...pick(e, ['code', 'statusCode']), cause });
  }
  return error;
}

/** A message without Drizzle's "\nparams: …", which runs to its end. */
export function withoutQueryParams(message: string): string {
  return message.replace(/\nparams: [\s\S]*$/, '');
}

function isDatabaseError(
  e: Record<string, unknown>,
): e is Record<string, unknown> & { code: string } {
  return (
    typeof e.severity === 'string' && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)
  );
}

function pick(e: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((key) => e[key] !== undefined).map((key) => [key, e[key]]));
}

/** A new error with the same type and call stack, but only the message and fields given. */
function copyOf(original: Error, message: string, fields: Record<string, unknown>): Error {
  const copy = new Error(message);
  copy.name = original.name;
  Object.defineProperty(copy, 'constructor', { value: original.constructor, enumerable: false });
  const frames = (original.stack ?? '').split('\n').filter((line) => line.startsWith('    at '));
  copy.stack = [`${original.name}: ${message}`, ...frames].join('\n');
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) (copy as unknown as Record<string, unknown>)[key] = value;
  }
  return copy;
}
