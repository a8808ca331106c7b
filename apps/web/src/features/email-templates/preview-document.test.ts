import { describe, expect, it } from 'vitest';
import { previewErrorDocument, withDocumentLanguage } from './preview-document.ts';

describe('preview documents', () => {
  it('shows a failed render in red with the reason, escaped', () => {
    const page = previewErrorDocument({
      language: 'de',
      title: 'Fehler beim Laden der Vorschau.',
      message: 'Bad <mj-text> & "quotes"',
    });
    expect(page).toContain('<html lang="de">');
    expect(page).toContain('color:#b91c1c');
    expect(page).toContain('Fehler beim Laden der Vorschau.');
    expect(page).toContain('Bad &lt;mj-text&gt; &amp; &quot;quotes&quot;');
    expect(page).not.toContain('<mj-text>');
  });

  it('gives a rendered mail without a language the app’s language, and keeps one that has it', () => {
    expect(withDocumentLanguage('<html lang="und" dir="auto"><body></body></html>', 'en')).toBe(
      '<html lang="en" dir="auto"><body></body></html>',
    );
    expect(withDocumentLanguage('<html lang="fr"><body></body></html>', 'en')).toBe(
      '<html lang="fr"><body></body></html>',
    );
  });
});
