import { DEFAULT_MQTT_MESSAGES } from '@toolpass/contracts';
import { describe, expect, it } from 'vitest';
import { previewMessage, previewTopic } from './message-preview.ts';

const resource = { id: 12, name: 'Laser "Big" cutter' };
const now = new Date('2026-03-01T09:30:00.000Z');

describe('previewMessage', () => {
  it('fills the default in-use message with sample values and formats it as JSON', () => {
    const preview = previewMessage(DEFAULT_MQTT_MESSAGES.inUse, resource, now);
    expect(preview.isJson).toBe(true);
    expect(JSON.parse(preview.text)).toEqual({
      status: 'in-use',
      resourceId: 12,
      // A quote in the name is escaped, so the message stays JSON.
      resourceName: 'Laser "Big" cutter',
      timestamp: '2026-03-01T09:30:00.000Z',
      user: { id: 1, username: 'example-user', externalIdentifier: 'example-external-id' },
    });
    expect(preview.text.split('\n')[1]).toBe('  "status": "in-use",');
  });

  it('shows a message that is not JSON as the plain text it will be sent as', () => {
    expect(previewMessage('ON {{name}} for {{user.username}}', resource, now)).toEqual({
      text: 'ON Laser "Big" cutter for example-user',
      isJson: false,
    });
  });

  it('leaves unknown placeholders as written, so a typo shows', () => {
    expect(previewMessage('{{user.nmae}}', resource, now).text).toBe('{{user.nmae}}');
  });
});

describe('previewTopic', () => {
  it('fills the resource id into the default topic', () => {
    expect(previewTopic('resources/{{id}}/status', resource, now)).toBe('resources/12/status');
  });
});
