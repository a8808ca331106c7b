import type { DeliveryLogEntry, MqttConfiguration, Resource } from '@toolpass/contracts';
import type { AuditLog } from '../../platform/audit/audit-log.ts';
import type { Clock } from '../../platform/clock.ts';
import type { SecretBox } from '../../platform/crypto/secret-box.ts';
import type { Db } from '../../platform/db/database.ts';
import type { SubscriptionUpkeep } from '../../platform/events/subscriptions.ts';
import type { OutboundPolicy } from '../../platform/net/outbound-policy.ts';
import type { MqttRepository } from './mqtt.repository.ts';
import type { MqttConnections, MqttMessage } from './mqtt-connections.ts';
import type { MqttDeliveryLookup } from './mqtt-delivery-lookup.ts';

/** The message a test of a configuration publishes; throws when it cannot be published at all. */
export type TestMessageOf = (
  configuration: MqttConfiguration,
  resource: { id: number; name: string },
  now: Date,
) => MqttMessage;

export type MqttServiceDeps = {
  db: Db;
  repo: MqttRepository;
  resources: { findByIds(ids: number[], executor?: Db): Promise<Resource[]> };
  connections: MqttConnections;
  /** Seals new passwords; `lookup` opens them with the same box. */
  passwords: SecretBox;
  /** Also what the deliveries read. */
  lookup: MqttDeliveryLookup;
  clock: Clock;
  testMessageOf: TestMessageOf;
  deliveryLog(configurationId: number): Promise<DeliveryLogEntry[]>;
  /** Who receives usage events: each configuration keeps its own rows, in its writes' transactions. */
  subscriptions: SubscriptionUpkeep;
  outbound: OutboundPolicy;
  audit: AuditLog;
};
