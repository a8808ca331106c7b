import { renderTemplate, sampleTemplateValues } from '@toolpass/contracts';

export type MessagePreview = { text: string; isJson: boolean };

/**
 * A template filled with sample values, the way a test fills it (spec 02 §2 "Test page"):
 * formatted when the result is JSON, else the plain text as it will be sent.
 */
export function previewMessage(
  template: string,
  resource: { id: number; name: string },
  now: Date,
): MessagePreview {
  const text = renderTemplate(template, sampleTemplateValues(resource, now));
  try {
    return { text: JSON.stringify(JSON.parse(text), null, 2), isJson: true };
  } catch {
    return { text, isJson: false };
  }
}

/** A topic template filled with the same sample values. */
export function previewTopic(template: string, resource: { id: number; name: string }, now: Date): string {
  return renderTemplate(template, sampleTemplateValues(resource, now));
}
