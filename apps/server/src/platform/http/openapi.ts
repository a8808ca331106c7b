import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import Fastify from 'fastify';
import type { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { zodCompilersFactory } from './zod-schema-controller.ts';

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
type DocsOptions = { version: string; publicUrl: string };
type DocumentedRoute = Pick<RouteOptions, 'method' | 'url' | 'schema'>;

const DOCS_PREFIX = '/api/docs';
/** What a browser sends that changes the docs UI's answer (caching and ranges of its files). */
const FORWARDED_REQUEST_HEADERS = [
  'accept',
  'accept-encoding',
  'if-none-match',
  'if-modified-since',
  'range',
];
/** Set again by the answering server, or only about the in-process hop. */
const DROPPED_ANSWER_HEADERS = new Set([
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'date',
]);

/**
 * Builds a Fastify instance of its own that documents the collected routes: @fastify/swagger,
 * its OpenAPI converter with YAML, and the docs UI with its static files are loaded only here.
 * Its handlers never run: the main app answers the API.
 */
async function buildDocsApp(routes: DocumentedRoute[], options: DocsOptions): Promise<FastifyInstance> {
  const [{ default: swagger }, { default: swaggerUi }, { jsonSchemaTransform }] = await Promise.all([
    import('@fastify/swagger'),
    import('@fastify/swagger-ui'),
    import('fastify-type-provider-zod'),
  ]);
  /** The contracts' zod schemas to JSON Schema, a documented multipart form included. */
  const transform = (document: TransformInput) => {
    const { multipartBody, ...schema } = document.schema ?? {};
    if (!multipartBody) return jsonSchemaTransform(document);
    return jsonSchemaTransform({ ...document, schema: { ...schema, body: multipartBody } });
  };
  const docs = Fastify({ schemaController: { compilersFactory: zodCompilersFactory } });
  await docs.register(swagger, {
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
  await docs.register(swaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: true });
  const unreachable = async () => undefined;
  for (const { method, url, schema } of routes) docs.route({ method, url, schema, handler: unreachable });
  await docs.ready();
  return docs;
}

/**
 * OpenAPI 3.1 generated from the route schemas (contracts), with a docs UI. Both are built on
 * their first request, not at start: the generator and the UI's files cost about a tenth of the
 * start-up time and some megabytes that most servers never spend (issue 31, architecture
 * §Footprint). Until then the only cost is remembering each route as it is added.
 */
export function registerOpenApi(app: FastifyInstance, options: DocsOptions) {
  const routes: DocumentedRoute[] = [];
  app.addHook('onRoute', ({ method, url, schema }) => {
    // HEAD routes mirror GET ones and are left out of the document, as @fastify/swagger does;
    // the docs' own routes below belong to the docs app.
    if (method !== 'HEAD' && !url.startsWith(DOCS_PREFIX)) routes.push({ method, url, schema });
  });
  let docsApp: Promise<FastifyInstance> | undefined;
  const docs = () => {
    docsApp ??= buildDocsApp(routes, options).catch((error: unknown) => {
      docsApp = undefined;
      throw error;
    });
    return docsApp;
  };

  app.addHook('onClose', async () => {
    await (await docsApp?.catch(() => undefined))?.close();
  });

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => (await docs()).swagger());

  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    const headers: Record<string, string> = {};
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const method = request.method === 'HEAD' ? 'HEAD' : 'GET';
    const answer = await (await docs()).inject({ method, url: request.url, headers });
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && !DROPPED_ANSWER_HEADERS.has(name)) reply.header(name, value);
    }
    return reply.code(answer.statusCode).send(answer.rawPayload);
  };
  for (const url of [DOCS_PREFIX, `${DOCS_PREFIX}/*`]) {
    app.route({ method: ['GET', 'HEAD'], url, schema: { hide: true }, handler: forward });
  }
}
