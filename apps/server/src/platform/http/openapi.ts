import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { z } from 'zod';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The multipart/form-data body of a route that reads its form itself (multipart-form.ts):
     * it goes into the OpenAPI document as the request body and is not a validator of the route.
     */
    multipartBody?: z.ZodType;
  }
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** The contracts' zod schemas to JSON Schema, a documented multipart form included. */
function transform(document: TransformInput) {
  const { multipartBody, ...schema } = document.schema ?? {};
  if (!multipartBody) return jsonSchemaTransform(document);
  return jsonSchemaTransform({ ...document, schema: { ...schema, body: multipartBody } });
}

/** OpenAPI 3.1 generated from the route schemas (contracts), with a docs UI. */
export async function registerOpenApi(app: FastifyInstance, options: { version: string; publicUrl: string }) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Toolpass API',
        version: options.version,
        description: 'Shared machines and tools: accounts, resources, usage sessions and integrations.',
      },
      servers: [{ url: options.publicUrl }],
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
      tags: [
        {
          name: 'FABReader',
          description:
            'NFC readers (FABReader) and NFC cards. Readers connect to the WebSocket ' +
            '/api/fabreader/websocket and are admitted by an administrator with their pairing code. ' +
            'There is deliberately no POST /api/fabreader/cards/keys: card keys are derived from ' +
            'SECRET_KEY per card and used only inside the server, so no call hands them out and a ' +
            'reader never holds one.',
        },
      ],
    },
    transform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
