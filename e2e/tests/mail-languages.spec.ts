import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { freePort } from '@toolpass/server/testing';
import { openSignedIn, uniqueAccount } from '../support/accounts.ts';
import { createMember, createSystemAdministrator } from '../support/detail-api.ts';
import { e2eEnvironment } from '../support/environment.ts';
import { DESKTOP_VIEWPORT, expect, expectAccessible, MOBILE_VIEWPORT, test } from '../support/fixtures.ts';
import { linkIn, waitForMail } from '../support/mailbox.ts';
import { spawnServer, stopServer, waitUntilHealthy } from '../support/server-process.ts';

const TEXTS = {
  en: {
    signUp: 'Sign up',
    username: 'Username',
    email: 'Email',
    password: 'Password',
    confirm: 'Confirm password',
    usernameOrEmail: 'Username or email',
    signIn: 'Sign in',
    withoutMailTitle: 'Your activation link is on the server',
    withoutMail: (email: string) =>
      `This Toolpass has no mail server set up, so no email was sent to ${email}.`,
    serverOutput: "The activation link is printed in the server's output",
    close: 'Close',
    notConfirmed: 'Your email address is not confirmed yet.',
    resend: 'Resend verification mail',
    resentWithoutMail: "it is printed in the server's output instead of mailed",
    forgotPassword: 'Forgot password?',
    forgotTitle: 'Forgot your password?',
    templateLanguages: 'Language of the mails',
  },
  de: {
    signUp: 'Registrieren',
    username: 'Benutzername',
    email: 'E-Mail',
    password: 'Passwort',
    confirm: 'Passwort bestätigen',
    usernameOrEmail: 'Benutzername oder E-Mail',
    signIn: 'Anmelden',
    withoutMailTitle: 'Dein Aktivierungslink liegt auf dem Server',
    withoutMail: (email: string) =>
      `Für dieses Toolpass ist kein Mailserver eingerichtet, daher wurde keine E-Mail an ${email} geschickt.`,
    serverOutput: 'Der Aktivierungslink steht in der Ausgabe des Servers',
    close: 'Schließen',
    notConfirmed: 'Deine E-Mail-Adresse ist noch nicht bestätigt.',
    resend: 'Bestätigungsmail erneut senden',
    resentWithoutMail: 'daher steht er in der Ausgabe des Servers statt in einer E-Mail',
    forgotPassword: 'Passwort vergessen?',
    forgotTitle: 'Passwort vergessen?',
    templateLanguages: 'Sprache der E-Mails',
  },
} as const;
const LANGUAGES = ['en', 'de'] as const;
const HTTP_WORDS = /Unauthorized|Bad Request|Forbidden|Not Found|Internal Server Error/;

/** The screen as it is, at 390 and 1280 px, light and dark, each checked by axe. */
async function inEveryLook(page: Page, check: () => Promise<void>) {
  for (const viewport of [MOBILE_VIEWPORT, DESKTOP_VIEWPORT]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await test.step(`${viewport.width} px, ${colorScheme}`, async () => {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme });
        // The screen at rest: the pointer of the last click would otherwise hover whatever the new
        // width moved under it.
        await page.mouse.move(0, 0);
        // Colours fade to the new scheme; axe measures them once they have arrived.
        await page.waitForFunction(() =>
          document.getAnimations().every((animation) => animation.playState !== 'running'),
        );
        await check();
        await expectAccessible(page);
      });
    }
  }
}

test.describe('a server without a mail server', () => {
  let server: ChildProcess | undefined;
  let workDir = '';
  let baseUrl = '';
  /** What the server printed: without SMTP_URL each mail's links appear here. */
  let output = '';
  const printedTo = (email: string) => output.split(`to ${email},`).length - 1;

  test.beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'toolpass-e2e-no-mail-'));
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    const { SMTP_URL: _configured, ...environment } = process.env;
    server = spawnServer({
      ...environment,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: path.join(workDir, 'data'),
      // Info: the level at which the server prints the mails it cannot send.
      LOG_LEVEL: 'info',
    });
    server.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    server.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    await waitUntilHealthy(baseUrl, server, 'its output');
  });
  test.afterAll(async () => {
    if (server) await stopServer(server);
    await rm(workDir, { recursive: true, force: true });
  });

  test('sign-up and resend say the link is in the server output, in words, and resend no mail unasked', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    for (const language of LANGUAGES) {
      const texts = TEXTS[language];
      const account = uniqueAccount(`no-mail-${language}`);

      await test.step(`${language}: signing up points at the server output`, async () => {
        await page.setViewportSize(MOBILE_VIEWPORT);
        await page.goto(`${baseUrl}/?lng=${language}`);
        await page.getByRole('button', { name: texts.signUp }).click();
        await page.getByLabel(texts.username, { exact: true }).fill(account.username);
        await page.getByLabel(texts.email, { exact: true }).fill(account.email);
        await page.getByLabel(texts.password, { exact: true }).fill(account.password);
        await page.getByLabel(texts.confirm, { exact: true }).fill(account.password);
        await page.getByRole('button', { name: texts.signUp, exact: true }).last().click();
        const dialog = page.getByRole('dialog', { name: texts.withoutMailTitle });
        await inEveryLook(page, async () => {
          await expect(dialog).toContainText(texts.withoutMail(account.email));
          await expect(dialog).toContainText(texts.serverOutput);
          await expect(dialog).not.toContainText(/inbox|Postfach/i);
        });
        // The link really is there: the server printed the mail with its link on a line of its own.
        await expect.poll(() => printedTo(account.email)).toBe(1);
        expect(output).toMatch(new RegExp(`Open: ${baseUrl}/verify-email\\?token=`));
        await dialog.getByRole('button', { name: texts.close }).first().click();
      });

      await test.step(`${language}: a sign-in before verifying says so in words and sends nothing`, async () => {
        await page.getByLabel(texts.usernameOrEmail).fill(account.username);
        await page.getByLabel(texts.password, { exact: true }).fill(account.password);
        await page.getByRole('button', { name: texts.signIn, exact: true }).click();
        const alert = page.getByRole('alert').filter({ hasText: texts.notConfirmed });
        await expect(alert).toBeVisible();
        await expect(alert).not.toContainText(HTTP_WORDS);
        await page.waitForTimeout(1_000);
        expect(printedTo(account.email)).toBe(1);
      });

      await test.step(`${language}: a resend says it was made and where it is`, async () => {
        await page.getByRole('button', { name: texts.resend }).click();
        const status = page.getByRole('status').filter({ hasText: texts.resentWithoutMail });
        await inEveryLook(page, async () => {
          await expect(status).toBeVisible();
        });
        await expect.poll(() => printedTo(account.email)).toBe(2);
      });
    }
  });
});

test('a German member asks for a password reset and gets the German mail', async ({ page }) => {
  test.setTimeout(180_000);
  const member = await createMember('german-reset');
  const preference = await fetch(new URL('/api/users/me/preferences', e2eEnvironment().baseUrl), {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${member.token}` },
    body: JSON.stringify({ language: 'de' }),
  });
  expect(preference.status).toBe(200);

  await test.step('the forgotten-password screen in every look', async () => {
    for (const language of LANGUAGES) {
      await page.goto(`/?lng=${language}`);
      await page.getByRole('button', { name: TEXTS[language].forgotPassword }).click();
      await inEveryLook(page, async () => {
        await expect(page.getByRole('heading', { name: TEXTS[language].forgotTitle })).toBeVisible();
      });
    }
  });

  // The screen is German now (the last look above); the mail follows the account, not the screen.
  await page.getByLabel('E-Mail').fill(member.email);
  await page.getByRole('button', { name: 'Link senden' }).click();
  await expect(page.getByText('Bitte schau in dein E-Mail-Postfach')).toBeVisible();

  const mail = await waitForMail(member.email, /^Setze dein Passwort zurück$/);
  expect(mail.text).toContain(`Hallo ${member.username},`);
  expect(mail.text).toContain('Der Link gilt eine Stunde und funktioniert einmal.');
  expect(mail.html).toContain('lang="de"');
  expect(mail.text).not.toMatch(/\b(Sie|Ihr|Ihre|Ihnen)\b/);

  const link = linkIn(mail, '/reset-password');
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel('Neues Passwort').fill(`${member.password}-neu`);
  await page.getByLabel('Passwort bestätigen').fill(`${member.password}-neu`);
  await page.getByRole('button', { name: 'Passwort zurücksetzen' }).click();
  await expect(page.getByText('Passwort erfolgreich zurückgesetzt').first()).toBeVisible();
  await expectAccessible(page);
});

test('an administrator switches the template editor to German and sees the German mail', async ({ page }) => {
  test.setTimeout(180_000);
  const administrator = await createSystemAdministrator('template-languages');
  await openSignedIn(page, administrator, '/email-templates');
  for (const language of LANGUAGES) {
    await test.step(`the German templates with the screen in ${language}`, async () => {
      await page.goto(`/email-templates?language=de&lng=${language}`);
      const languages = page.getByRole('navigation', { name: TEXTS[language].templateLanguages });
      await inEveryLook(page, async () => {
        await expect(languages.getByRole('link', { name: 'Deutsch' })).toHaveAttribute(
          'aria-current',
          'page',
        );
        await expect(page.getByRole('row').filter({ hasText: 'Setze dein Passwort zurück' })).toBeVisible();
      });
    });
  }
  await page.goto('/email-templates/reset-password?language=de&lng=en');
  await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue('Setze dein Passwort zurück', {
    timeout: 30_000,
  });
  await page
    .getByRole('navigation', { name: 'Language of the mails' })
    .getByRole('link', { name: 'English' })
    .click();
  await expect(page).toHaveURL(/\/email-templates\/reset-password\?language=en$/);
  await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue('Reset your password');
  await expectAccessible(page);
});
