import {
  type CreateMqttConfigurationBody,
  type DeliveryLogEntry,
  type MqttConfiguration,
  MqttMessages,
  type MqttTestResult,
  type Resource,
  type UpdateMqttConfigurationBody,
} from '@toolpass/contracts';
import { diffFields } from '../../platform/audit/audit-log.ts';
import type { Db } from '../../platform/db/database.ts';
import { isForeignKeyViolation } from '../../platform/db/db-errors.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { MqttMessage } from './mqtt-connections.ts';
import type { MqttServersService } from './mqtt-servers.service.ts';
import type { MqttServiceDeps } from './mqtt-service-deps.ts';
import { mqttSubscriptions, mqttTarget } from './mqtt-subscriptions.ts';

const configurationNotFound = () => notFound(MqttMessages.configurationNotFound);
const auditedConfiguration = ({ id: _id, ...fields }: MqttConfiguration) => fields;
const configurationTarget = (configuration: MqttConfiguration) => ({
  type: 'mqtt-configuration' as const,
  id: configuration.id,
  name: configuration.name,
});

/** The MQTT configurations of resources (spec 02 §7): what each publishes, through which server. */
export function createMqttConfigurationsService(
  deps: MqttServiceDeps,
  servers: Pick<MqttServersService, 'requireServer' | 'settingsOf'>,
) {
  const { requireServer, settingsOf } = servers;

  async function requireResource(db: Db, resourceId: number): Promise<Resource> {
    const [resource] = await deps.resources.findByIds([resourceId], db);
    if (!resource) throw configurationNotFound();
    return resource;
  }

  async function requireConfiguration(db: Db, resourceId: number, id: number): Promise<MqttConfiguration> {
    const configuration = await deps.repo.findConfiguration(db, resourceId, id);
    if (!configuration) throw configurationNotFound();
    return configuration;
  }

  /** Keeps the configuration's subscriptions in step with it, in the transaction that wrote it. */
  async function subscribe(tx: Db, configuration: MqttConfiguration): Promise<MqttConfiguration> {
    await deps.subscriptions.replace(tx, mqttTarget(configuration.id), mqttSubscriptions(configuration));
    return configuration;
  }

  /** A foreign key refused the write: the server went away meanwhile, or the resource did. */
  async function whyRefused(resourceId: number, serverId: number | undefined) {
    await requireResource(deps.db, resourceId);
    if (serverId !== undefined) await requireServer(deps.db, serverId);
    return configurationNotFound();
  }

  return {
    /** Every resource's configurations, for the list of all integrations (issue 28). */
    listAllConfigurations: () => deps.repo.listAllConfigurationsWithResource(deps.db),

    async listConfigurations(resourceId: number): Promise<MqttConfiguration[]> {
      await requireResource(deps.db, resourceId);
      return deps.repo.listConfigurations(deps.db, resourceId);
    },

    getConfiguration: (resourceId: number, id: number) => requireConfiguration(deps.db, resourceId, id),

    async createConfiguration(
      resourceId: number,
      body: CreateMqttConfigurationBody,
    ): Promise<MqttConfiguration> {
      try {
        return await deps.db.transaction().execute(async (tx) => {
          await requireResource(tx, resourceId);
          await requireServer(tx, body.serverId);
          const created = await deps.repo.insertConfiguration(
            tx,
            resourceId,
            {
              name: body.name,
              serverId: body.serverId,
              inUseTopic: body.inUseTopic,
              inUseMessage: body.inUseMessage,
              notInUseTopic: body.notInUseTopic,
              notInUseMessage: body.notInUseMessage,
              takeoverTopic: body.takeoverTopic ?? null,
              takeoverMessage: body.takeoverMessage ?? null,
              onTakeoverSendStart: body.onTakeoverSendStart,
              onTakeoverSendStop: body.onTakeoverSendStop,
              onTakeoverSendTakeover: body.onTakeoverSendTakeover,
            },
            deps.clock.now(),
          );
          await deps.audit.record(tx, {
            action: 'mqtt-configuration.created',
            target: configurationTarget(created),
            changes: diffFields({}, auditedConfiguration(created)),
          });
          return subscribe(tx, created);
        });
      } catch (error) {
        if (isForeignKeyViolation(error)) throw await whyRefused(resourceId, body.serverId);
        throw error;
      }
    },

    /** Absent fields keep their value. */
    async updateConfiguration(
      resourceId: number,
      id: number,
      body: UpdateMqttConfigurationBody,
    ): Promise<MqttConfiguration> {
      try {
        return await deps.db.transaction().execute(async (tx) => {
          const before = await requireConfiguration(tx, resourceId, id);
          if (body.serverId !== undefined) await requireServer(tx, body.serverId);
          const updated = await deps.repo.updateConfiguration(tx, resourceId, id, body, deps.clock.now());
          if (!updated) throw configurationNotFound();
          const changes = diffFields(auditedConfiguration(before), auditedConfiguration(updated));
          if (Object.keys(changes).length > 0)
            await deps.audit.record(tx, {
              action: 'mqtt-configuration.updated',
              target: configurationTarget(updated),
              changes,
            });
          return subscribe(tx, updated);
        });
      } catch (error) {
        if (isForeignKeyViolation(error)) throw await whyRefused(resourceId, body.serverId);
        throw error;
      }
    },

    /** Deliveries still waiting for it end without a message (the configuration is gone). */
    async deleteConfiguration(resourceId: number, id: number): Promise<void> {
      await deps.db.transaction().execute(async (tx) => {
        const before = await requireConfiguration(tx, resourceId, id);
        if (!(await deps.repo.deleteConfiguration(tx, resourceId, id))) throw configurationNotFound();
        await deps.audit.record(tx, {
          action: 'mqtt-configuration.deleted',
          target: configurationTarget(before),
          changes: diffFields(auditedConfiguration(before), {}),
        });
        await deps.subscriptions.replace(tx, mqttTarget(id), []);
      });
    },

    /**
     * Publishes the in-use message with sample values through the server's client and says how
     * it went. Run here and not as a delivery job: the person who pressed the button waits for it.
     */
    async testConfiguration(resourceId: number, id: number): Promise<MqttTestResult> {
      const resource = await requireResource(deps.db, resourceId);
      const configuration = await requireConfiguration(deps.db, resourceId, id);
      const server = await requireServer(deps.db, configuration.serverId);
      let message: MqttMessage;
      try {
        message = deps.testMessageOf(configuration, resource, deps.clock.now());
      } catch (error) {
        return { success: false, message: error instanceof Error ? error.message : String(error) };
      }
      try {
        await deps.connections.publish(settingsOf(server), message);
        return { success: true, message: `Published the in-use message to "${message.topic}"` };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        return { success: false, message: `Could not publish to "${message.topic}": ${reason}` };
      }
    },

    async deliveries(resourceId: number, id: number): Promise<DeliveryLogEntry[]> {
      await requireConfiguration(deps.db, resourceId, id);
      return deps.deliveryLog(id);
    },
  };
}
