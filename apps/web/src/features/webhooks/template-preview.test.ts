import { DEFAULT_WEBHOOK_TEMPLATES, sampleTemplateValues } from '@toolpass/contracts';
import { describe, expect, it } from 'vitest';
import { previewTemplate } from './template-preview.ts';

const values = sampleTemplateValues({ id: 4, name: 'Laser "Big" cutter' }, new Date('2026-11-25T10:00:00Z'));

describe('previewTemplate', () => {
  it('fills the default in-use body and formats it as JSON', () => {
    const preview = previewTemplate(DEFAULT_WEBHOOK_TEMPLATES.inUse, values);
    expect(preview.isJson).toBe(true);
    if (!preview.isJson) return;
    expect(JSON.parse(preview.formatted)).toEqual({
      status: 'in_use',
      resourceId: 4,
      resourceName: 'Laser "Big" cutter',
      timestamp: '2026-11-25T10:00:00.000Z',
      user: { id: 1, username: 'example-user', externalIdentifier: 'example-external-id' },
    });
    expect(preview.formatted).toContain('\n  "status": "in_use"');
  });

  it('fails on text that is not JSON once filled, and keeps the filled text', () => {
    const preview = previewTemplate('Resource {{name}} is in use', values);
    expect(preview).toMatchObject({ isJson: false, rendered: 'Resource Laser "Big" cutter is in use' });
  });

  it('fails on an empty template', () => {
    expect(previewTemplate('', values).isJson).toBe(false);
  });
});
