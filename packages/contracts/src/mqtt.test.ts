import { describe, expect, it } from 'vitest';
import {
  CreateMqttConfigurationBodySchema,
  CreateMqttServerBodySchema,
  MqttMessages,
  UpdateMqttServerBodySchema,
} from './mqtt.ts';

const configuration = {
  name: 'Relay',
  serverId: 1,
  inUseTopic: 'resources/{{id}}/status',
  inUseMessage: 'on',
  notInUseTopic: 'resources/{{id}}/status',
  notInUseMessage: 'off',
};

describe('MQTT contracts', () => {
  it('gives a new server port 1883 and no TLS, and reads a port from form text', () => {
    expect(CreateMqttServerBodySchema.parse({ name: 'B', host: 'broker.local' })).toMatchObject({
      port: 1883,
      useTls: false,
    });
    expect(CreateMqttServerBodySchema.parse({ name: 'B', host: 'broker.local', port: ' 8883 ' }).port).toBe(
      8883,
    );
  });

  it('accepts host names and IPv4 and IPv6 addresses, and refuses schemes, ports and paths', () => {
    for (const host of ['broker.local', 'mqtt-1.example.org', '192.168.0.10', '::1', 'fe80::1', '[::1]']) {
      expect(CreateMqttServerBodySchema.safeParse({ name: 'B', host }).success, host).toBe(true);
    }
    expect(CreateMqttServerBodySchema.parse({ name: 'B', host: '[::1]' }).host).toBe('::1');
    for (const host of ['mqtt://broker.local', 'broker.local:1883', 'broker.local/path', 'two words', '']) {
      const result = CreateMqttServerBodySchema.safeParse({ name: 'B', host });
      expect(result.success, host).toBe(false);
    }
    expect(
      CreateMqttServerBodySchema.safeParse({ name: 'B', host: 'mqtt://x' }).error?.issues[0]?.message,
    ).toBe(MqttMessages.hostInvalid);
  });

  it('tells a kept password (absent) from a cleared one (null or empty)', () => {
    expect(UpdateMqttServerBodySchema.parse({ name: 'B' })).not.toHaveProperty('password');
    expect(UpdateMqttServerBodySchema.parse({ password: null }).password).toBeNull();
    expect(UpdateMqttServerBodySchema.parse({ password: '' }).password).toBeNull();
    expect(UpdateMqttServerBodySchema.parse({ password: ' s3cret ' }).password).toBe(' s3cret ');
  });

  it('gives a configuration the takeover defaults of the specification, empty takeover texts as none', () => {
    expect(
      CreateMqttConfigurationBodySchema.parse({ ...configuration, takeoverTopic: ' ', takeoverMessage: '' }),
    ).toMatchObject({
      takeoverTopic: null,
      takeoverMessage: null,
      onTakeoverSendStart: false,
      onTakeoverSendStop: false,
      onTakeoverSendTakeover: true,
    });
  });

  it('requires the in-use and not-in-use topics and messages, and refuses wildcards in topics', () => {
    for (const field of [
      'name',
      'serverId',
      'inUseTopic',
      'inUseMessage',
      'notInUseTopic',
      'notInUseMessage',
    ]) {
      const { [field as keyof typeof configuration]: _left, ...rest } = configuration;
      expect(CreateMqttConfigurationBodySchema.safeParse(rest).success, field).toBe(false);
      expect(
        CreateMqttConfigurationBodySchema.safeParse({ ...configuration, [field]: '  ' }).success,
        field,
      ).toBe(false);
    }
    for (const topic of ['machines/+/status', 'machines/#']) {
      const result = CreateMqttConfigurationBodySchema.safeParse({ ...configuration, inUseTopic: topic });
      expect(result.error?.issues[0]?.message).toBe(MqttMessages.topicWildcard);
      expect(
        CreateMqttConfigurationBodySchema.safeParse({ ...configuration, takeoverTopic: topic }).success,
      ).toBe(false);
    }
  });
});
