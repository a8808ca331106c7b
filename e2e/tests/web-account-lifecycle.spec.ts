import { uniqueAccount } from '../support/accounts.ts';
import {
  DESKTOP_VIEWPORT,
  expect,
  expectAccessible,
  MOBILE_VIEWPORT,
  saveScreenshot,
  test,
} from '../support/fixtures.ts';
import { linkIn, waitForMail } from '../support/mailbox.ts';

test('a new member registers, verifies the address, signs in, changes the email, signs out and undoes the change', async ({
  page,
}, testInfo) => {
  const account = uniqueAccount('member');

  await test.step('register on the sign-in screen', async () => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expectAccessible(page);
    await saveScreenshot(page, testInfo, 'sign-in-desktop');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
    await page.getByLabel('Username').fill(account.username);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Confirm password').fill(account.password);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Sign up' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`We sent an activation email to ${account.email}`);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });

  await test.step('an unverified account cannot sign in yet', async () => {
    await page.getByLabel('Username or email').fill(account.username);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Oops! Sign-in hiccup' });
    await expect(alert).toContainText('Your email address is not confirmed yet.');
    await expect(alert).not.toContainText('Unauthorized');
  });

  await test.step('follow the link from the activation mail', async () => {
    // A refused sign-in sends no second mail: the one from the registration holds the link.
    const mail = await waitForMail(account.email, /confirm your email/i);
    const link = linkIn(mail, '/verify-email');
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByText('Email Verified!')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Go to Login' }).click();
  });

  await test.step('sign in', async () => {
    await page.getByLabel('Username or email').fill(account.username);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/resources$/);
    await expect(page.getByRole('heading', { name: 'Resources', exact: true })).toBeVisible();
    const stored = await page.evaluate(() => window.localStorage.getItem('auth'));
    expect(JSON.parse(stored ?? '{}')).toHaveProperty('authToken');
    await expectAccessible(page);
    await saveScreenshot(page, testInfo, 'resources-desktop');
  });

  const newEmail = `new-${account.email}`;
  await test.step('ask for a new email address in the account settings', async () => {
    await page.getByRole('button', { name: `Account menu of ${account.username}` }).click();
    await page.getByRole('menuitem', { name: 'Account Settings' }).click();
    await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
    await expect(page.getByText('Manage your account preferences and settings')).toBeVisible();
    await expect(page.getByText(account.email)).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('New email address').fill(newEmail);
    await page.getByRole('button', { name: 'Change email' }).click();
    await expect(page.getByText(`We sent a confirmation link to ${newEmail}.`)).toBeVisible();
    await saveScreenshot(page, testInfo, 'account-settings-desktop');
    await page.setViewportSize(MOBILE_VIEWPORT);
    await saveScreenshot(page, testInfo, 'account-settings-mobile');
    await page.setViewportSize(DESKTOP_VIEWPORT);
  });

  await test.step('confirm it through the mail sent to the new address', async () => {
    const mail = await waitForMail(newEmail, /confirm your new email/i);
    const link = linkIn(mail, '/confirm-email-change');
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByText('Email Changed Successfully')).toBeVisible();
    await expect(page.getByText(`Your email address is now ${newEmail}.`)).toBeVisible();
    await expectAccessible(page);
    await page.goto('/account-settings');
    await expect(page.getByText(newEmail)).toBeVisible();
  });

  await test.step('sign out', async () => {
    await page.getByRole('button', { name: `Account menu of ${account.username}` }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('auth'))).toBeNull();
  });

  await test.step('undo the change from the notice sent to the old address, then sign in with it', async () => {
    const notice = await waitForMail(account.email, /email address of your account was changed/i);
    const link = linkIn(notice, '/undo-email-change');
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByRole('heading', { name: 'Undo the email change' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Undo the change' }).click();
    await expect(page.getByText('Email change undone')).toBeVisible();
    await expect(page.getByText(`Your account uses ${account.email} again`)).toBeVisible();
    await page.getByRole('link', { name: 'Go to Login' }).click();
    await page.getByLabel('Username or email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/resources$/);
  });
});
