import {
  CreateWebhookBodySchema,
  DeliveryLogSchema,
  OkSchema,
  UpdateWebhookBodySchema,
  WebhookListPathSchema,
  WebhookListSchema,
  WebhookMessages,
  WebhookOverviewListSchema,
  WebhookPathSchema,
  WebhookSchema,
  WebhookStatusBodySchema,
  WebhookTestResultSchema,
  WebhookWithSecretSchema,
} from '@toolpass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { manageResources } from '../../platform/http/route-guards.ts';
import { routeOptions } from '../../platform/http/route-options.ts';
import type { WebhooksService } from './webhooks.service.ts';

const route = routeOptions({
  tag: 'Webhooks',
  guard: manageResources,
  // Every refused input of these routes answers the specification's words (spec 02 §8).
  config: { validationError: { message: WebhookMessages.invalidInput } },
});
const BASE = '/api/resources/:resourceId/webhooks';

export function webhooksRoutes(deps: { webhooks: WebhooksService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/webhooks',
      route.guarded({
        summary:
          'Every webhook of every resource with the resource, by resource name (the list of all ' +
          'integrations); the same permission as a resource’s list, never with secrets or headers',
        response: { 200: WebhookOverviewListSchema },
      }),
      async () => deps.webhooks.listAll(),
    );

    app.get(
      BASE,
      route.guarded({
        summary: 'The webhooks of a resource, oldest first (never with their secrets)',
        params: WebhookListPathSchema,
        response: { 200: WebhookListSchema },
      }),
      async (request) => deps.webhooks.list(request.params.resourceId),
    );

    app.post(
      BASE,
      route.guarded({
        summary:
          'Create a webhook; fields left out take the defaults of spec 02 §3. The answer carries the ' +
          'new secret, which no other answer but regenerate-secret shows',
        params: WebhookListPathSchema,
        body: CreateWebhookBodySchema,
        response: { 201: WebhookWithSecretSchema },
      }),
      async (request, reply) =>
        reply.status(201).send(await deps.webhooks.create(request.params.resourceId, request.body)),
    );

    app.get(
      `${BASE}/:id`,
      route.guarded({
        summary: 'One webhook (without its secret)',
        params: WebhookPathSchema,
        response: { 200: WebhookSchema },
      }),
      async (request) => deps.webhooks.get(request.params.resourceId, request.params.id),
    );

    app.put(
      `${BASE}/:id`,
      route.guarded({
        summary:
          'Change a webhook; fields left out keep their value (the secret is changed only by regenerate-secret)',
        params: WebhookPathSchema,
        body: UpdateWebhookBodySchema,
        response: { 200: WebhookSchema },
      }),
      async (request) => deps.webhooks.update(request.params.resourceId, request.params.id, request.body),
    );

    app.delete(
      `${BASE}/:id`,
      route.guarded({
        summary: 'Delete a webhook; its pending deliveries are dropped unsent',
        params: WebhookPathSchema,
        response: { 200: OkSchema },
      }),
      async (request) => {
        await deps.webhooks.delete(request.params.resourceId, request.params.id);
        return { message: 'Webhook deleted' };
      },
    );

    app.put(
      `${BASE}/:id/status`,
      route.guarded({
        summary: 'Switch a webhook on or off; deliveries still pending when it is switched off are dropped',
        params: WebhookPathSchema,
        body: WebhookStatusBodySchema,
        response: { 200: WebhookSchema },
      }),
      async (request) =>
        deps.webhooks.setActive(request.params.resourceId, request.params.id, request.body.active),
    );

    app.post(
      `${BASE}/:id/test`,
      route.guarded({
        summary:
          'Send one signed request with the in-use template filled from sample values and wait for it ' +
          '(at most 10 s); a receiver that fails or is down is success false with the reason',
        params: WebhookPathSchema,
        response: { 200: WebhookTestResultSchema },
      }),
      async (request) => deps.webhooks.test(request.params.resourceId, request.params.id),
    );

    app.post(
      `${BASE}/:id/regenerate-secret`,
      route.guarded({
        summary: 'Replace the signing secret; the answer is the webhook with its new secret',
        params: WebhookPathSchema,
        response: { 200: WebhookWithSecretSchema },
      }),
      async (request) => deps.webhooks.regenerateSecret(request.params.resourceId, request.params.id),
    );

    app.get(
      `${BASE}/:id/deliveries`,
      route.guarded({
        summary: 'The last 50 deliveries of the webhook, newest first: event, status, attempts, last error',
        params: WebhookPathSchema,
        response: { 200: DeliveryLogSchema },
      }),
      async (request) => deps.webhooks.deliveries(request.params.resourceId, request.params.id),
    );
  };
}
