import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { openSignedIn } from '../support/accounts.ts';
import { createMember, createSystemAdministrator, type SignedInAccount } from '../support/detail-api.ts';
import { e2eEnvironment } from '../support/environment.ts';
import { expect, expectAccessible, saveScreenshot, test } from '../support/fixtures.ts';
import { linkIn, waitForMail } from '../support/mailbox.ts';

const DEFAULT_SUBJECT = 'Reset your password';
/** A first page load on a busy 2-core machine (and the preview's round trip) may take longer than 10 s. */
const LOADED = { timeout: 30_000 };

async function post(path: string, token: string | undefined, body?: unknown): Promise<void> {
  const response = await fetch(new URL(path, e2eEnvironment().baseUrl), {
    method: 'POST',
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
}

/** The body editor: CodeMirror's editing area, named by its label. */
const bodyEditor = (page: Page) => page.getByRole('textbox', { name: 'Body (MJML)' });
const previewFrame = (page: Page, title = 'Preview of the email') =>
  page.frameLocator(`iframe[title="${title}"]`);

/** Replaces the whole body as typed text (CodeMirror takes it like typing). */
async function replaceBody(page: Page, text: string) {
  await bodyEditor(page).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(text);
}

/** Administrators who may have changed the reset template: the default goes back after every test. */
const editors: SignedInAccount[] = [];

async function restoreResetTemplate(): Promise<void> {
  const editor = editors.at(-1);
  if (editor) await post('/api/email-templates/reset-password/restore-default', editor.token);
}

// Other specs read the shipped reset mail, so a failed or timed-out test must not leave its edit behind:
// restored after each test and once more when the file's worker ends.
test.afterEach(restoreResetTemplate);
test.afterAll(restoreResetTemplate);

test('an administrator edits the reset mail with a live preview, and the next reset mail carries it', async ({
  page,
}, testInfo) => {
  // Two accounts, a mail round trip and a password reset in one story, on a shared 2-core machine.
  test.setTimeout(180_000);
  const editor = await createSystemAdministrator('mail-admin');
  editors.push(editor);
  const member = await createMember('mail-reader');
  const marker = `marker-${randomBytes(4).toString('hex')}`;

  await test.step('the list is in the System group of the sidebar', async () => {
    await openSignedIn(page, editor, '/resources');
    await page.getByRole('link', { name: 'Email Templates' }).click();
    await expect(page).toHaveURL(/\/email-templates$/);
    await expect(page.getByRole('heading', { name: 'Email Templates', level: 1 })).toBeVisible(LOADED);
    await expect(page.getByText('Manage the email templates used by the system.')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: 'Password Reset' });
    await expect(row).toContainText(DEFAULT_SUBJECT);
    await expect(page.getByRole('row').filter({ hasText: 'Email Verification' })).toBeVisible();
    await expectAccessible(page);
    await row.getByRole('link', { name: 'Edit Password Reset' }).click();
  });

  await test.step('the editor shows the saved template and its preview', async () => {
    await expect(page).toHaveURL(/\/email-templates\/reset-password\?language=en$/);
    await expect(page.getByRole('heading', { name: 'Password Reset', level: 1 })).toBeVisible(LOADED);
    await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue(DEFAULT_SUBJECT);
    await expect(bodyEditor(page)).toContainText('<mj-title>Reset your password</mj-title>');
    await expect(previewFrame(page).getByText('Choose a new password')).toBeVisible(LOADED);
    await expect(page.getByRole('link', { name: /MJML documentation/ })).toHaveAttribute('href', /mjml\.io/);
    await expectAccessible(page);
    await saveScreenshot(page, testInfo, 'email-template-editor');
  });

  await test.step('Tab indents in the editor; Escape, then Tab leaves it', async () => {
    await bodyEditor(page).click();
    await page.keyboard.press('Tab');
    await expect(bodyEditor(page)).toBeFocused();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    await expect(bodyEditor(page)).not.toBeFocused();
  });

  await test.step('MJML that does not parse shows the error in red in the preview', async () => {
    await replaceBody(page, 'plain text, not MJML');
    await expect(previewFrame(page).getByText('Error loading preview.')).toBeVisible();
    await expect(previewFrame(page).getByText('Invalid MJML content')).toBeVisible();
  });

  await test.step('a new subject and body, a variable inserted from its button, previewed live', async () => {
    await page.getByRole('textbox', { name: 'Subject' }).fill(`Reset for {{user.username}} ${marker}`);
    await replaceBody(page, `<mjml><mj-body><mj-section><mj-column><mj-text>Body ${marker} for `);
    await page.getByRole('button', { name: 'Insert {{user.username}}' }).click();
    // The button puts the focus back into the editor, after the variable.
    await page.keyboard.insertText(
      '</mj-text><mj-button href="{{url}}">Choose a new password</mj-button></mj-column></mj-section></mj-body></mjml>',
    );
    await expect(previewFrame(page).getByText(`Body ${marker} for {{user.username}}`)).toBeVisible();
  });

  await test.step('the full-screen editor shows the same body', async () => {
    await page.getByRole('button', { name: 'Full screen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Password Reset: body (MJML)' });
    await expect(dialog.getByRole('textbox', { name: 'Body (MJML)' })).toContainText(`Body ${marker}`);
    await dialog.getByRole('button', { name: 'Exit full screen' }).first().click();
    await expect(dialog).toBeHidden();
  });

  await test.step('leaving with unsaved changes asks first', async () => {
    await page.getByRole('link', { name: 'Cancel' }).click();
    const question = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Stay' }).click();
    await expect(question).toBeHidden();
    await expect(page).toHaveURL(/\/email-templates\/reset-password\?language=en$/);
  });

  await test.step('saving keeps the template for the next mail', async () => {
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Password Reset template saved')).toBeVisible();
  });

  await test.step('the next reset mail has the new subject and body, and its link works', async () => {
    await post('/api/users/reset-password', undefined, { email: member.email });
    const mail = await waitForMail(member.email, new RegExp(marker));
    expect(mail.subject).toBe(`Reset for ${member.username} ${marker}`);
    expect(mail.text).toContain(`Body ${marker} for ${member.username}`);
    expect(mail.html).toContain(`Body ${marker} for ${member.username}`);

    const link = linkIn(mail, '/reset-password');
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByText('Choose a new password')).toBeVisible(LOADED);
    const password = `${member.password}-new`;
    await page.getByLabel('New password').fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByText('Password reset successfully').first()).toBeVisible(LOADED);
  });

  await test.step('restoring the default asks first, then puts the shipped template back', async () => {
    await page.goto('/email-templates/reset-password');
    await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue(
      `Reset for {{user.username}} ${marker}`,
      LOADED,
    );
    await page.getByRole('button', { name: 'Restore default' }).click();
    const question = page.getByRole('alertdialog', { name: 'Restore the default Password Reset template?' });
    await question.getByRole('button', { name: 'Restore default' }).click();
    await expect(question).toBeHidden();
    await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue(DEFAULT_SUBJECT);
    await expect(previewFrame(page).getByText('Choose a new password')).toBeVisible();
    // Nothing unsaved: Cancel goes straight back to the list.
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page.getByRole('row').filter({ hasText: 'Password Reset' })).toContainText(DEFAULT_SUBJECT);
  });
});

test('the email template screens are accessible in German', async ({ page }) => {
  test.setTimeout(90_000);
  const administrator = await createSystemAdministrator('mail-admin-de');
  editors.push(administrator);
  // Starts from the shipped template, whatever an earlier test left.
  await restoreResetTemplate();
  await openSignedIn(page, administrator, '/email-templates?lng=de');
  await expect(page.getByRole('heading', { name: 'E-Mail-Vorlagen', level: 1 })).toBeVisible(LOADED);
  await expect(page.getByRole('row').filter({ hasText: 'Passwort zurücksetzen' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Passwort zurücksetzen bearbeiten' }).click();
  await expect(page.getByRole('textbox', { name: 'Betreff' })).toHaveValue(DEFAULT_SUBJECT, LOADED);
  await expect(page.getByRole('textbox', { name: 'Inhalt (MJML)' })).toBeVisible();
  await expect(previewFrame(page, 'Vorschau der E-Mail').getByText('Choose a new password')).toBeVisible(
    LOADED,
  );
  await expect(page.getByRole('button', { name: 'Änderungen speichern' })).toBeVisible();
  await expectAccessible(page);
});

/** A text straight inside a section (line 3) and a text never closed (line 5). */
const BROKEN_MJML = [
  '<mjml><mj-body>',
  '<mj-section>',
  '<mj-text>Straight in a section</mj-text>',
  '</mj-section>',
  '<mj-section><mj-column><mj-text>Never closed',
  '</mj-column></mj-section>',
  '</mj-body></mjml>',
].join('\n');

for (const language of [
  {
    code: 'en',
    template: 'Edit Password Reset',
    body: 'Body (MJML)',
    problems: 'Problems MJML found (2)',
    misplaced:
      'Line 3: <mj-text> cannot be used inside <mj-section>, only inside: mj-attributes, mj-column, mj-hero.',
    unclosed: 'Line 5: <mj-text> is not closed.',
    save: 'Save Changes',
    refused: 'Invalid MJML content: fix the problems listed below the editor, then save again.',
    failed: 'Failed to save the email template.',
  },
  {
    code: 'de',
    template: 'Passwort zurücksetzen bearbeiten',
    body: 'Inhalt (MJML)',
    problems: 'Von MJML gefundene Probleme (2)',
    misplaced:
      'Zeile 3: <mj-text> darf nicht in <mj-section> stehen, nur in: mj-attributes, mj-column, mj-hero.',
    unclosed: 'Zeile 5: <mj-text> wird nicht geschlossen.',
    save: 'Änderungen speichern',
    refused:
      'Ungültiger MJML-Inhalt: Behebe die unter dem Editor aufgeführten Probleme und speichere dann erneut.',
    failed: 'Die E-Mail-Vorlage konnte nicht gespeichert werden.',
  },
]) {
  test(`the editor lists the problems MJML finds, and a save with them is refused (${language.code})`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    const administrator = await createSystemAdministrator(`mail-problems-${language.code}`);
    editors.push(administrator);
    await restoreResetTemplate();
    await openSignedIn(page, administrator, `/email-templates?lng=${language.code}`);
    await page.getByRole('link', { name: language.template }).click();
    const editor = page.getByRole('textbox', { name: language.body });
    await expect(editor).toContainText('<mj-title>Reset your password</mj-title>', LOADED);

    await editor.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.insertText(BROKEN_MJML);
    const list = page.getByRole('region', { name: language.problems });
    await expect(list).toBeVisible(LOADED);
    await expect(list.getByRole('listitem')).toHaveText([language.misplaced, language.unclosed]);
    await expectAccessible(page);
    await saveScreenshot(page, testInfo, `email-template-problems-${language.code}`);

    await page.getByRole('button', { name: language.save }).click();
    await expect(page.getByText(language.refused)).toBeVisible();
    await expect(page.getByText(language.failed)).toBeVisible();
    // Nothing was saved: the mail is still sent from the shipped template.
    const stored = await fetch(new URL('/api/email-templates/reset-password', e2eEnvironment().baseUrl), {
      headers: { Authorization: `Bearer ${administrator.token}` },
    });
    expect((await stored.json()).subject).toBe(DEFAULT_SUBJECT);
  });
}

test('a member without the permission is sent to /', async ({ page }) => {
  const member = await createMember('mail-member-denied');
  await openSignedIn(page, member, '/email-templates/reset-password');
  await expect(page).toHaveURL(/\/resources$/, LOADED);
  await expect(page.getByRole('link', { name: 'Email Templates' })).toHaveCount(0);
});
