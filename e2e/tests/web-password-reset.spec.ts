import { createVerifiedAccount, uniqueAccount } from '../support/accounts.ts';
import { expect, expectAccessible, MOBILE_VIEWPORT, saveScreenshot, test } from '../support/fixtures.ts';
import { linkIn, waitForMail } from '../support/mailbox.ts';

test('a member who forgot the password sets a new one through the mailed link', async ({
  page,
}, testInfo) => {
  const account = await createVerifiedAccount(uniqueAccount('forgetful'));
  const newPassword = `${account.password}-new`;

  await page.goto('/');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Password reset requested')).toBeVisible();
  await expect(page.getByText('Please watch your E-Mail inbox')).toBeVisible();

  const mail = await waitForMail(account.email, /reset your password/i);
  const link = linkIn(mail, '/reset-password');
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByText('Choose a new password')).toBeVisible();
  await expectAccessible(page);

  await test.step('mismatching passwords are refused without a request', async () => {
    await page.getByLabel('New password').fill(newPassword);
    await page.getByLabel('Confirm password').fill(`${newPassword}-typo`);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
  });

  await page.getByLabel('Confirm password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Password reset successfully').first()).toBeVisible();
  await saveScreenshot(page, testInfo, 'reset-password-success-desktop');
  await page.setViewportSize(MOBILE_VIEWPORT);
  await saveScreenshot(page, testInfo, 'reset-password-success-mobile');
  await page.getByRole('link', { name: 'Go to Login' }).click();

  await page.getByLabel('Username or email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Resources', exact: true })).toBeVisible();
});
