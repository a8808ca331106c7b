import type { Page } from '@playwright/test';
import { expect, expectAccessible, MOBILE_VIEWPORT, saveScreenshot, test } from '../support/fixtures.ts';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

const phone = { viewport: MOBILE_VIEWPORT, hasTouch: true, isMobile: true };

const installDialog = (page: Page) => page.getByRole('dialog', { name: 'Install Toolpass' });

test.describe('on an iPhone', () => {
  test.use({ ...phone, userAgent: IPHONE_SAFARI });

  test('Safari users get the steps to add the app to the home screen, until they hide them', async ({
    page,
  }, testInfo) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    // It opens a second after the app starts (timing in install-prompt-schedule.test.ts).
    const dialog = installDialog(page);
    await expect(dialog).toBeVisible();

    await expect(dialog.getByRole('listitem')).toHaveText([
      /Tap the Share button/,
      /Add to Home Screen/,
      /Tap "Add" to confirm/,
    ]);
    const screenshot = dialog.getByRole('img', { name: 'Sign-in screen on a phone' });
    await expect(screenshot).toBeVisible();
    await expect.poll(() => screenshot.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(780);
    const icon = dialog.locator('img[src="/icon-512-maskable.png"]');
    await expect.poll(() => icon.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(512);
    await expect(dialog.getByRole('button', { name: 'Install' })).toHaveCount(0);
    await expectAccessible(page);
    await saveScreenshot(page, testInfo, 'install-dialog-apple');

    await dialog.getByRole('button', { name: "Don't show again" }).click();
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => window.localStorage.getItem('install-prompt-hidden'))).toBe('true');

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await page.waitForTimeout(2000);
    await expect(installDialog(page)).toHaveCount(0);
  });

  test('"Not now" closes the dialog for this visit only', async ({ page }) => {
    await page.goto('/');
    await installDialog(page).getByRole('button', { name: 'Not now' }).click();
    await expect(installDialog(page)).toBeHidden();
    await page.reload();
    await expect(installDialog(page)).toBeVisible();
  });

  test('nothing is offered when the app already runs from the home screen', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(window.navigator, 'standalone', { value: true });
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await page.waitForTimeout(2000);
    await expect(installDialog(page)).toHaveCount(0);
  });
});

test.describe('on an Android phone', () => {
  test.use({ ...phone, userAgent: ANDROID_CHROME });

  test('the how-to steps give way to the browser install prompt when it comes', async ({
    page,
  }, testInfo) => {
    await page.addInitScript(() => {
      // Chromium's own install prompt event decides on its own whether it fires; the test brings its own.
      window.addEventListener(
        'beforeinstallprompt',
        (event) => {
          if (!('fromTest' in event)) event.stopImmediatePropagation();
        },
        { capture: true },
      );
    });
    await page.goto('/');
    const dialog = installDialog(page);
    await expect(dialog.getByRole('listitem').first()).toContainText('Open the browser menu');
    await expect(dialog.getByRole('button', { name: 'Install' })).toHaveCount(0);
    await expectAccessible(page);
    await saveScreenshot(page, testInfo, 'install-dialog-android-fallback');

    await page.evaluate(() => {
      const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        fromTest: true,
        prompt: async () => {
          document.documentElement.dataset.installPrompted = 'true';
        },
        userChoice: Promise.resolve({ outcome: 'accepted' }),
      });
      window.dispatchEvent(event);
    });
    const install = dialog.getByRole('button', { name: 'Install' });
    await expect(install).toBeVisible();
    await expect(dialog.getByRole('listitem')).toHaveCount(0);
    await expectAccessible(page);
    await saveScreenshot(page, testInfo, 'install-dialog-chrome');

    await install.click();
    await expect(page.locator('html')).toHaveAttribute('data-install-prompted', 'true');
    await expect(dialog).toBeHidden();
  });
});

test('desktop browsers get no install dialog', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.waitForTimeout(2000);
  await expect(installDialog(page)).toHaveCount(0);
});
