import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import {
  CreateResourceFieldsSchema,
  CreateResourceFormSchema,
  ListResourcesQuerySchema,
  OkSchema,
  RESOURCE_IMAGE_MAX_BYTES,
  ResourceErrorCodes,
  ResourceIdParamsSchema,
  ResourceImageParamsSchema,
  ResourceMessages,
  ResourcePageSchema,
  ResourceSchema,
  UpdateDocumentationBodySchema,
  UpdateResourceFieldsSchema,
  UpdateResourceFormSchema,
} from '@toolpass/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/http/auth-guard.ts';
import { notFound } from '../../platform/http/errors.ts';
import { parseFormFields, readMultipartForm, registerMultipart } from '../../platform/http/multipart-form.ts';
import { manageResources, signedIn } from '../../platform/http/route-guards.ts';
import { routeOptions } from '../../platform/http/route-options.ts';
import type { ResourceImageStore } from './resource-image-store.ts';
import type { ResourceListingService } from './resource-listing.service.ts';
import type { ResourcesService } from './resources.service.ts';

const route = routeOptions({ tag: 'Resources', guard: manageResources });

const IMAGE_FORM = {
  fileField: 'image',
  maxFileBytes: RESOURCE_IMAGE_MAX_BYTES,
  tooLargeMessage: ResourceMessages.imageTooLarge,
  tooLargeErrorCode: ResourceErrorCodes.imageTooLarge,
  tooManyFilesMessage: ResourceMessages.tooManyFiles,
};

const readImageForm = (request: FastifyRequest) => readMultipartForm(request, IMAGE_FORM);

export function resourcesRoutes(deps: {
  resources: ResourcesService;
  listing: ResourceListingService;
  images: ResourceImageStore;
}): FastifyPluginAsyncZod {
  return async (app) => {
    // Multipart bodies are accepted by the routes of this plugin only.
    await registerMultipart(app, IMAGE_FORM);

    app.post(
      '/api/resources',
      route.guarded({
        consumes: ['multipart/form-data'],
        summary:
          'Create a resource. Multipart form: name, description, allowTakeOver (true|false), image ' +
          '(JPEG, PNG or WebP by content, at most 10 MB; stored re-encoded as WebP)',
        multipartBody: CreateResourceFormSchema,
        response: { 201: ResourceSchema },
      }),
      async (request, reply) => {
        const form = await readImageForm(request);
        const fields = parseFormFields(CreateResourceFieldsSchema, form.fields);
        return reply.status(201).send(await deps.resources.create(fields, form.file));
      },
    );

    app.get(
      '/api/resources',
      route.guarded(
        {
          summary:
            'List resources: search, groupId (-1 = ungrouped), ids, onlyInUseByMe, onlyWithPermissions',
          querystring: ListResourcesQuerySchema,
          response: { 200: ResourcePageSchema },
        },
        { guard: signedIn },
      ),
      async (request) => deps.listing.list(requireUser(request), request.query),
    );

    app.get(
      '/api/resources/images/:imageFilename',
      route.open({
        summary:
          'A resource image by its imageFilename, as image/webp with a one-year immutable cache ' +
          '(a new upload gets a new name). Public: <img> elements cannot send a bearer token.',
        params: ResourceImageParamsSchema,
      }),
      async (request, reply) => {
        const file = deps.images.pathOf(request.params.imageFilename);
        const info = await stat(file).catch(() => undefined);
        if (!info?.isFile()) throw notFound('Image not found');
        return reply
          .header('Cache-Control', 'public, max-age=31536000, immutable')
          .header('Content-Length', info.size)
          .type('image/webp')
          .send(createReadStream(file));
      },
    );

    app.get(
      '/api/resources/:id',
      route.guarded(
        {
          summary: 'One resource',
          params: ResourceIdParamsSchema,
          response: { 200: ResourceSchema },
        },
        { guard: signedIn },
      ),
      async (request) => deps.resources.get(request.params.id),
    );

    app.put(
      '/api/resources/:id',
      route.guarded({
        consumes: ['multipart/form-data'],
        summary:
          'Update a resource. Multipart form, every field optional: name, description, allowTakeOver, ' +
          'image (replaces the old file), deleteImage (true removes the image)',
        multipartBody: UpdateResourceFormSchema,
        params: ResourceIdParamsSchema,
        response: { 200: ResourceSchema },
      }),
      async (request) => {
        const form = await readImageForm(request);
        const fields = parseFormFields(UpdateResourceFieldsSchema, form.fields);
        return deps.resources.update(request.params.id, fields, form.file);
      },
    );

    app.delete(
      '/api/resources/:id',
      route.guarded({
        summary: 'Delete a resource with its usage history, introductions and image',
        params: ResourceIdParamsSchema,
        response: { 200: OkSchema },
      }),
      async (request) => {
        await deps.resources.delete(request.params.id);
        return { message: 'Resource deleted' };
      },
    );

    app.put(
      '/api/resources/:id/documentation',
      route.guarded({
        summary: 'Set the documentation: markdown text or a page address; the other kind is cleared',
        params: ResourceIdParamsSchema,
        body: UpdateDocumentationBodySchema,
        response: { 200: ResourceSchema },
      }),
      async (request) => deps.resources.updateDocumentation(request.params.id, request.body),
    );
  };
}
