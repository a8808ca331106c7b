import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { createVerifiedAccount, openSignedIn, signInThroughApi, uniqueAccount } from '../support/accounts.ts';
import {
  createMember,
  createResource,
  createResourceManager,
  grantIntroduction,
  usageHistory,
} from '../support/detail-api.ts';
import { e2eEnvironment } from '../support/environment.ts';
import { expect, expectAccessible, test } from '../support/fixtures.ts';
import { linkIn, waitForMail } from '../support/mailbox.ts';

/** A second request or a failure toast would show up a little after the double click. */
const SETTLE_MS = 1_000;

/** Every write request to a matching path, so a repeated one would show up here. */
function recordWrites(page: Page, path: RegExp): string[] {
  const writes: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && path.test(new URL(request.url()).pathname)) writes.push(request.url());
  });
  return writes;
}

test('double-clicking Create makes one resource and double-clicking start and end shows no error', async ({
  page,
}) => {
  const manager = await createResourceManager('double');
  const name = `Router table ${randomBytes(3).toString('hex')}`;
  const creates = recordWrites(page, /^\/api\/resources$/);
  await openSignedIn(page, manager, '/resources');
  await page.getByRole('button', { name: 'Add Resource' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Resource' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('button', { name: 'Create', exact: true }).dblclick();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.waitForTimeout(SETTLE_MS);
  expect(creates).toHaveLength(1);

  const starts = recordWrites(page, /\/usage\/start$/);
  const ends = recordWrites(page, /\/usage\/end$/);
  await page.getByRole('button', { name: 'Start Using Resource' }).dblclick();
  await expect(page.getByText('You are using this resource')).toBeVisible();
  await page.waitForTimeout(SETTLE_MS);
  await expect(page.getByText('Failed to Start Session')).toHaveCount(0);
  expect(starts).toHaveLength(1);

  await page.getByRole('button', { name: 'End Session', exact: true }).dblclick();
  await expect(page.getByRole('button', { name: 'Start Using Resource' })).toBeVisible();
  await page.waitForTimeout(SETTLE_MS);
  await expect(page.getByText('Failed to End Session')).toHaveCount(0);
  expect(ends).toHaveLength(1);
});

test('a token revoked elsewhere lands the open app on sign-in, on the same page', async ({ page }) => {
  const manager = await createResourceManager('revoked');
  const member = await createMember('revoked-member');
  const resource = await createResource(manager, { name: `Lathe ${randomBytes(3).toString('hex')}` });
  await grantIntroduction(manager, resource.id, member.id);
  const session = await signInThroughApi(member);
  await page.addInitScript((authToken) => {
    if (!window.localStorage.getItem('auth'))
      window.localStorage.setItem('auth', JSON.stringify({ authToken }));
  }, session.authToken);
  await page.goto(`/resources/${resource.id}`);
  await expect(page.getByRole('heading', { level: 1, name: resource.name })).toBeVisible();

  // Signed out from another device: the token this tab holds is revoked.
  const signOut = await fetch(new URL('/api/auth/session', e2eEnvironment().baseUrl), {
    method: 'DELETE',
    headers: { Authorization: `Bearer ${session.authToken}` },
  });
  expect(signOut.status).toBe(200);

  // The live stream hears of it within seconds by itself; a call made before that hears it first.
  const start = page.getByRole('button', { name: 'Start Using Resource' });
  await start.click({ timeout: 1_000 }).catch(() => undefined);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByText('Your session has ended. Please sign in again.')).toBeVisible();
  await expect(page.getByText('Unauthorized')).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/resources/${resource.id}$`));

  // Signing in again opens the page the member was going to.
  await page.getByLabel('Username or email').fill(member.username);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: resource.name })).toBeVisible();
  expect(await usageHistory(manager, resource.id)).toHaveLength(0);
});

test('the language chosen on the sign-in screen survives a reload, and an account keeps its own', async ({
  page,
  browser,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Deutsch' }).click();
  await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
  await expectAccessible(page);

  // Signed in, the choice goes with the account: another browser shows it after sign-in.
  const member = await createVerifiedAccount(uniqueAccount('polyglot'));
  await page.getByLabel('Benutzername oder E-Mail').fill(member.username);
  await page.getByLabel('Passwort', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await page.getByRole('button', { name: `Kontomenü von ${member.username}` }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Resources', exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Account menu of ${member.username}` }).click();
  await page.getByRole('menuitem', { name: 'Deutsch' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');

  const elsewhere = await browser.newContext({ locale: 'en-GB' });
  try {
    const other = await elsewhere.newPage();
    await other.goto('/');
    await expect(other.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await other.getByLabel('Username or email').fill(member.username);
    await other.getByLabel('Password', { exact: true }).fill(member.password);
    await other.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(other.locator('html')).toHaveAttribute('lang', 'de');
    await expect(other.getByRole('button', { name: `Kontomenü von ${member.username}` })).toBeVisible();
  } finally {
    await elsewhere.close();
  }
});

test('Tab reaches the skip link first, and it moves the focus to the main content', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();

  const member = await createVerifiedAccount(uniqueAccount('keyboard'));
  await openSignedIn(page, member, '/resources');
  await expect(page.getByRole('heading', { name: 'Resources', exact: true })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
});

test('every sidebar and resource-page link of an administrator reaches a real screen', async ({ page }) => {
  const manager = await createResourceManager('links');
  const resource = await createResource(manager, { name: `Plotter ${randomBytes(3).toString('hex')}` });
  await openSignedIn(page, e2eEnvironment().admin, `/resources/${resource.id}`);
  await expect(page.getByRole('heading', { level: 1, name: resource.name })).toBeVisible();
  const origin = new URL(page.url()).origin;
  const internal = async () =>
    (
      await page
        .locator('a[href^="/"]')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')))
    ).filter((href): href is string => href !== null && !href.startsWith('/api/'));
  const targets = new Set([...(await internal())]);
  await page.goto('/resources');
  await expect(page.getByRole('heading', { name: 'Resources', exact: true })).toBeVisible();
  for (const href of await internal()) targets.add(href);
  expect(targets.size).toBeGreaterThan(2);
  for (const href of targets) {
    await page.goto(new URL(href, origin).toString());
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByText('Page not found'), `${href} leads nowhere`).toHaveCount(0);
  }
});

test('a German screen counts the characters near the limit and words a length error in German', async ({
  page,
}) => {
  const manager = await createResourceManager('laenge');
  await openSignedIn(page, manager, '/resources?lng=de');
  await page.getByRole('button', { name: 'Ressource hinzufügen' }).click();
  const dialog = page.getByRole('dialog');
  const name = dialog.getByRole('textbox', { name: 'Name' });
  await name.fill('x'.repeat(150));
  await expect(dialog.getByText('/ 200 Zeichen')).toHaveCount(0);
  await name.fill('x'.repeat(201));
  await expect(dialog.getByText('201 / 200 Zeichen')).toBeVisible();
  await dialog.getByRole('button', { name: 'Erstellen', exact: true }).click();
  await expect(dialog.getByText('Darf höchstens 200 Zeichen lang sein.')).toBeVisible();
  await expect(dialog.getByText(/Too big|expected string/)).toHaveCount(0);
  await expectAccessible(page);
});

test('an unverified member can have the verification mail sent again from the sign-in screen', async ({
  page,
}) => {
  const account = uniqueAccount('unverified');
  const registered = await fetch(new URL('/api/users', e2eEnvironment().baseUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...account, strategy: 'local_password' }),
  });
  expect(registered.status).toBe(201);
  await waitForMail(account.email, /confirm your email/i);

  await page.goto('/');
  await page.getByLabel('Username or email').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Your email address is not confirmed yet.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Resend verification mail' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'We sent a new verification link' })).toBeVisible();

  const link = linkIn(await waitForMail(account.email, /confirm your email/i), '/verify-email');
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByText('Your email address is confirmed. You can sign in now.')).toBeVisible();
});
