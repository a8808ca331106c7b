import { renderTemplate, type TemplateValues } from '@toolpass/contracts';

/**
 * A body template filled with sample values: the formatted JSON a receiver would get, or why
 * it is not JSON (spec 02 §5: the preview fails unless the substituted text parses).
 */
export type TemplatePreview =
  | { isJson: true; formatted: string }
  | { isJson: false; rendered: string; reason: string };

export function previewTemplate(template: string, values: TemplateValues): TemplatePreview {
  const rendered = renderTemplate(template, values);
  try {
    return { isJson: true, formatted: JSON.stringify(JSON.parse(rendered), null, 2) };
  } catch (error) {
    return { isJson: false, rendered, reason: error instanceof Error ? error.message : String(error) };
  }
}
