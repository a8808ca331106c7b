import mjml2html from 'mjml';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}

/** Replaces `{{ name }}`; unknown names stay visible so a typo in a template is noticed. */
export function substituteVariables(
  template: string,
  variables: Record<string, string>,
  encode: (value: string) => string = escapeHtml,
): string {
  return template.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => {
    const value = variables[name];
    return value === undefined ? whole : encode(value);
  });
}

/** A readable plain-text part from the rendered HTML, links written out after their text. */
export function htmlToText(html: string): string {
  const decode: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };
  return html
    .replace(/<(head|style|script)[\s\S]*?<\/\1>/gi, '')
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, text: string) => {
      const label = text.replace(/<[^>]+>/g, '').trim();
      return label && label !== href ? `${label}: ${href}` : href;
    })
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h\d|tr|table)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => decode[name] ?? '')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line, index, lines) => line !== '' || (index > 0 && lines[index - 1] !== ''))
    .join('\n')
    .trim();
}

export type RenderedEmail = { subject: string; html: string; text: string };

/**
 * HTML from MJML. Soft validation: an unknown attribute or misplaced tag still renders; MJML
 * that does not parse (no `<mjml>` root, broken markup) throws.
 */
export async function renderMjml(mjml: string): Promise<string> {
  const { html } = await mjml2html(mjml, { validationLevel: 'soft' });
  return html;
}

export async function renderEmail(
  template: { subject: string; body: string },
  variables: Record<string, string>,
): Promise<RenderedEmail> {
  const html = await renderMjml(substituteVariables(template.body, variables));
  return {
    subject: substituteVariables(template.subject, variables, (value) => value),
    html,
    text: htmlToText(html),
  };
}
