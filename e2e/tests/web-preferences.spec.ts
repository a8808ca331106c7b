import type { Locator } from '@playwright/test';
import { createVerifiedAccount, openSignedIn, uniqueAccount } from '../support/accounts.ts';
import { createAllRoundManager } from '../support/detail-api.ts';
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

const SIDEBAR_TEXTS = {
  en: { sidebar: 'Sidebar', navigation: 'Main', auditLog: 'Audit log', open: 'Open navigation' },
  de: {
    sidebar: 'Seitenleiste',
    navigation: 'Hauptnavigation',
    auditLog: 'Änderungsprotokoll',
    open: 'Navigation öffnen',
  },
} as const;

/**
 * Whether the sidebar's scroll area shows that it scrolls: its bottom edge fades (a mask) while
 * more lies below, and its scroll bar is not hidden.
 */
function scrollCue(sidebar: Locator) {
  return sidebar.locator('[data-slot="sidebar-scroll"]').evaluate((area) => {
    const mask = getComputedStyle(area).maskImage;
    return {
      hasMore: area.scrollTop + area.clientHeight < area.scrollHeight - 1,
      fadesAtBottom: (area as HTMLElement).dataset.moreBelow === 'true' && mask !== 'none',
      scrollBarHidden: getComputedStyle(area).scrollbarWidth === 'none',
    };
  });
}

test('on laptop screens every sidebar entry is in reach and the current one in sight', async ({
  page,
}, testInfo) => {
  // Every permission: the longest sidebar there is.
  const manager = await createAllRoundManager('laptop');
  await openSignedIn(page, manager, '/resources');
  for (const language of ['en', 'de'] as const) {
    const texts = SIDEBAR_TEXTS[language];
    const sidebar = page.getByRole('complementary', { name: texts.sidebar });
    const entries = sidebar.getByRole('navigation', { name: texts.navigation }).getByRole('link');
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });

      // The audit: at 1366×768 and 1280×800 everything after "MQTT Servers" was out of sight, at
      // 1280×900 "Audit log". Now each entry shows without scrolling.
      for (const viewport of [
        { width: 1366, height: 768 },
        { width: 1280, height: 800 },
        { width: 1280, height: 900 },
      ]) {
        await test.step(`${viewport.width}×${viewport.height}, ${language}, ${colorScheme}`, async () => {
          await page.setViewportSize(viewport);
          await page.goto(`/audit-log?lng=${language}`);
          await expect(entries.first()).toBeVisible();
          // The app's own entries end with the audit log (a plugin's group would follow them).
          const last = (await entries.allTextContents()).indexOf(texts.auditLog);
          expect(last, 'the audit log is the 13th entry or later').toBeGreaterThanOrEqual(12);
          for (let index = 0; index <= last; index++)
            await expect(entries.nth(index)).toBeInViewport({ ratio: 1 });
          await expect(entries.nth(last)).toHaveAttribute('aria-current', 'page');
          // Where the project links below them are a scroll away, the sidebar shows it.
          await expect
            .poll(async () => {
              const cue = await scrollCue(sidebar);
              return cue.fadesAtBottom === cue.hasMore && !cue.scrollBarHidden;
            })
            .toBe(true);
          if (viewport.height === 768)
            await sidebar.screenshot({
              path: testInfo.outputPath(`sidebar-1366x768-${language}-${colorScheme}.png`),
            });
        });
      }

      // Lower screens: the current entry is scrolled into sight, and the rest is a scroll away.
      for (const viewport of [
        { width: 1280, height: 600 },
        { width: 375, height: 600 },
      ]) {
        await test.step(`${viewport.width}×${viewport.height}, ${language}, ${colorScheme}`, async () => {
          await page.setViewportSize(viewport);
          await page.goto(`/audit-log?lng=${language}`);
          if (viewport.width < 768) await page.getByRole('button', { name: texts.open }).click();
          const current = sidebar.getByRole('link', { name: texts.auditLog });
          await expect(current).toHaveAttribute('aria-current', 'page');
          await expect(current).toBeInViewport({ ratio: 1 });
          await expect
            .poll(() => scrollCue(sidebar))
            .toEqual({ hasMore: true, fadesAtBottom: true, scrollBarHidden: false });
          // Scrolled with the mouse wheel, the sidebar shows its first entry and its last link.
          await sidebar.hover();
          await page.mouse.wheel(0, -2000);
          await expect(entries.first()).toBeInViewport({ ratio: 1 });
          await page.mouse.wheel(0, 2000);
          await expect(sidebar.getByRole('link').last()).toBeInViewport({ ratio: 1 });
          // Once at the end, nothing more lies below, and the bottom edge no longer fades.
          await expect
            .poll(() => scrollCue(sidebar))
            .toEqual({ hasMore: false, fadesAtBottom: false, scrollBarHidden: false });
          // The page itself stayed where it was.
          expect(await page.evaluate(() => window.scrollY)).toBe(0);
        });
      }
    }
  }
});

test('the dependencies page lists the packages of the bundle', async ({ page }) => {
  await page.goto('/dependencies');
  await expect(page.getByRole('heading', { name: 'Dependencies' })).toBeVisible();
  const react = page.getByRole('listitem').filter({ hasText: /^react\s*19\./ });
  await expect(react.first()).toBeVisible();
  await expect(react.first().getByRole('link', { name: 'react.dev' })).toBeVisible();
  await expectAccessible(page);
});
