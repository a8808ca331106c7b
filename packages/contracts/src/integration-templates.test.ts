import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MQTT_MESSAGES,
  DEFAULT_MQTT_TOPIC,
  DEFAULT_WEBHOOK_TEMPLATES,
  renderTemplate,
  type TemplateValues,
} from './integration-templates.ts';

const values: TemplateValues = {
  id: 7,
  name: 'Laser "Big" \\ cutter',
  timestamp: '2026-11-25T10:00:00.000Z',
  user: { id: 3, username: 'ada', externalIdentifier: null },
  previousUser: { id: 4, username: 'bob', externalIdentifier: 'ext-4' },
};

describe('integration templates', () => {
  it('fills every variable, in topics and plain text', () => {
    expect(renderTemplate(DEFAULT_MQTT_TOPIC, values)).toBe('resources/7/status');
    expect(
      renderTemplate(
        '{{id}} {{name}} {{timestamp}} {{user.id}} {{user.username}} [{{user.externalIdentifier}}] ' +
          '{{previousUser.id}} {{previousUser.username}} {{ previousUser.externalIdentifier }}',
        values,
      ),
    ).toBe('7 Laser "Big" \\ cutter 2026-11-25T10:00:00.000Z 3 ada [] 4 bob ext-4');
  });

  it('keeps unknown placeholders as written and leaves missing users empty', () => {
    expect(renderTemplate('{{nope}} {{user.username}}', { ...values, user: undefined })).toBe('{{nope}} ');
  });

  it('escapes values in JSON templates so every default stays JSON, whatever the names hold', () => {
    for (const template of [
      ...Object.values(DEFAULT_MQTT_MESSAGES),
      ...Object.values(DEFAULT_WEBHOOK_TEMPLATES),
    ]) {
      const parsed = JSON.parse(renderTemplate(template, values));
      expect(parsed.resourceId).toBe(7);
      expect(parsed.resourceName).toBe('Laser "Big" \\ cutter');
    }
    expect(JSON.parse(renderTemplate(DEFAULT_MQTT_MESSAGES.inUse, values))).toMatchObject({
      status: 'in-use',
      user: { id: 3, username: 'ada', externalIdentifier: '' },
    });
    expect(JSON.parse(renderTemplate(DEFAULT_WEBHOOK_TEMPLATES.takeover, values))).toMatchObject({
      status: 'taken_over',
      previousUser: { username: 'bob' },
    });
  });
});
