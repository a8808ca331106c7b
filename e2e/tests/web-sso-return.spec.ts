import { createVerifiedAccount, signInThroughApi, uniqueAccount } from '../support/accounts.ts';
import { expect, expectAccessible, saveScreenshot, test } from '../support/fixtures.ts';

test('an auth parameter is taken out of the address and never signs in', async ({ page }) => {
  const member = await createVerifiedAccount(uniqueAccount('sso'));
  const { authToken } = await signInThroughApi(member);
  await page.goto(`/account-settings?auth=${encodeURIComponent(JSON.stringify({ authToken }))}`);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page).toHaveURL(/\/account-settings$/);
  expect(await page.evaluate(() => window.localStorage.getItem('auth'))).toBeNull();
});

test('a used or unknown sign-on code shows why, in English and German, and the sign-in screen works', async ({
  page,
}) => {
  await page.goto('/resources?ssoCode=already-used-or-never-issued&view=list');
  await expect(page.getByText('Single sign-on failed')).toBeVisible();
  await expect(
    page.getByText('The sign-in has expired or was already used. Please sign in again.'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page).toHaveURL(/\/resources\?view=list$/);
  expect(await page.evaluate(() => window.localStorage.getItem('auth'))).toBeNull();
  await expectAccessible(page);

  await page.goto('/resources?ssoCode=already-used-or-never-issued&lng=de');
  await expect(page.getByText('Single Sign-on fehlgeschlagen')).toBeVisible();
  await expect(
    page.getByText('Die Anmeldung ist abgelaufen oder wurde bereits verwendet. Bitte melde dich erneut an.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/resources\?lng=de$/);
  await expectAccessible(page);
});

test('account linking asks for the password, then starts single sign-on again', async ({
  page,
  baseURL,
}, testInfo) => {
  const linking = new URLSearchParams({
    accountLinking: 'required',
    email: 'ada@example.test',
    externalId: 'ext-42',
    ssoProviderId: '3',
    ssoProviderType: 'OIDC',
  });
  await page.goto(`/resources?view=list&${linking.toString()}`);
  const dialog = page.getByRole('dialog', { name: 'Link your account' });
  await expect(dialog).toContainText('An account with the email address ada@example.test already exists');
  await expect(page).toHaveURL(/\/resources\?view=list$/);
  await expectAccessible(page);
  await saveScreenshot(page, testInfo, 'sso-account-linking-desktop');

  await test.step('it cannot be dismissed', async () => {
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await expect(dialog).toBeVisible();
  });

  await test.step('a refusal of the server shows its message', async () => {
    // No account has this address: the server answers as for a wrong password.
    await dialog.getByLabel('Password', { exact: true }).fill('the old password');
    await dialog.getByRole('button', { name: 'Link account' }).click();
    await expect(page.getByText('Account linking failed')).toBeVisible();
    await expect(page.getByText('The username or password is not right.')).toBeVisible();
    await expect(dialog).toBeVisible();
  });

  await test.step('a linked account goes back to the provider, returning to the same page', async () => {
    let linkBody: unknown;
    await page.route('**/api/auth/sso/link-account', async (route) => {
      linkBody = route.request().postDataJSON();
      await route.fulfill({ json: { message: 'Account linked' } });
    });
    await page.route('**/api/auth/sso/OIDC/3/login?**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Provider</title><h1>Provider</h1>' }),
    );
    const toProvider = page.waitForRequest((request) =>
      new URL(request.url()).pathname.startsWith('/api/auth/sso/OIDC/3/login'),
    );
    await dialog.getByRole('button', { name: 'Link account' }).click();
    const request = await toProvider;
    expect(linkBody).toEqual({
      email: 'ada@example.test',
      externalId: 'ext-42',
      password: 'the old password',
    });
    expect(new URL(request.url()).searchParams.get('redirectTo')).toBe(`${baseURL}/resources?view=list`);
  });
});

test('account linking cannot be submitted without the email and the external ID', async ({ page }) => {
  await page.goto('/?accountLinking=required&email=ada%40example.test&ssoProviderId=3&ssoProviderType=OIDC');
  const dialog = page.getByRole('dialog', { name: 'Link your account' });
  await expect(dialog.getByRole('alert')).toContainText('Incomplete link');
  await expect(dialog.getByRole('button', { name: 'Link account' })).toBeDisabled();
  await expectAccessible(page);
});
