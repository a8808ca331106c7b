import { DEFAULT_MQTT_TOPIC } from '@toolpass/contracts';
import { describe, expect, it } from 'vitest';
import type { OutboxEnvelope } from '../../platform/events/outbox.ts';
import {
  type MqttTemplates,
  publicationsFor,
  testPublication,
  topicProblem,
  UndeliverableMessageError,
} from './mqtt-messages.ts';

const ada = { id: 3, username: 'ada', externalIdentifier: 'ext-ada' };
const bob = { id: 4, username: 'bob', externalIdentifier: null };

const templates: MqttTemplates = {
  inUseTopic: 'lab/{{id}}/in-use',
  inUseMessage: 'on {{user.username}} {{timestamp}}',
  notInUseTopic: 'lab/{{id}}/available',
  notInUseMessage: 'off {{user.username}} {{timestamp}}',
  takeoverTopic: 'lab/{{id}}/takeover',
  takeoverMessage: '{{previousUser.username}} -> {{user.username}}',
  onTakeoverSendStart: false,
  onTakeoverSendStop: false,
  onTakeoverSendTakeover: true,
};

function event(type: string, data: object, v = 1): OutboxEnvelope {
  return { id: 11, type, v, occurredAt: '2026-11-25T10:00:00.000Z', data };
}

const started = event('usage.started', {
  resourceId: 7,
  resourceName: 'Laser',
  sessionId: 1,
  user: ada,
  startTime: '2026-11-25T10:00:00.000Z',
  notes: null,
});
const ended = event('usage.ended', {
  resourceId: 7,
  resourceName: 'Laser',
  sessionId: 1,
  user: ada,
  startTime: '2026-11-25T10:00:00.000Z',
  endTime: '2026-11-25T11:00:00.000Z',
  notes: 'done',
});
const takenOver = event('usage.taken-over', {
  resourceId: 7,
  resourceName: 'Laser',
  sessionId: 2,
  previousSessionId: 1,
  user: bob,
  previousUser: ada,
  startTime: '2026-11-25T10:30:00.000Z',
  notes: null,
});

describe('MQTT messages of usage events', () => {
  it('publishes the in-use message on a start and the not-in-use message with the same user on an end', () => {
    expect(publicationsFor(started, templates)).toEqual([
      { topic: 'lab/7/in-use', payload: 'on ada 2026-11-25T10:00:00.000Z' },
    ]);
    expect(publicationsFor(ended, templates)).toEqual([
      { topic: 'lab/7/available', payload: 'off ada 2026-11-25T11:00:00.000Z' },
    ]);
  });

  it('publishes on a takeover what its flags ask, stop before start before takeover', () => {
    const all = { ...templates, onTakeoverSendStart: true, onTakeoverSendStop: true };
    expect(publicationsFor(takenOver, all)).toEqual([
      { topic: 'lab/7/available', payload: 'off ada 2026-11-25T10:30:00.000Z' },
      { topic: 'lab/7/in-use', payload: 'on bob 2026-11-25T10:30:00.000Z' },
      { topic: 'lab/7/takeover', payload: 'ada -> bob' },
    ]);
    expect(publicationsFor(takenOver, templates)).toEqual([
      { topic: 'lab/7/takeover', payload: 'ada -> bob' },
    ]);
    expect(publicationsFor(takenOver, { ...templates, onTakeoverSendTakeover: false })).toEqual([]);
  });

  it('falls back to the default topic and takeover message when none is set', () => {
    const [message] = publicationsFor(takenOver, {
      ...templates,
      takeoverTopic: null,
      takeoverMessage: null,
    });
    expect(message?.topic).toBe(DEFAULT_MQTT_TOPIC.replace('{{id}}', '7'));
    expect(JSON.parse(message?.payload ?? '')).toEqual({
      status: 'taken_over',
      resourceId: 7,
      resourceName: 'Laser',
      timestamp: '2026-11-25T10:30:00.000Z',
      user: { id: 4, username: 'bob', externalIdentifier: '' },
      previousUser: { id: 3, username: 'ada', externalIdentifier: 'ext-ada' },
    });
  });

  it('publishes nothing for events other than usage', () => {
    expect(
      publicationsFor(event('resource.updated', { resourceId: 7, resourceName: 'Laser' }), templates),
    ).toEqual([]);
  });

  it('refuses, for good, an event of another contract version or a topic a value makes unpublishable', () => {
    expect(() => publicationsFor({ ...started, v: 2 }, templates)).toThrow(UndeliverableMessageError);
    const named = event('usage.started', { ...(started.data as object), resourceName: 'Laser #2' });
    expect(() => publicationsFor(named, { ...templates, inUseTopic: 'lab/{{name}}' })).toThrow(
      'Cannot publish: the topic "lab/Laser #2" contains the wildcard + or #',
    );
  });

  it('tells why a topic cannot be published to', () => {
    expect(topicProblem('lab/7/status')).toBeNull();
    expect(topicProblem('')).toBe('the topic is empty');
    expect(topicProblem('lab/+/x')).toContain('wildcard');
    expect(topicProblem('a\u0000b')).toContain('NUL');
    expect(topicProblem('é'.repeat(40_000))).toContain('65,535 bytes');
  });

  it('fills the in-use message of a test with sample values', () => {
    const message = testPublication(
      templates,
      { id: 7, name: 'Laser' },
      new Date('2026-11-25T12:00:00.000Z'),
    );
    expect(message).toEqual({ topic: 'lab/7/in-use', payload: 'on example-user 2026-11-25T12:00:00.000Z' });
  });
});
