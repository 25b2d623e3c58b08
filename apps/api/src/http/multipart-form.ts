import { MAX_UPLOAD_BYTES, multipartMessages } from '@basha/domain';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

/**
 * Lets the routes registered on `app` read multipart forms. Called by the route plugins that
 * have such routes, never for the whole app: @fastify/multipart adds async hooks to every
 * request of the context it joins (promises and a listener each), which every JSON route
 * would otherwise pay for. A multipart body sent to any other route is refused (415).
 */
export async function acceptMultipartForms(app: FastifyInstance): Promise<void> {
  await app.register(multipart);
}

/** A form's text fields and its one optional file, read whole (forms here are small). */
export type MultipartForm = { fields: Record<string, string>; file: Buffer | null };

export type MultipartFormSpec = {
  /** The one file field the form has (`photo`). */
  fileField: string;
  /** The 415 message when the request is not multipart/form-data at all. */
  notMultipart: string;
  /** The 413 message when the file is larger than MAX_UPLOAD_BYTES. */
  fileTooLarge: string;
};

/**
 * Room for the longest text we accept (5 000 characters of Bangla are ~15 KB in UTF-8), so
 * the schema's length checks, with their clear messages, are the ones that normally speak.
 */
const MAX_FIELD_BYTES = 32 * 1024;
/**
 * More than any form here has (the listing form: 5 fields, 12 facts, 3 place ids), so only
 * a hand-made request meets the limit.
 */
export const MAX_MULTIPART_FIELDS = 40;

/** @fastify/multipart's limit errors; each carries 413 but no message a client can use. */
const LIMIT_ERRORS = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);

/**
 * The one multipart reader of the API: every multipart route reads its form through it, so
 * a malformed body (no or wrong boundary, cut short, never closed) is a 400 everywhere.
 * busboy reports those as plain errors, which would otherwise leave as 500s.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  spec: MultipartFormSpec,
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', spec.notMultipart);
  const fields: Record<string, string> = {};
  let file: Buffer | null = null;
  try {
    for await (const part of request.parts({
      limits: {
        fileSize: MAX_UPLOAD_BYTES,
        files: 1,
        fields: MAX_MULTIPART_FIELDS,
        fieldSize: MAX_FIELD_BYTES,
      },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== spec.fileField) {
          throw new AppError('BAD_REQUEST', multipartMessages.unexpectedFile, {
            params: { field: part.fieldname },
          });
        }
        const bytes = await part.toBuffer();
        // A browser sends an empty, nameless file part when no file was chosen.
        file = bytes.length === 0 && !part.filename ? null : bytes;
      } else if (part.valueTruncated) {
        // busboy cuts an oversized field silently; never validate the truncated text.
        throw AppError.validation([
          { path: part.fieldname, message: multipartMessages.fieldTooLong },
        ]);
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw asClientError(error, spec);
  }
  return { fields, file };
}

function asClientError(error: unknown, spec: MultipartFormSpec): unknown {
  if (error instanceof AppError) return error;
  const { code, statusCode } = error as { code?: string; statusCode?: number };
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError('PAYLOAD_TOO_LARGE', spec.fileTooLarge);
  if (code && LIMIT_ERRORS.has(code)) {
    return new AppError('PAYLOAD_TOO_LARGE', multipartMessages.tooManyParts);
  }
  // Fastify's own 4xx (a field named __proto__, a body over the limit) keep their answer.
  if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) return error;
  return new AppError('BAD_REQUEST', multipartMessages.malformed);
}
