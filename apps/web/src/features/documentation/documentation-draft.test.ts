import { describe, expect, it } from 'vitest';
import { aResource } from '../../test/resource-fixture.ts';
import { draftOf, toDocumentationBody, validateDocumentation } from './documentation-draft.ts';

const resource = aResource({
  id: 7,
  name: 'Laser cutter',
  documentationType: 'url',
  documentationUrl: 'https://example.org/laser',
});

describe('validateDocumentation', () => {
  it('requires markdown text when markdown is chosen', () => {
    expect(validateDocumentation({ kind: 'markdown', markdown: '  \n', url: '' })).toEqual({
      markdown: 'markdownRequired',
    });
  });

  it('requires an address when a page is chosen', () => {
    expect(validateDocumentation({ kind: 'url', markdown: '', url: ' ' })).toEqual({ url: 'urlRequired' });
  });

  it.each(['not a url', 'example.org/page', 'javascript:alert(1)', 'data:text/html,hi'])(
    'refuses %s as an address',
    (url) => {
      expect(validateDocumentation({ kind: 'url', markdown: '', url })).toEqual({ url: 'invalidUrl' });
    },
  );

  it('accepts web addresses, markdown text, and no documentation at all', () => {
    expect(validateDocumentation({ kind: 'url', markdown: '', url: 'http://127.0.0.1:3000/x' })).toEqual({});
    expect(validateDocumentation({ kind: 'markdown', markdown: '# Manual', url: 'garbage' })).toEqual({});
    expect(validateDocumentation({ kind: 'none', markdown: '', url: '' })).toEqual({});
  });
});

describe('toDocumentationBody', () => {
  it('clears the content of the type not chosen', () => {
    const draft = { kind: 'markdown' as const, markdown: '# Manual', url: 'https://example.org' };
    expect(toDocumentationBody(draft)).toEqual({
      documentationType: 'markdown',
      documentationMarkdown: '# Manual',
      documentationUrl: null,
    });
    expect(toDocumentationBody({ ...draft, kind: 'url' })).toEqual({
      documentationType: 'url',
      documentationMarkdown: null,
      documentationUrl: 'https://example.org',
    });
  });

  it('removes the documentation when none is chosen', () => {
    expect(toDocumentationBody({ kind: 'none', markdown: 'old', url: 'https://old.example' })).toEqual({
      documentationType: null,
      documentationMarkdown: null,
      documentationUrl: null,
    });
  });
});

describe('draftOf', () => {
  it('starts the editor from the saved documentation', () => {
    expect(draftOf(resource)).toEqual({ kind: 'url', markdown: '', url: 'https://example.org/laser' });
    expect(draftOf({ ...resource, documentationType: null, documentationUrl: null }).kind).toBe('none');
  });
});
