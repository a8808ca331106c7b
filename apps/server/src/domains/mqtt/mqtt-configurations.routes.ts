import {
  CreateMqttConfigurationBodySchema,
  DeliveryLogSchema,
  MqttConfigurationOverviewListSchema,
  MqttConfigurationPathSchema,
  MqttConfigurationSchema,
  MqttTestResultSchema,
  OkSchema,
  ResourceIdPathSchema,
  UpdateMqttConfigurationBodySchema,
} from '@toolpass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { manageResources } from '../../platform/http/route-guards.ts';
import { routeOptions } from '../../platform/http/route-options.ts';
import type { MqttService } from './mqtt.service.ts';

const route = routeOptions({ tag: 'MQTT', guard: manageResources });

const base = '/api/resources/:resourceId/mqtt/config';

/** The MQTT configurations of a resource (spec 02 §7): every call needs canManageResources. */
export function mqttConfigurationsRoutes(deps: { mqtt: MqttService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/mqtt/configurations',
      route.guarded({
        summary:
          'Every MQTT configuration of every resource with the resource and the server, by resource ' +
          'name (the list of all integrations); the same permission as a resource’s list',
        response: { 200: MqttConfigurationOverviewListSchema },
      }),
      async () => deps.mqtt.listAllConfigurations(),
    );

    app.get(
      base,
      route.guarded({
        summary: 'The MQTT configurations of a resource, oldest first',
        params: ResourceIdPathSchema,
        response: { 200: z.array(MqttConfigurationSchema) },
      }),
      async (request) => deps.mqtt.listConfigurations(request.params.resourceId),
    );

    app.post(
      base,
      route.guarded({
        summary:
          'Add an MQTT configuration. Topics and messages may use {{id}}, {{name}}, {{timestamp}}, ' +
          '{{user.id}}, {{user.username}}, {{user.externalIdentifier}} and {{previousUser.*}}; ' +
          'an empty takeover topic or message uses the default',
        params: ResourceIdPathSchema,
        body: CreateMqttConfigurationBodySchema,
        response: { 201: MqttConfigurationSchema },
      }),
      async (request, reply) =>
        reply.status(201).send(await deps.mqtt.createConfiguration(request.params.resourceId, request.body)),
    );

    app.get(
      `${base}/:configId`,
      route.guarded({
        summary: 'One MQTT configuration of a resource',
        params: MqttConfigurationPathSchema,
        response: { 200: MqttConfigurationSchema },
      }),
      async (request) => deps.mqtt.getConfiguration(request.params.resourceId, request.params.configId),
    );

    app.put(
      `${base}/:configId`,
      route.guarded({
        summary: 'Change an MQTT configuration; absent fields keep their value',
        params: MqttConfigurationPathSchema,
        body: UpdateMqttConfigurationBodySchema,
        response: { 200: MqttConfigurationSchema },
      }),
      async (request) =>
        deps.mqtt.updateConfiguration(request.params.resourceId, request.params.configId, request.body),
    );

    app.delete(
      `${base}/:configId`,
      route.guarded({
        summary: 'Delete an MQTT configuration; its deliveries still waiting are not sent',
        params: MqttConfigurationPathSchema,
        response: { 200: OkSchema },
      }),
      async (request) => {
        await deps.mqtt.deleteConfiguration(request.params.resourceId, request.params.configId);
        return { message: 'MQTT configuration deleted' };
      },
    );

    app.post(
      `${base}/:configId/test`,
      route.guarded({
        summary:
          'Publish the in-use message, filled with sample values, to the in-use topic through the ' +
          "server's connection (QoS 1), and answer how it went; a broker that is down is success false",
        params: MqttConfigurationPathSchema,
        response: { 200: MqttTestResultSchema },
      }),
      async (request) => deps.mqtt.testConfiguration(request.params.resourceId, request.params.configId),
    );

    app.get(
      `${base}/:configId/deliveries`,
      route.guarded({
        summary: 'The last 50 deliveries of usage events to this configuration, newest first',
        params: MqttConfigurationPathSchema,
        response: { 200: DeliveryLogSchema },
      }),
      async (request) => deps.mqtt.deliveries(request.params.resourceId, request.params.configId),
    );
  };
}
