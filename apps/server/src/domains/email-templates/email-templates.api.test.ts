import {
  EMAIL_TEMPLATE_TYPES,
  EMAIL_TEMPLATE_VARIABLES,
  EmailTemplateMessages,
  Messages,
} from '@toolpass/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../platform/logging/logger.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { linkIn } from '../../test/smtp-capture.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';
import { DEFAULT_EMAIL_TEMPLATES } from './default-email-templates.ts';
import { createEmailTemplatesRepository } from './email-templates.repository.ts';

const MARKER = 'Workshop-marker-7f3a';
const VALID_MJML = `<mjml><mj-body><mj-section><mj-column>
  <mj-text>${MARKER} for {{user.username}}</mj-text>
  <mj-button href="{{url}}">Choose a new password</mj-button>
  <mj-text>Or open {{url}}</mj-text>
</mj-column></mj-section></mj-body></mjml>`;
const UNPARSABLE_MJML = '<div>not mjml at all</div>';

describe.each(TEST_DIALECTS)('email templates on %s', (dialect) => {
  const logger = createLogger('silent');
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp['given']['administrator']>>;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { logger });
    admin = await t.given.user({ canManageSystemConfiguration: true });
  });
  afterAll(() => t?.close());
  // Every test leaves the templates as shipped, so none depends on another's edits.
  afterEach(async () => {
    for (const type of EMAIL_TEMPLATE_TYPES) {
      await t.app.inject({
        method: 'POST',
        url: `/api/email-templates/${type}/restore-default`,
        headers: admin.auth,
      });
    }
    vi.restoreAllMocks();
  });

  function call(
    method: 'GET' | 'PATCH' | 'POST',
    url: string,
    payload?: object,
    headers: Record<string, string> = admin.auth,
  ) {
    return t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  }

  describe('GET /api/email-templates', () => {
    it('lists every template with its subject, MJML body and variables', async () => {
      const response = await call('GET', '/api/email-templates');
      expect(response.statusCode).toBe(200);
      const templates =
        response.json<{ type: string; subject: string; body: string; variables: string[] }[]>();
      expect(templates.map((template) => template.type)).toEqual(
        expect.arrayContaining(['verify-email', 'reset-password', 'change-email']),
      );
      for (const template of templates) {
        const type = template.type as (typeof EMAIL_TEMPLATE_TYPES)[number];
        expect(template).toEqual({
          type,
          language: 'en',
          subject: DEFAULT_EMAIL_TEMPLATES.en[type].subject,
          body: DEFAULT_EMAIL_TEMPLATES.en[type].body,
          variables: [...EMAIL_TEMPLATE_VARIABLES[type]],
        });
      }
      expect(templates.find((template) => template.type === 'reset-password')?.variables).toEqual(
        expect.arrayContaining(['user.username', 'url']),
      );
    });
  });

  describe('GET /api/email-templates/{type}', () => {
    it('answers one template', async () => {
      const response = await call('GET', '/api/email-templates/verify-email');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        type: 'verify-email',
        subject: DEFAULT_EMAIL_TEMPLATES.en['verify-email'].subject,
        variables: expect.arrayContaining(['user.username', 'user.email', 'url']),
      });
    });

    it('answers 404 "Template not found" for an unknown type', async () => {
      const response = await call('GET', '/api/email-templates/no-such-mail');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ statusCode: 404, message: 'Template not found' });
    });
  });

  describe('PATCH /api/email-templates/{type}', () => {
    it('saves subject and body; reading it back shows the change', async () => {
      const response = await call('PATCH', '/api/email-templates/change-email', {
        subject: '  New subject for {{user.username}}  ',
        body: VALID_MJML,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        type: 'change-email',
        subject: 'New subject for {{user.username}}',
        body: VALID_MJML,
      });
      const read = await call('GET', '/api/email-templates/change-email');
      expect(read.json()).toMatchObject({ subject: 'New subject for {{user.username}}', body: VALID_MJML });
    });

    it('changes only the fields sent', async () => {
      const response = await call('PATCH', '/api/email-templates/verify-email', {
        subject: 'Only the subject',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        subject: 'Only the subject',
        body: DEFAULT_EMAIL_TEMPLATES.en['verify-email'].body,
      });
    });

    it('answers 404 "Template not found" for an unknown type', async () => {
      const response = await call('PATCH', '/api/email-templates/no-such-mail', { subject: 'x' });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(EmailTemplateMessages.notFound);
    });

    it('refuses an empty subject, a subject with a line break and a NUL in the body', async () => {
      for (const payload of [
        { subject: '   ' },
        { subject: 'a\r\nBcc: x@example.org' },
        { body: 'a\u0000b' },
      ]) {
        const response = await call('PATCH', '/api/email-templates/verify-email', payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().message).toBe(Messages.invalidInput);
      }
    });
  });

  describe('POST /api/email-templates/preview-mjml', () => {
    it('renders MJML to HTML', async () => {
      const response = await call('POST', '/api/email-templates/preview-mjml', { mjmlContent: VALID_MJML });
      expect(response.statusCode).toBe(200);
      const { html, errors } = response.json<{ html: string; errors: unknown[] }>();
      expect(html).toContain('<!doctype html>');
      expect(html).toContain(MARKER);
      expect(errors).toEqual([]);
    });

    it('answers 400 "Invalid MJML content" for MJML that does not parse', async () => {
      for (const mjmlContent of [UNPARSABLE_MJML, '', 'plain text']) {
        const response = await call('POST', '/api/email-templates/preview-mjml', { mjmlContent });
        expect(response.statusCode, mjmlContent).toBe(400);
        expect(response.json()).toMatchObject({
          statusCode: 400,
          error: 'Invalid MJML content',
          message: 'Invalid MJML content',
        });
      }
    });
  });

  describe('POST /api/email-templates/{type}/restore-default', () => {
    it('puts back the shipped subject and body and answers the template', async () => {
      await call('PATCH', '/api/email-templates/reset-password', { subject: 'Changed', body: VALID_MJML });
      const response = await call('POST', '/api/email-templates/reset-password/restore-default');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        type: 'reset-password',
        language: 'en',
        ...DEFAULT_EMAIL_TEMPLATES.en['reset-password'],
        variables: [...EMAIL_TEMPLATE_VARIABLES['reset-password']],
      });
      expect((await call('GET', '/api/email-templates/reset-password')).json().subject).toBe(
        DEFAULT_EMAIL_TEMPLATES.en['reset-password'].subject,
      );
    });

    it('answers 404 "Template not found" for an unknown type', async () => {
      const response = await call('POST', '/api/email-templates/no-such-mail/restore-default');
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(EmailTemplateMessages.notFound);
    });
  });

  describe('permissions', () => {
    const requests: [method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object][] = [
      ['GET', '/api/email-templates'],
      ['GET', '/api/email-templates/verify-email'],
      ['PATCH', '/api/email-templates/verify-email', { subject: 'Taken over' }],
      ['POST', '/api/email-templates/preview-mjml', { mjmlContent: VALID_MJML }],
      ['POST', '/api/email-templates/verify-email/restore-default'],
    ];

    it('answers 401 to a signed-out caller', async () => {
      for (const [method, url, payload] of requests) {
        const response = await call(method, url, payload, {});
        expect(response.statusCode, `${method} ${url}`).toBe(401);
        expect(response.json().message).toBe(Messages.unauthorized);
      }
    });

    it('answers 403 to members, user managers and resource managers', async () => {
      const others = [
        await t.given.member(),
        await t.given.userManager(),
        await t.given.user({ canManageResources: true }),
      ];
      for (const other of others) {
        for (const [method, url, payload] of requests) {
          const response = await call(method, url, payload, other.auth);
          expect(response.statusCode, `${method} ${url}`).toBe(403);
          expect(response.json().message).toBe(Messages.forbiddenInsufficientPermissions);
        }
      }
      expect((await call('GET', '/api/email-templates/verify-email')).json().subject).toBe(
        DEFAULT_EMAIL_TEMPLATES.en['verify-email'].subject,
      );
    });
  });

  describe('mails sent', () => {
    async function requestReset(email: string) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/users/reset-password',
        payload: { email },
      });
      expect(response.statusCode).toBe(200);
    }

    it('a PATCHed reset-password template arrives at once, subject variables filled, with a working link', async () => {
      const user = await t.given.member();
      const patch = await call('PATCH', '/api/email-templates/reset-password', {
        subject: 'Password help for {{user.username}}',
        body: VALID_MJML,
      });
      expect(patch.statusCode).toBe(200);

      await requestReset(user.email);
      const mail = await t.smtp.waitFor(user.email, /Password help/);
      expect(mail.subject).toBe(`Password help for ${user.username}`);
      expect(mail.html).toContain(`${MARKER} for ${user.username}`);
      expect(mail.text).toContain(MARKER);

      const url = linkIn(mail, '/reset-password');
      const change = await t.app.inject({
        method: 'POST',
        url: `/api/users/${url.searchParams.get('userId')}/change-password`,
        payload: { token: url.searchParams.get('token'), password: 'a brand new password' },
      });
      expect(change.statusCode).toBe(200);
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/session/local',
        payload: { username: user.username, password: 'a brand new password' },
      });
      expect(signIn.statusCode).toBe(200);
    });

    it('a saved template that does not render still delivers the default mail, and says why in the log', async () => {
      const warn = vi.spyOn(logger, 'warn');
      const user = await t.given.member();
      // Saved by a version that did not check templates yet: the API refuses such a body now.
      await createEmailTemplatesRepository().save(
        t.database.db,
        'reset-password',
        'en',
        'Broken for {{user.username}}',
        UNPARSABLE_MJML,
        new Date(),
      );

      await requestReset(user.email);
      const mail = await t.smtp.waitFor(user.email);
      expect(mail.subject).toBe(DEFAULT_EMAIL_TEMPLATES.en['reset-password'].subject);
      expect(mail.text).toContain(`Hello ${user.username}`);
      const url = linkIn(mail, '/reset-password');
      expect(url.searchParams.get('userId')).toBe(String(user.id));
      expect(url.searchParams.get('token')).toBeTruthy();
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ templateType: 'reset-password', err: expect.any(Error) }),
        expect.stringContaining('default template'),
      );
    });

    it('after restoring the default, mails use the shipped template again', async () => {
      const user = await t.given.member();
      await call('PATCH', '/api/email-templates/reset-password', { subject: 'Custom {{user.username}}' });
      await call('POST', '/api/email-templates/reset-password/restore-default');
      await requestReset(user.email);
      const mail = await t.smtp.waitFor(user.email);
      expect(mail.subject).toBe(DEFAULT_EMAIL_TEMPLATES.en['reset-password'].subject);
    });
  });
});
