import type { Resource, UpdateDocumentationBody } from '@toolpass/contracts';

/** What the editor offers: no documentation, markdown text or an external page (spec 02 §3, §4). */
export type DocumentationKind = 'none' | 'markdown' | 'url';

export type DocumentationDraft = { kind: DocumentationKind; markdown: string; url: string };

/** Which rule a field breaks; the same rules and wording as the server's (spec 02 §5). */
export type DocumentationProblems = {
  markdown?: 'markdownRequired';
  url?: 'urlRequired' | 'invalidUrl';
};

export function draftOf(resource: Resource): DocumentationDraft {
  return {
    kind: resource.documentationType ?? 'none',
    markdown: resource.documentationMarkdown ?? '',
    url: resource.documentationUrl ?? '',
  };
}

/** Only web pages may be framed; javascript: or data: addresses are refused like the server does. */
function isWebAddress(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

export function validateDocumentation(draft: DocumentationDraft): DocumentationProblems {
  if (draft.kind === 'markdown' && !draft.markdown.trim()) return { markdown: 'markdownRequired' };
  if (draft.kind === 'url') {
    const url = draft.url.trim();
    if (!url) return { url: 'urlRequired' };
    if (!isWebAddress(url)) return { url: 'invalidUrl' };
  }
  return {};
}

export const hasProblems = (problems: DocumentationProblems) => Object.keys(problems).length > 0;

/** The request body: the content of the type not chosen is cleared (spec 02 §4). */
export function toDocumentationBody(draft: DocumentationDraft): UpdateDocumentationBody {
  return {
    documentationType: draft.kind === 'none' ? null : draft.kind,
    documentationMarkdown: draft.kind === 'markdown' ? draft.markdown : null,
    documentationUrl: draft.kind === 'url' ? draft.url.trim() : null,
  };
}
