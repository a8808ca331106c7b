import { createVerifiedAccount, openSignedIn, uniqueAccount } from '../support/accounts.ts';
import { expect, expectAccessible, MOBILE_VIEWPORT, saveScreenshot, test } from '../support/fixtures.ts';

test('?lng=de shows the interface in German', async ({ page }, testInfo) => {
  await page.goto('/?lng=de');
  await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
  await expect(page.getByLabel('Benutzername oder E-Mail')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expectAccessible(page);
  await saveScreenshot(page, testInfo, 'sign-in-german-desktop');
});

test('the dark theme survives a reload', async ({ page }, testInfo) => {
  const member = await createVerifiedAccount(uniqueAccount('nightowl'));
  await openSignedIn(page, member, '/resources');
  await page.getByRole('button', { name: /^Theme:/ }).click();
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#000000');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Resources', exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#000000');
  expect(await page.evaluate(() => window.localStorage.getItem('heroui-theme'))).toBe('dark');
  await expectAccessible(page);
  await saveScreenshot(page, testInfo, 'resources-dark-desktop');
});

test('below 768 px the header button opens and closes the sidebar', async ({ page }, testInfo) => {
  const member = await createVerifiedAccount(uniqueAccount('pocket'));
  await page.setViewportSize(MOBILE_VIEWPORT);
  await openSignedIn(page, member, '/resources');
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  const toggle = page.getByRole('button', { name: 'Open navigation' });

  await expect(sidebar).toBeHidden();
  await expectAccessible(page);
  await saveScreenshot(page, testInfo, 'resources-mobile');
  await toggle.click();
  await expect(sidebar).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close navigation' }).first()).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await saveScreenshot(page, testInfo, 'sidebar-open-mobile');
  await sidebar.getByRole('link', { name: 'Dependencies' }).click();
  await expect(page.getByRole('heading', { name: 'Dependencies' })).toBeVisible();
  await expect(sidebar).toBeHidden();

  await page.setViewportSize({ width: 1024, height: 800 });
  await expect(sidebar).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open navigation' })).toBeHidden();
});

test('the dependencies page lists the packages of the bundle', async ({ page }) => {
  await page.goto('/dependencies');
  await expect(page.getByRole('heading', { name: 'Dependencies' })).toBeVisible();
  const react = page.getByRole('listitem').filter({ hasText: /^react\s*19\./ });
  await expect(react.first()).toBeVisible();
  await expect(react.first().getByRole('link', { name: 'react.dev' })).toBeVisible();
  await expectAccessible(page);
});
