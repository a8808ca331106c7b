import { EMAIL_TEMPLATE_TYPES, LANGUAGES } from '@toolpass/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_PASSWORD, type TestApp, unique } from '../../test/build-test-app.ts';
import { linkIn } from '../../test/smtp-capture.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';
import { DEFAULT_EMAIL_TEMPLATES } from './default-email-templates.ts';

describe.each(TEST_DIALECTS)('email templates per language on %s', (dialect) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp['given']['administrator']>>;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    admin = await t.given.user({ canManageSystemConfiguration: true });
  });
  afterAll(() => t?.close());
  afterEach(async () => {
    for (const language of LANGUAGES) {
      for (const type of EMAIL_TEMPLATE_TYPES) {
        await call('POST', `/api/email-templates/${type}/restore-default?language=${language}`);
      }
    }
  });

  function call(method: 'GET' | 'PATCH' | 'POST' | 'PUT', url: string, payload?: object, auth = admin.auth) {
    return t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
  }

  async function memberReading(language: 'en' | 'de' | null) {
    const member = await t.given.member();
    if (language) {
      const saved = await call('PUT', '/api/users/me/preferences', { language }, member.auth);
      expect(saved.statusCode).toBe(200);
    }
    return member;
  }

  async function resetMailOf(email: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/reset-password',
      payload: { email },
    });
    expect(response.statusCode).toBe(200);
    return t.smtp.waitFor(email);
  }

  describe('reading and editing', () => {
    it('lists the German templates with German default texts, and the English ones without a language', async () => {
      const german = await call('GET', '/api/email-templates?language=de');
      expect(german.statusCode).toBe(200);
      const templates = german.json<{ type: string; language: string; subject: string }[]>();
      expect(templates.map((template) => template.type)).toEqual([...EMAIL_TEMPLATE_TYPES]);
      for (const template of templates) {
        const type = template.type as (typeof EMAIL_TEMPLATE_TYPES)[number];
        expect(template).toMatchObject({ language: 'de', subject: DEFAULT_EMAIL_TEMPLATES.de[type].subject });
      }
      const english = await call('GET', '/api/email-templates');
      expect(english.json<{ language: string }[]>().every((template) => template.language === 'en')).toBe(
        true,
      );
    });

    it('keeps the languages apart: a German edit leaves the English template as it was', async () => {
      const saved = await call('PATCH', '/api/email-templates/reset-password?language=de', {
        subject: 'Neues Passwort für {{user.username}}',
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({ language: 'de', subject: 'Neues Passwort für {{user.username}}' });

      const german = await call('GET', '/api/email-templates/reset-password?language=de');
      expect(german.json().subject).toBe('Neues Passwort für {{user.username}}');
      const english = await call('GET', '/api/email-templates/reset-password');
      expect(english.json()).toMatchObject({
        language: 'en',
        subject: DEFAULT_EMAIL_TEMPLATES.en['reset-password'].subject,
      });
    });

    it('restores the default of one language only', async () => {
      await call('PATCH', '/api/email-templates/verify-email?language=de', { subject: 'Eigener Betreff' });
      await call('PATCH', '/api/email-templates/verify-email?language=en', { subject: 'Own subject' });
      const restored = await call('POST', '/api/email-templates/verify-email/restore-default?language=de');
      expect(restored.statusCode).toBe(200);
      expect(restored.json()).toMatchObject({
        language: 'de',
        subject: DEFAULT_EMAIL_TEMPLATES.de['verify-email'].subject,
        body: DEFAULT_EMAIL_TEMPLATES.de['verify-email'].body,
      });
      expect((await call('GET', '/api/email-templates/verify-email')).json().subject).toBe('Own subject');
    });

    it('answers 400 for a language the interface does not have', async () => {
      const response = await call('GET', '/api/email-templates/verify-email?language=fr');
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toHaveProperty('language');
    });
  });

  describe('sending', () => {
    it('writes a German member’s reset mail from the German template', async () => {
      const member = await memberReading('de');
      const mail = await resetMailOf(member.email);
      expect(mail.subject).toBe(DEFAULT_EMAIL_TEMPLATES.de['reset-password'].subject);
      expect(mail.text).toContain(`Hallo ${member.username}`);
      expect(mail.html).toContain('lang="de"');
      expect(linkIn(mail, '/reset-password').searchParams.get('userId')).toBe(String(member.id));
    });

    it('uses the saved German template for German members and the English one for English members', async () => {
      await call('PATCH', '/api/email-templates/reset-password?language=de', {
        subject: 'Dein Link, {{user.username}}',
      });
      const german = await memberReading('de');
      const english = await memberReading('en');
      expect((await resetMailOf(german.email)).subject).toBe(`Dein Link, ${german.username}`);
      expect((await resetMailOf(english.email)).subject).toBe(
        DEFAULT_EMAIL_TEMPLATES.en['reset-password'].subject,
      );
    });

    it('writes the mail of a member who chose no language in DEFAULT_LANGUAGE (en here)', async () => {
      const member = await memberReading(null);
      expect((await resetMailOf(member.email)).subject).toBe(
        DEFAULT_EMAIL_TEMPLATES.en['reset-password'].subject,
      );
    });

    it('writes the email-change mails in the member’s language', async () => {
      const member = await memberReading('de');
      const newEmail = `${unique('moved')}@example.org`;
      const requested = await call('POST', '/api/users/me/request-email-change', { newEmail }, member.auth);
      expect(requested.statusCode).toBeLessThan(300);
      const confirm = await t.smtp.waitFor(newEmail);
      expect(confirm.subject).toBe(DEFAULT_EMAIL_TEMPLATES.de['change-email'].subject);
    });

    it('writes the verification mail of a new account in the language of the screen it signed up on', async () => {
      const username = unique('neu');
      const email = `${username}@example.org`;
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/users',
        payload: { username, email, password: TEST_PASSWORD, strategy: 'local_password', language: 'de' },
      });
      expect(response.statusCode).toBe(201);
      const mail = await t.smtp.waitFor(email);
      expect(mail.subject).toBe(DEFAULT_EMAIL_TEMPLATES.de['verify-email'].subject);
      expect(mail.text).toContain(`Willkommen, ${username}!`);
    });
  });
});

describe.each(TEST_DIALECTS)(
  'mails to members without a language, with DEFAULT_LANGUAGE=de, on %s',
  (dialect) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(dialect, {}, { defaultLanguage: 'de' });
    });
    afterAll(() => t?.close());

    it('are German, and a member who chose English still reads English', async () => {
      const undecided = await t.given.member();
      const english = await t.given.member();
      await t.app.inject({
        method: 'PUT',
        url: '/api/users/me/preferences',
        headers: english.auth,
        payload: { language: 'en' },
      });
      for (const member of [undecided, english]) {
        await t.app.inject({
          method: 'POST',
          url: '/api/users/reset-password',
          payload: { email: member.email },
        });
      }
      expect((await t.smtp.waitFor(undecided.email)).subject).toBe(
        DEFAULT_EMAIL_TEMPLATES.de['reset-password'].subject,
      );
      expect((await t.smtp.waitFor(english.email)).subject).toBe(
        DEFAULT_EMAIL_TEMPLATES.en['reset-password'].subject,
      );
    });
  },
);
