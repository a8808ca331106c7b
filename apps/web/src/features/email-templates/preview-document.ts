const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}

/**
 * The preview frame's page for a failed render (spec 02 §8): the spec's words and the reason, in
 * red, in the app's language.
 */
export function previewErrorDocument(texts: { language: string; title: string; message: string }): string {
  return `<!doctype html>
<html lang="${escapeHtml(texts.language)}">
<head><meta charset="utf-8"><title>${escapeHtml(texts.title)}</title></head>
<body style="margin:0;padding:16px;font-family:system-ui,sans-serif;color:#b91c1c;background:#ffffff">
<p style="margin:0 0 8px;font-weight:600">${escapeHtml(texts.title)}</p>
<p style="margin:0">${escapeHtml(texts.message)}</p>
</body>
</html>`;
}

/**
 * MJML renders `lang="und"` unless the template sets one; a preview page states the app's language
 * so it is read out sensibly (the mail itself is sent as written).
 */
export function withDocumentLanguage(html: string, language: string): string {
  return html.replace(/<html\b([^>]*)\blang="und"/i, `<html$1lang="${escapeHtml(language)}"`);
}
