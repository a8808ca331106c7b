import { EMAIL_TEMPLATE_TYPES } from '@toolpass/contracts';
import { describe, expect, it } from 'vitest';
import { DEFAULT_EMAIL_TEMPLATES } from './default-email-templates.ts';
import { htmlToText, renderEmail, substituteVariables } from './render-email.ts';

describe('substituteVariables', () => {
  it('replaces known names, escapes HTML and leaves unknown names visible', () => {
    expect(
      substituteVariables('Hi {{ user.username }}, {{missing}}', { 'user.username': '<b>Ann</b>' }),
    ).toBe('Hi &lt;b&gt;Ann&lt;/b&gt;, {{missing}}');
  });
});

describe('htmlToText', () => {
  it('keeps link targets and drops markup', () => {
    expect(
      htmlToText(
        '<style>p{}</style><p>Hello &amp; welcome</p><a href="https://x.test/a?b=1&amp;c=2">Open</a>',
      ),
    ).toBe('Hello & welcome\nOpen: https://x.test/a?b=1&c=2');
  });
});

describe('default templates', () => {
  it.each(EMAIL_TEMPLATE_TYPES)('%s renders to HTML and text with its link', async (type) => {
    const url = 'https://tools.example.org/path?token=abc&email=a%40b.org';
    const rendered = await renderEmail(DEFAULT_EMAIL_TEMPLATES[type], {
      'user.username': 'Ann',
      'user.email': 'ann@example.org',
      newEmail: 'new@example.org',
      url,
      host: 'tools.example.org',
    });
    expect(rendered.subject.length).toBeGreaterThan(5);
    expect(rendered.html).toContain('<!doctype html>');
    expect(rendered.html).toContain('Ann');
    expect(rendered.text).toContain(url);
    expect(rendered.text).not.toMatch(/\{\{|<[a-z]/);
  });
});
