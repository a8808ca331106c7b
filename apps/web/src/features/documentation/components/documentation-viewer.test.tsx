import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aResource } from '../../../test/resource-fixture.ts';
import { DocumentationViewer } from './documentation-viewer.tsx';

const resource = aResource({
  id: 3,
  name: 'Band saw',
});

describe('DocumentationViewer', () => {
  it('renders markdown documentation', () => {
    render(
      <DocumentationViewer
        resource={{ ...resource, documentationType: 'markdown', documentationMarkdown: '## Safety first' }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Safety first' })).toBeTruthy();
  });

  it('embeds a page in a titled, sandboxed frame', () => {
    render(
      <DocumentationViewer
        resource={{ ...resource, documentationType: 'url', documentationUrl: 'https://example.org/saw' }}
      />,
    );
    const frame = screen.getByTitle('Documentation of Band saw');
    expect(frame.getAttribute('src')).toBe('https://example.org/saw');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-forms');
  });

  it('says so when there is no documentation', () => {
    render(<DocumentationViewer resource={resource} />);
    expect(screen.getByText('No documentation has been added for this resource yet.')).toBeTruthy();
  });
});
