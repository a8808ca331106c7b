import { EMAIL_TEMPLATE_TYPES, LANGUAGES } from '@toolpass/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { htmlToText } from '../../platform/mjml/html-to-text.ts';
import { createMjmlRenderer } from '../../platform/mjml/mjml-renderer.ts';
import { DEFAULT_EMAIL_TEMPLATES } from './default-email-templates.ts';
import { createEmailRenderer, substituteVariables } from './render-email.ts';

const mjml = createMjmlRenderer();
afterAll(() => mjml.close());

const VARIABLES = {
  'user.username': 'Ann <&> "O\'Neil"',
  'user.email': 'ann@example.org',
  newEmail: 'new@example.org',
  url: 'https://tools.example.org/path?token=abc&email=a%40b.org',
  host: 'tools.example.org',
  name: 'Laser cutter',
  expiresAt: '31/12/2026',
  daysLeft: '14',
  heldUntil: '14:10',
  minutes: '10',
};

/** The formal pronouns as German capitalises them when it addresses someone (see the web's check). */
const FORMAL_ADDRESS = /(?<![\p{L}\d])(Sie|Ihnen|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres)(?![\p{L}\d])/u;

describe('the German default templates', () => {
  it.each(EMAIL_TEMPLATE_TYPES)('%s addresses the reader with the informal "du"', (type) => {
    const { subject, body } = DEFAULT_EMAIL_TEMPLATES.de[type];
    expect(subject).not.toMatch(FORMAL_ADDRESS);
    expect(body).not.toMatch(FORMAL_ADDRESS);
    expect(`${subject} ${body}`).toMatch(/\b(du|dein|deine|deinen|dich|dir)\b/i);
  });
});

describe('substituteVariables', () => {
  it('replaces known names, escapes HTML and leaves unknown names visible', () => {
    expect(
      substituteVariables('Hi {{ user.username }}, {{missing}}', { 'user.username': '<b>Ann</b>' }),
    ).toBe('Hi &lt;b&gt;Ann&lt;/b&gt;, {{missing}}');
  });
});

describe('mails from templates', () => {
  it.each(LANGUAGES.flatMap((language) => EMAIL_TEMPLATE_TYPES.map((type) => [language, type] as const)))(
    '%s %s renders to HTML and text with its link',
    async (language, type) => {
      const emails = createEmailRenderer({ mjml, now: Date.now });
      const rendered = await emails.render(DEFAULT_EMAIL_TEMPLATES[language][type], VARIABLES);
      expect(rendered.html).toContain(`lang="${language}"`);
      expect(rendered.subject.length).toBeGreaterThan(5);
      expect(rendered.html).toContain('<!doctype html>');
      expect(rendered.html).toContain('Ann &lt;&amp;&gt; &quot;O&#39;Neil&quot;');
      expect(rendered.text).toContain(VARIABLES.url);
      expect(rendered.text).not.toMatch(/\{\{|<[a-z]/);
    },
  );

  it.each(EMAIL_TEMPLATE_TYPES)(
    '%s: filling a template rendered once gives the mail that rendering each mail gave',
    async (type) => {
      const template = DEFAULT_EMAIL_TEMPLATES.en[type];
      const emails = createEmailRenderer({ mjml, now: Date.now });
      const once = await emails.render(template, VARIABLES);
      const each = await mjml.render(substituteVariables(template.body, VARIABLES), { withText: true });
      expect(once.html).toBe(each.html);
      expect(once.text).toBe(htmlToText(each.html));
    },
  );

  it('renders a template once for many mails, and each mail from its own MJML when MJML rewrote a placeholder', async () => {
    let renders = 0;
    const counting = {
      ...mjml,
      render: (...args: Parameters<typeof mjml.render>) => {
        renders += 1;
        return mjml.render(...args);
      },
    };
    const emails = createEmailRenderer({ mjml: counting, now: Date.now });
    const template = DEFAULT_EMAIL_TEMPLATES.en['verify-email'];
    const mails = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        emails.render(template, { ...VARIABLES, 'user.username': `member${index}` }),
      ),
    );
    expect(renders).toBe(1);
    expect(mails[7]?.html).toContain('member7');

    // Inlined CSS loses a placeholder's braces, so it cannot be filled in after rendering.
    const rewritten = {
      subject: 'Hi',
      body: `<mjml><mj-head><mj-style inline="inline">.logo { background-image: url(https://{{host}}/logo.png); }</mj-style></mj-head>
        <mj-body><mj-section><mj-column><mj-text css-class="logo">Hi</mj-text></mj-column></mj-section></mj-body></mjml>`,
    };
    renders = 0;
    const first = await emails.render(rewritten, VARIABLES);
    await emails.render(rewritten, VARIABLES);
    expect(first.html).toContain('url(https://tools.example.org/logo.png)');
    expect(renders).toBe(3);
  });

  it('sends from a rendering kept at save time without rendering again', async () => {
    let renders = 0;
    const counting = {
      ...mjml,
      render: (...args: Parameters<typeof mjml.render>) => {
        renders += 1;
        return mjml.render(...args);
      },
    };
    const emails = createEmailRenderer({ mjml: counting, now: Date.now });
    const template = DEFAULT_EMAIL_TEMPLATES.en['reset-password'];
    emails.keep(template.body, await mjml.render(template.body, { withText: true }));
    const mail = await emails.render(template, VARIABLES);
    expect(renders).toBe(0);
    expect(mail.text).toContain(VARIABLES.url);
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
