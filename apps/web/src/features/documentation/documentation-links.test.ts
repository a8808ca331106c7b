import { describe, expect, it } from 'vitest';
import { aResource } from '../../test/resource-fixture.ts';
import { newTabTarget } from './documentation-links.ts';

const resource = aResource({
  id: 12,
  name: 'Lathe',
  documentationType: 'markdown',
  documentationMarkdown: '# Lathe',
});

describe('newTabTarget', () => {
  it('opens the external page of url documentation', () => {
    const external = {
      ...resource,
      documentationType: 'url' as const,
      documentationUrl: 'https://example.org/lathe',
    };
    expect(newTabTarget(external)).toBe('https://example.org/lathe');
  });

  it("opens the app's documentation page otherwise", () => {
    expect(newTabTarget(resource)).toBe('/resources/12/documentation');
    expect(newTabTarget({ ...resource, documentationType: null })).toBe('/resources/12/documentation');
  });
});
