import {
  CreateMqttServerBodySchema,
  MqttServerIdParamsSchema,
  MqttServerSchema,
  MqttServerStatusSchema,
  MqttTestResultSchema,
  OkSchema,
  UpdateMqttServerBodySchema,
} from '@toolpass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { manageResources } from '../../platform/http/route-guards.ts';
import { routeOptions } from '../../platform/http/route-options.ts';
import type { MqttService } from './mqtt.service.ts';

const route = routeOptions({ tag: 'MQTT', guard: manageResources });

const STATUS_NOTE =
  "The state of this instance's long-lived connection: connected, the last connection or publish error, " +
  'and the messages sent and failed since this instance started (kept in memory, not in the database).';

/** MQTT servers (spec 02 §7): every call needs canManageResources. */
export function mqttServersRoutes(deps: { mqtt: MqttService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/mqtt/servers',
      route.guarded({
        summary: 'All MQTT servers, by name; passwords are never answered',
        response: { 200: z.array(MqttServerSchema) },
      }),
      async () => deps.mqtt.listServers(),
    );

    app.post(
      '/api/mqtt/servers',
      route.guarded({
        summary: 'Add an MQTT server; the password is stored encrypted and never answered',
        body: CreateMqttServerBodySchema,
        response: { 201: MqttServerSchema },
      }),
      async (request, reply) => reply.status(201).send(await deps.mqtt.createServer(request.body)),
    );

    app.get(
      '/api/mqtt/servers/status',
      route.guarded({
        summary: `The status of every MQTT server. ${STATUS_NOTE}`,
        response: { 200: z.array(MqttServerStatusSchema) },
      }),
      async () => deps.mqtt.allServerStatuses(),
    );

    app.get(
      '/api/mqtt/servers/:id',
      route.guarded({
        summary: 'One MQTT server',
        params: MqttServerIdParamsSchema,
        response: { 200: MqttServerSchema },
      }),
      async (request) => deps.mqtt.getServer(request.params.id),
    );

    app.put(
      '/api/mqtt/servers/:id',
      route.guarded({
        summary:
          'Change an MQTT server. Absent fields keep their value; without password the stored one is kept, ' +
          'null or empty clears it. New connection settings replace the connection at once.',
        params: MqttServerIdParamsSchema,
        body: UpdateMqttServerBodySchema,
        response: { 200: MqttServerSchema },
      }),
      async (request) => deps.mqtt.updateServer(request.params.id, request.body),
    );

    app.delete(
      '/api/mqtt/servers/:id',
      route.guarded({
        summary: 'Delete an MQTT server; refused with 409 while MQTT configurations use it',
        params: MqttServerIdParamsSchema,
        response: { 200: OkSchema },
      }),
      async (request) => {
        await deps.mqtt.deleteServer(request.params.id);
        return { message: 'MQTT server deleted' };
      },
    );

    app.post(
      '/api/mqtt/servers/:id/test',
      route.guarded({
        summary:
          'Connect to the server on a fresh, short-lived connection with its stored settings. ' +
          'A broker that is down or refuses answers success false with the reason, within 15 s.',
        params: MqttServerIdParamsSchema,
        response: { 200: MqttTestResultSchema },
      }),
      async (request) => deps.mqtt.testServer(request.params.id),
    );

    app.get(
      '/api/mqtt/servers/:id/status',
      route.guarded({
        summary: `The status of one MQTT server. ${STATUS_NOTE}`,
        params: MqttServerIdParamsSchema,
        response: { 200: MqttServerStatusSchema },
      }),
      async (request) => deps.mqtt.serverStatus(request.params.id),
    );
  };
}
