import type { MqttConfiguration } from '@toolpass/contracts';
import { describe, expect, it } from 'vitest';
import type { MqttConnectionSettings, MqttMessage } from '../../domains/mqtt/mqtt-connections.ts';
import { nextAttemptAt } from '../../platform/jobs/delivery-target.ts';
import type { ClaimedJob } from '../../platform/jobs/job-store.ts';
import { createLogger } from '../../platform/logging/logger.ts';
import { createMqttTarget } from './mqtt-target.ts';

const configuration: MqttConfiguration = {
  id: 5,
  resourceId: 7,
  name: 'Relay',
  serverId: 1,
  inUseTopic: 'lab/in-use',
  inUseMessage: 'on {{user.username}}',
  notInUseTopic: 'lab/available',
  notInUseMessage: 'off {{user.username}}',
  takeoverTopic: 'lab/takeover',
  takeoverMessage: 'takeover',
  onTakeoverSendStart: true,
  onTakeoverSendStop: true,
  onTakeoverSendTakeover: true,
};
const connection: MqttConnectionSettings = {
  serverId: 1,
  host: '127.0.0.1',
  port: 1883,
  useTls: false,
  clientId: null,
  username: null,
  password: null,
};
const createdAt = new Date('2026-11-25T10:00:00.000Z');

function takeoverJob(attempts: number): ClaimedJob {
  return {
    id: 42,
    targetKind: 'mqtt',
    targetId: '5',
    resourceId: 7,
    attempts,
    createdAt,
    payload: null,
    event: {
      id: 9,
      type: 'usage.taken-over',
      v: 1,
      occurredAt: createdAt.toISOString(),
      data: {
        resourceId: 7,
        resourceName: 'Laser',
        sessionId: 2,
        previousSessionId: 1,
        user: { id: 4, username: 'bob', externalIdentifier: null },
        previousUser: { id: 3, username: 'ada', externalIdentifier: null },
        startTime: createdAt.toISOString(),
        notes: null,
      },
    },
  };
}

function target(options: { failOnCall?: number; now?: Date; found?: boolean } = {}) {
  const published: MqttMessage[] = [];
  const warnings: unknown[] = [];
  let calls = 0;
  const connectedListeners: ((serverId: number) => void)[] = [];
  const logger = createLogger('silent');
  logger.warn = ((object: unknown) => void warnings.push(object)) as typeof logger.warn;
  const kind = createMqttTarget({
    mqtt: {
      configurationIdsOfServer: async () => [5, 6],
      deliverySettings: async () => (options.found === false ? undefined : { configuration, connection }),
    },
    connections: {
      async publish(_settings, message) {
        calls += 1;
        if (calls === options.failOnCall) throw new Error('no acknowledgement within 10 s');
        published.push(message);
      },
      onConnected: (listener) => void connectedListeners.push(listener),
    },
    maxAgeMs: 60_000,
    now: () => options.now ?? new Date(createdAt.getTime() + 1_000),
    logger,
  });
  return {
    kind,
    published,
    warnings,
    connected(serverId: number) {
      for (const listener of connectedListeners) listener(serverId);
    },
  };
}

describe('the MQTT delivery target', () => {
  it('makes the jobs of a reconnected server’s configurations due at once', async () => {
    const { kind, connected } = target();
    const expedited: string[][] = [];
    kind.bind?.({ expedite: async (targetIds) => void expedited.push(targetIds) });
    connected(1);
    await expect.poll(() => expedited).toEqual([['5', '6']]);
  });

  it('does not publish again what the broker acknowledged before a later message of the job failed', async () => {
    const { kind, published } = target({ failOnCall: 2 });
    await expect(kind.deliver(takeoverJob(1))).rejects.toThrow('no acknowledgement');
    expect(published.map((message) => message.topic)).toEqual(['lab/available']);
    await kind.deliver(takeoverJob(2));
    expect(published.map((message) => message.topic)).toEqual([
      'lab/available',
      'lab/in-use',
      'lab/takeover',
    ]);
  });

  it('finishes without publishing when the configuration was deleted', async () => {
    const { kind, published } = target({ found: false });
    await kind.deliver(takeoverJob(1));
    expect(published).toEqual([]);
  });

  it('retries after 1 s doubling to 10 s within the maximum age, then drops the message with one warning', async () => {
    const young = target();
    const policy = await young.kind.retryPolicy(takeoverJob(1));
    expect([1, 2, 3, 4, 5, 9].map((attempts) => policy.delayMs(attempts))).toEqual([
      1_000, 2_000, 4_000, 8_000, 10_000, 10_000,
    ]);
    expect(young.warnings).toEqual([]);

    const old = target({ now: new Date(createdAt.getTime() + 55_000) });
    const job = takeoverJob(12);
    const lastPolicy = await old.kind.retryPolicy(job);
    expect(nextAttemptAt(lastPolicy, job, new Date(createdAt.getTime() + 55_000))).toBeNull();
    expect(old.warnings).toEqual([
      expect.objectContaining({ configurationId: 5, eventId: 9, eventType: 'usage.taken-over' }),
    ]);
  });

  it('gives up at once on a message no retry can send', async () => {
    const { kind } = target();
    const job = { ...takeoverJob(1), event: { ...takeoverJob(1).event, v: 99 } } as ClaimedJob;
    await expect(kind.deliver(job)).rejects.toThrow('does not match the event contract');
    const policy = await kind.retryPolicy(job);
    expect(nextAttemptAt(policy, job, new Date(createdAt.getTime() + 1_000))).toBeNull();
  });
});
