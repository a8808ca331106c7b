import { ResourceIdPathSchema } from '@toolpass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../platform/http/route-guards.ts';
import type { ResourceEventHub } from './resource-event-hub.ts';

/** GET /api/resources/{resourceId}/events: the resource's events as server-sent events. */
export function resourceEventsRoutes(deps: {
  hub: ResourceEventHub;
  ensureResourceExists(id: number): Promise<void>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preClose', async () => deps.hub.closeAll());

    app.get(
      '/api/resources/:resourceId/events',
      {
        preValidation: signedIn,
        schema: {
          tags: ['Usage'],
          security: [{ bearerAuth: [] }],
          summary:
            'Server-sent events of the resource (usage.started, usage.ended, usage.taken-over, resource.updated, ' +
            'resource.deleted, introduction.granted, introduction.revoked); event name = type, data = ' +
            '{ id, type, occurredAt, data }. Needs the bearer token; a comment line every 15 s keeps it open',
          params: ResourceIdPathSchema,
        },
      },
      async (request, reply) => {
        const { resourceId } = request.params;
        await deps.ensureResourceExists(resourceId);
        // From here on the response is written by hand and Fastify no longer touches it.
        reply.hijack();
        const response = reply.raw;
        response.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          connection: 'keep-alive',
          // Tells nginx not to buffer the stream.
          'x-accel-buffering': 'no',
        });
        // Sends the headers at once, so the client knows the stream is open.
        response.write(': connected\n\n');
        const unsubscribe = deps.hub.subscribe(resourceId, response);
        request.raw.on('close', unsubscribe);
      },
    );
  };
}
