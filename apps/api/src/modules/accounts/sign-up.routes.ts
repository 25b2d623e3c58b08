import {
  MAX_UPLOAD_BYTES,
  profilePhotoMessages,
  SignUpAnswerSchema,
  SignUpFieldsSchema,
  signUpMessages,
} from '@basha/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Auth } from '../../auth/better-auth.ts';
import { countInWindow } from '../../auth/rate-limit.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { parseOrThrow } from '../../http/validation.ts';
import type { MediaStorage } from '../../media/storage.ts';
import { signUp } from './sign-up.service.ts';

type SignUpRoutesOptions = {
  auth: Auth;
  db: Database;
  storage: MediaStorage;
  limits: Config['signUpLimits'];
};

/**
 * Sign-up takes a profile photo, so it is multipart and ours rather than better-auth's JSON
 * endpoint; it sits on better-auth's path and creates the account through better-auth.
 */
export async function signUpRoutes(
  app: FastifyInstance,
  options: SignUpRoutesOptions,
): Promise<void> {
  app.post(
    '/api/auth/sign-up/email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an account (multipart: name, email, password, photo)',
        consumes: ['multipart/form-data'],
        response: { 201: SignUpAnswerSchema },
      },
    },
    async (request, reply) => {
      // Counted before the form is read: photo decoding and password hashing are the dear part.
      const { limits } = options;
      const tries = await countInWindow(
        options.db,
        `signup:address:${request.ip}`,
        limits.windowSeconds,
      );
      if (tries.count > limits.perAddress) {
        throw new AppError('TOO_MANY_REQUESTS', signUpMessages.tooMany, {
          retryAfterSeconds: tries.retryAfterSeconds,
        });
      }
      const form = await readSignUpForm(request);
      const fields = parseOrThrow(SignUpFieldsSchema, form.fields);
      if (!form.photo) {
        throw AppError.validation([{ path: 'photo', message: profilePhotoMessages.required }]);
      }
      await signUp(options, fields, form.photo);
      return reply.status(201).send({ message: signUpMessages.received });
    },
  );
}

type SignUpForm = { fields: Record<string, string>; photo: Buffer | null };

async function readSignUpForm(request: FastifyRequest): Promise<SignUpForm> {
  if (!request.isMultipart()) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Sign-up must be sent as multipart/form-data with name, email, password and photo.',
    );
  }
  const fields: Record<string, string> = {};
  let photo: Buffer | null = null;
  try {
    for await (const part of request.parts({
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 4096 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'photo')
          throw new AppError('BAD_REQUEST', `Unexpected file field "${part.fieldname}".`);
        photo = await part.toBuffer();
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
