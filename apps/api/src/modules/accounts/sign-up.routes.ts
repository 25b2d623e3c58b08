import {
  photoMessages,
  profilePhotoMessages,
  SignUpAnswerSchema,
  SignUpFieldsSchema,
  signUpMessages,
} from '@basha/domain';
import type { FastifyInstance } from 'fastify';
import type { Auth } from '../../auth/better-auth.ts';
import { countInWindow } from '../../auth/rate-limit.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import {
  acceptMultipartForms,
  type MultipartFormSpec,
  readMultipartForm,
} from '../../http/multipart-form.ts';
import { parseOrThrow } from '../../http/validation.ts';
import type { MediaStorage } from '../../media/storage.ts';
import { signUp } from './sign-up.service.ts';

type SignUpRoutesOptions = {
  auth: Auth;
  db: Database;
  storage: MediaStorage;
  limits: Config['signUpLimits'];
};

const signUpForm: MultipartFormSpec = {
  fileField: 'photo',
  notMultipart: signUpMessages.notMultipart,
  fileTooLarge: photoMessages.tooLarge,
};

/**
 * Sign-up takes a profile photo, so it is multipart and ours rather than better-auth's JSON
 * endpoint; it sits on better-auth's path and creates the account through better-auth.
 */
export async function signUpRoutes(
  app: FastifyInstance,
  options: SignUpRoutesOptions,
): Promise<void> {
  await acceptMultipartForms(app);
  app.post(
    '/api/auth/sign-up/email',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Create an account (multipart: name, email, password, photo; optional language en|bn for its emails)',
        consumes: ['multipart/form-data'],
        response: { 201: SignUpAnswerSchema },
      },
    },
    async (request, reply) => {
      const form = await readMultipartForm(request, signUpForm);
      const fields = parseOrThrow(SignUpFieldsSchema, form.fields);
      if (!form.file) {
        throw AppError.validation([{ path: 'photo', message: profilePhotoMessages.required }]);
      }
      // Counted once the form is well formed (bad input writes nothing, not even a count) and
      // before the dear part: decoding the photo and hashing the password.
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
      await signUp(options, fields, form.file);
      return reply.status(201).send({ message: signUpMessages.received });
    },
  );
}
