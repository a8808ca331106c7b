import { EmailTemplateMessages, MJML_RENDER_TIME_LIMIT_MS } from '@toolpass/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../platform/logging/logger.ts';
import { MjmlTooSlowError } from '../../platform/mjml/mjml-renderer.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { linkIn } from '../../test/smtp-capture.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';
import { DEFAULT_EMAIL_TEMPLATES } from './default-email-templates.ts';
import { createEmailTemplatesRepository } from './email-templates.repository.ts';

const TEXT_IN_SECTION = `<mjml><mj-body>
  <mj-section>
    <mj-text>Hello {{user.username}}</mj-text>
  </mj-section>
</mj-body></mjml>`;
const UNCLOSED_TAG = `<mjml><mj-body><mj-section><mj-column>
  <mj-text>Reset: {{url}}
</mj-column></mj-section></mj-body></mjml>`;

/**
 * About 95 KB: one tag with thousands of attributes. MJML formats a tag's attributes once per
 * attribute, so this takes seconds (about 10 s on a small machine), far past the 2 s limit.
 */
function slowTemplate(): string {
  const attributes: string[] = [];
  let size = 0;
  for (let index = 0; size < 95_000; index += 1) {
    const attribute = `data-a${index}="${index}"`;
    attributes.push(attribute);
    size += attribute.length + 1;
  }
  return `<mjml><mj-body><mj-section><mj-column><mj-text ${attributes.join(' ')}>{{url}}</mj-text></mj-column></mj-section></mj-body></mjml>`;
}

describe.each(TEST_DIALECTS)('MJML checks and the render time limit on %s', (dialect) => {
  const logger = createLogger('silent');
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp['given']['administrator']>>;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { logger });
    admin = await t.given.user({ canManageSystemConfiguration: true });
  });
  afterAll(() => t?.close());
  afterEach(async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/email-templates/reset-password/restore-default',
      headers: admin.auth,
    });
    vi.restoreAllMocks();
  });

  const preview = (mjmlContent: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/email-templates/preview-mjml',
      headers: admin.auth,
      payload: { mjmlContent },
    });
  const save = (body: string) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/email-templates/reset-password',
      headers: admin.auth,
      payload: { subject: 'Changed', body },
    });

  it('refuses to save MJML that breaks its rules, with "Invalid MJML content" and the problems listed', async () => {
    for (const [body, problem] of [
      [TEXT_IN_SECTION, 'Line 3 (mj-text): mj-text cannot be used inside mj-section, only inside:'],
      [UNCLOSED_TAG, 'Line 2 (mj-text): <mj-text> is not closed'],
    ] as const) {
      const response = await save(body);
      expect(response.statusCode).toBe(400);
      const error = response.json();
      expect(error).toMatchObject({
        statusCode: 400,
        error: EmailTemplateMessages.invalidMjml,
        message: EmailTemplateMessages.invalidMjml,
      });
      expect(error.errors.body).toEqual([expect.stringContaining(problem)]);
    }
    const stored = await t.app.inject({
      method: 'GET',
      url: '/api/email-templates/reset-password',
      headers: admin.auth,
    });
    expect(stored.json()).toMatchObject(DEFAULT_EMAIL_TEMPLATES.en['reset-password']);
  });

  it('refuses to save MJML that does not parse', async () => {
    const response = await save('<div>not mjml</div>');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(EmailTemplateMessages.invalidMjml);
  });

  it('previews MJML that breaks its rules with the problems by line and kind, and names no server path', async () => {
    const response = await preview(TEXT_IN_SECTION);
    expect(response.statusCode).toBe(200);
    const { html, errors } = response.json();
    expect(html).toContain('<!doctype html>');
    expect(errors).toEqual([
      {
        line: 3,
        tagName: 'mj-text',
        code: 'misplacedTag',
        params: { tag: 'mj-text', parent: 'mj-section', allowed: 'mj-attributes, mj-column, mj-hero' },
        message: 'mj-text cannot be used inside mj-section, only inside: mj-attributes, mj-column, mj-hero',
      },
    ]);
    const unclosed = (await preview(UNCLOSED_TAG)).json();
    expect(unclosed.errors).toEqual([
      expect.objectContaining({
        line: 2,
        tagName: 'mj-text',
        code: 'unclosedTag',
        params: { tag: 'mj-text' },
      }),
    ]);
    expect(response.body + JSON.stringify(unclosed)).not.toContain(process.cwd());
  });

  it('stops a 95 KB template at 2 s, on save and in the preview, while every other request is answered at once', async () => {
    const body = slowTemplate();
    expect(body.length).toBeGreaterThanOrEqual(95_000);
    expect(body.length).toBeLessThan(100_000);
    // The worker is up (a render has run), so the time below is the render's alone.
    expect((await preview(TEXT_IN_SECTION)).statusCode).toBe(200);

    const started = performance.now();
    const saving = save(body);
    let pending = true;
    void saving.finally(() => {
      pending = false;
    });
    const healthTimes: number[] = [];
    while (pending) {
      // Five requests at once, as other users would send them, each timed on its own.
      const round = await Promise.all(
        Array.from({ length: 5 }, async () => {
          const sent = performance.now();
          const health = await t.app.inject({ method: 'GET', url: '/api/health' });
          expect(health.statusCode).toBe(200);
          return performance.now() - sent;
        }),
      );
      healthTimes.push(...round);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const elapsed = performance.now() - started;

    const saved = await saving;
    expect(saved.statusCode).toBe(400);
    expect(saved.json()).toMatchObject({ message: EmailTemplateMessages.renderTooSlow });
    expect(elapsed).toBeGreaterThanOrEqual(MJML_RENDER_TIME_LIMIT_MS);
    expect(elapsed).toBeLessThan(MJML_RENDER_TIME_LIMIT_MS + 3_000);
    expect(healthTimes.length).toBeGreaterThan(40);
    expect(Math.max(...healthTimes)).toBeLessThan(100);

    const previewed = await preview(body);
    expect(previewed.statusCode).toBe(400);
    expect(previewed.json()).toMatchObject({
      error: EmailTemplateMessages.renderTooSlow,
      message: EmailTemplateMessages.renderTooSlow,
    });
  });

  it('sends the default mail, with a warning, when a saved template takes too long to render', async () => {
    const warn = vi.spyOn(logger, 'warn');
    const user = await t.given.member();
    // Saved before templates were checked (or on a faster machine): the save would refuse it now.
    await createEmailTemplatesRepository().save(
      t.database.db,
      'reset-password',
      'en',
      'Slow for {{user.username}}',
      slowTemplate(),
      new Date(),
    );

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/reset-password',
      payload: { email: user.email },
    });
    expect(response.statusCode).toBe(200);
    const mail = await t.smtp.waitFor(user.email, undefined, 15_000);
    expect(mail.subject).toBe(DEFAULT_EMAIL_TEMPLATES.en['reset-password'].subject);
    expect(mail.text).toContain(`Hello ${user.username}`);
    expect(linkIn(mail, '/reset-password').searchParams.get('token')).toBeTruthy();
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ templateType: 'reset-password', err: expect.any(MjmlTooSlowError) }),
      expect.stringContaining('default template'),
    );
  });
});
