import { ResourceIdPathSchema } from '@toolpass/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hashToken } from '../../platform/crypto/tokens.ts';
import { requireUser } from '../../platform/http/auth-guard.ts';
import { signedIn } from '../../platform/http/route-guards.ts';
import type { ResourceEventHub } from './resource-event-hub.ts';

const EVENT_TYPES =
  'usage.started, usage.ended, usage.taken-over, resource.created, resource.updated, resource.deleted, ' +
  'resource-group.updated, resource-group.deleted, resource-group.resource-added, ' +
  'resource-group.resource-removed, introducer.granted, introducer.revoked, introduction.granted, ' +
  'introduction.revoked; event name = type, data = { id, type, v, occurredAt, data } as the reader ' +
  "may see it (notes, comments and other members' details only for those the API shows them to). " +
  'Needs the bearer token and ends with it; at most 8 per account (a ninth closes the oldest); cut ' +
  'off when 1 MiB is unsent. A comment line every 15 s keeps it open';

/** Turns the reply into an event stream fed by the hub for the topic until the client leaves. */
function streamEvents(
  hub: ResourceEventHub,
  topic: Parameters<ResourceEventHub['subscribe']>[0],
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const user = requireUser(request);
  const token = request.bearerToken;
  if (!token) return;
  // From here on the response is written by hand and Fastify no longer touches it.
  reply.hijack();
  const response = reply.raw;
  // The client may have left while the access checks ran; such a stream is never subscribed.
  if (request.raw.destroyed || response.destroyed || request.raw.socket.destroyed) {
    response.destroy();
    return;
  }
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // Tells nginx not to buffer the stream.
    'x-accel-buffering': 'no',
  });
  // Sends the headers at once, so the client knows the stream is open.
  response.write(': connected\n\n');
  hub.subscribe(topic, response, {
    userId: user.id,
    tokenHash: hashToken(token),
    permissions: user.permissions,
  });
}

/**
 * GET /api/resources/{resourceId}/events: one resource's events as server-sent events.
 * GET /api/resources/events: every resource's events, so a page listing many resources needs
 * one connection (browsers allow six per server over HTTP/1.1).
 */
export function resourceEventsRoutes(deps: {
  hub: ResourceEventHub;
  ensureResourceExists(id: number): Promise<void>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preClose', async () => deps.hub.closeAll());

    app.get(
      '/api/resources/events',
      {
        preValidation: signedIn,
        schema: {
          tags: ['Usage'],
          security: [{ bearerAuth: [] }],
          summary: `Server-sent events of every resource (${EVENT_TYPES})`,
        },
      },
      async (request, reply) => streamEvents(deps.hub, 'all', request, reply),
    );

    app.get(
      '/api/resources/:resourceId/events',
      {
        preValidation: signedIn,
        schema: {
          tags: ['Usage'],
          security: [{ bearerAuth: [] }],
          summary: `Server-sent events of the resource (${EVENT_TYPES})`,
          params: ResourceIdPathSchema,
        },
      },
      async (request, reply) => {
        await deps.ensureResourceExists(request.params.resourceId);
        streamEvents(deps.hub, request.params.resourceId, request, reply);
      },
    );
  };
}
