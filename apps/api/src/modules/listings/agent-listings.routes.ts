import {
  AgentListingQuerySchema,
  ListingDetailsSchema,
  ListingFieldsSchema,
  ListingIdParamsSchema,
  ListingPhotoUploadSchema,
  listingMessages,
  ManagedListingPageSchema,
} from '@basha/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { actorOf } from '../../auth/access.ts';
import { AppError } from '../../http/app-error.ts';
import {
  acceptMultipartForms,
  type MultipartFormSpec,
  readMultipartForm,
} from '../../http/multipart-form.ts';
import { parseOrThrow } from '../../http/validation.ts';
import * as agentListings from './agent-listings.service.ts';
import type { ListingPhotosChange } from './listing-gallery.ts';
import { listingFieldsOfForm, listingPhotosOfForm } from './listing-gallery-form.ts';

const agentOnly = { access: ['agent'] as const };
const formFields =
  'multipart: title, location, description, priceMin, priceMax; the facts type, bedrooms, ' +
  'bathrooms, size, sizeUnit, floor, totalFloors, facing, completion, handoverMonth, ' +
  'furnishing, amenities (comma-separated); the place division, district, area (catalog ids); ' +
  'photos: either a photo file or a JSON list of {key, caption?} of 1–12 uploaded photos';
const listingForm: MultipartFormSpec = {
  fileField: 'photo',
  notMultipart: listingMessages.notMultipart,
  fileTooLarge: listingMessages.photoTooLarge,
};

export async function agentListingRoutes(
  app: FastifyInstance,
  deps: agentListings.ListingDeps,
): Promise<void> {
  await acceptMultipartForms(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/v1/listings',
    {
      config: agentOnly,
      schema: {
        tags: ['listings'],
        summary: `Add a property, created Pending (agent; ${formFields}, photo)`,
        consumes: ['multipart/form-data'],
        response: { 201: ListingDetailsSchema },
      },
    },
    async (request, reply) => {
      const agent = actorOf(request);
      agentListings.assertMayAddListings(agent);
      const form = await readMultipartForm(request, listingForm);
      const fields = parseOrThrow(ListingFieldsSchema, listingFieldsOfForm(form));
      const photos = listingPhotosOfForm(form, { required: true }) as ListingPhotosChange;
      const created = await agentListings.createListing(deps, agent, fields, photos);
      return reply.status(201).send(created);
    },
  );

  r.post(
    '/api/v1/listing-photos',
    {
      config: agentOnly,
      schema: {
        tags: ['listings'],
        summary:
          "Upload one photo for a property you add or update; send its key in the form's photos list (agent; multipart: photo)",
        consumes: ['multipart/form-data'],
        response: { 201: ListingPhotoUploadSchema },
      },
    },
    async (request, reply) => {
      const agent = actorOf(request);
      agentListings.assertMayAddListings(agent);
      const form = await readMultipartForm(request, listingForm);
      if (!form.file) {
        throw AppError.validation([{ path: 'photo', message: listingMessages.photoRequired }]);
      }
      const uploaded = await agentListings.uploadListingPhoto(deps, agent, form.file);
      return reply.status(201).send(uploaded);
    },
  );

  r.put(
    '/api/v1/listings/:id',
    {
      config: agentOnly,
      schema: {
        tags: ['listings'],
        summary: `Update your own property; status unchanged (agent; ${formFields}, optional photo)`,
        consumes: ['multipart/form-data'],
        params: ListingIdParamsSchema,
        response: { 200: ListingDetailsSchema },
      },
    },
    async (request) => {
      const form = await readMultipartForm(request, listingForm);
      const fields = parseOrThrow(ListingFieldsSchema, listingFieldsOfForm(form));
      const photos = listingPhotosOfForm(form, { required: false });
      return agentListings.updateListing(deps, actorOf(request), request.params.id, fields, photos);
    },
  );

  r.delete(
    '/api/v1/listings/:id',
    {
      config: agentOnly,
      schema: {
        tags: ['listings'],
        summary: 'Delete your own property unless an offer on it was accepted or paid (agent)',
        params: ListingIdParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await agentListings.deleteListing(deps, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/api/v1/listings/mine',
    {
      config: agentOnly,
      schema: {
        tags: ['listings'],
        summary: 'Your own properties in every status, newest first (agent)',
        querystring: AgentListingQuerySchema,
        response: { 200: ManagedListingPageSchema },
      },
    },
    (request) => agentListings.listOwnListings(deps.db, actorOf(request), request.query),
  );
}
