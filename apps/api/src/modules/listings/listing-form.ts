import { MAX_UPLOAD_BYTES, profilePhotoMessages } from '@basha/domain';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';

export type ListingForm = { fields: Record<string, string>; photo: Buffer | null };

/**
 * Room for the longest text we accept (5 000 characters of Bangla are ~15 KB in UTF-8), so
 * the schema's length checks, with their clear messages, are the ones that normally speak.
 */
const MAX_FIELD_BYTES = 32 * 1024;

/** Reads the add/update property form: text fields plus an optional `photo` file. */
export async function readListingForm(request: FastifyRequest): Promise<ListingForm> {
  if (!request.isMultipart()) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'A property must be sent as multipart/form-data with its fields and a photo.',
    );
  }
  const fields: Record<string, string> = {};
  let photo: Buffer | null = null;
  try {
    for await (const part of request.parts({
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: MAX_FIELD_BYTES },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'photo') {
          throw new AppError('BAD_REQUEST', `Unexpected file field "${part.fieldname}".`);
        }
        const bytes = await part.toBuffer();
        // A browser sends an empty, nameless file part when no file was chosen.
        photo = bytes.length === 0 && !part.filename ? null : bytes;
      } else if (part.valueTruncated) {
        // busboy cuts an oversized field silently; never validate the truncated text.
        throw AppError.validation([
          { path: part.fieldname, message: 'This field is far too long.' },
        ]);
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', profilePhotoMessages.tooLarge);
    }
    throw error;
  }
  return { fields, photo };
}
