import { createVerifiedAccount, openSignedIn, uniqueAccount } from '../support/accounts.ts';
import { e2eEnvironment } from '../support/environment.ts';
import { expect, expectAccessible, MOBILE_VIEWPORT, saveScreenshot, test } from '../support/fixtures.ts';

test('an administrator grants "Manage users", and the member then sees the Users item', async ({
  page,
  browser,
}, testInfo) => {
  const member = await createVerifiedAccount(uniqueAccount('helper'));

  await test.step('the member has no Users item yet', async () => {
    const memberContext = await browser.newContext();
    const memberPage = await memberContext.newPage();
    await openSignedIn(memberPage, member, '/resources');
    await expect(memberPage.getByRole('heading', { name: 'Resources', exact: true })).toBeVisible();
    await expect(memberPage.getByRole('link', { name: 'User management' })).toHaveCount(0);
    await memberContext.close();
  });

  await test.step('the administrator finds the member and grants the permission', async () => {
    await openSignedIn(page, e2eEnvironment().admin, '/resources');
    await page.getByRole('link', { name: 'User management' }).click();
    await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
    await page.getByRole('searchbox').fill(member.username);
    const row = page.getByRole('row', { name: new RegExp(member.username) });
    await expect(row).toBeVisible();
    await expect(page.getByRole('row')).toHaveCount(2);
    await expectAccessible(page);
    await saveScreenshot(page, testInfo, 'users-desktop');
    await row.click();

    await expect(page).toHaveURL(new RegExp(`/users/${member.id}$`));
    await expect(page.getByRole('heading', { name: `${member.username} (ID: ${member.id})` })).toBeVisible();
    await expect(page.getByText('External ID: -')).toBeVisible();
    const manageUsers = page.getByRole('checkbox', { name: 'Manage users' });
    await expect(manageUsers).not.toBeChecked();
    await expectAccessible(page);
    // The checkbox input is visually hidden; people click its label.
    await page.getByText('Manage users', { exact: true }).click();
    await expect(manageUsers).toBeChecked();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Permissions saved')).toBeVisible();
    await expect(manageUsers).toBeChecked();
    await saveScreenshot(page, testInfo, 'user-details-desktop');
    await page.setViewportSize(MOBILE_VIEWPORT);
    await saveScreenshot(page, testInfo, 'user-details-mobile');
  });

  await test.step('the member now sees the Users item and the list', async () => {
    const memberContext = await browser.newContext();
    const memberPage = await memberContext.newPage();
    await openSignedIn(memberPage, member, '/resources');
    await memberPage.getByRole('link', { name: 'User management' }).click();
    await expect(memberPage.getByRole('heading', { name: 'Users' })).toBeVisible();
    await memberContext.close();
  });
});

test("an administrator changes a member's email address", async ({ page }) => {
  const member = await createVerifiedAccount(uniqueAccount('renamed'));
  const taken = e2eEnvironment().admin.email;
  await openSignedIn(page, e2eEnvironment().admin, `/users/${member.id}`);

  await page.getByLabel('New email address').fill(taken);
  await page.getByRole('button', { name: 'Change email' }).click();
  await expect(page.getByText('Email already in use')).toBeVisible();

  const newEmail = `changed-${member.email}`;
  await page.getByLabel('New email address').fill(newEmail);
  await page.getByRole('button', { name: 'Change email' }).click();
  await expect(page.getByText('The email address was changed.')).toBeVisible();
  await expect(page.getByLabel('New email address')).toHaveValue('');
  await expect(page.getByText(newEmail)).toBeVisible();
  // The success alert goes away after 3 seconds.
  await expect(page.getByText('The email address was changed.')).toBeHidden({ timeout: 5_000 });
});

test('a member without the permission sees access denied on /users', async ({ page }) => {
  const member = await createVerifiedAccount(uniqueAccount('curious'));
  await openSignedIn(page, member, '/users');
  await expect(page.getByRole('alert')).toContainText('Access denied');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expectAccessible(page);
});

test('a signed-out visit to /users/5 shows the sign-in screen without the layout', async ({ page }) => {
  await page.goto('/users/5');
  await expect(page).toHaveURL(/\/users\/5$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
});
