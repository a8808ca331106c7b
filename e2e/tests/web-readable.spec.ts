import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { openSignedIn } from '../support/accounts.ts';
import { createResource, createResourceManager } from '../support/detail-api.ts';
import { e2eEnvironment } from '../support/environment.ts';
import { expect, expectAccessible, MOBILE_VIEWPORT, saveScreenshot, test } from '../support/fixtures.ts';

const THEMES = ['light', 'dark'] as const;

async function useTheme(page: Page, theme: (typeof THEMES)[number]) {
  await page.addInitScript((choice) => window.localStorage.setItem('heroui-theme', choice), theme);
}

async function setDocumentation(token: string, resourceId: number) {
  const response = await fetch(
    new URL(`/api/resources/${resourceId}/documentation`, e2eEnvironment().baseUrl),
    {
      method: 'PUT',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        documentationType: 'markdown',
        documentationMarkdown:
          '# Safety\n\nWear **goggles**. See the `manual`.\n\n| Step | Check |\n| --- | --- |\n| 1 | Extraction on |\n\n> Never leave it running.',
      }),
    },
  );
  expect(response.ok, await response.text()).toBe(true);
}

for (const theme of THEMES) {
  test(`every main screen passes axe, contrast included, in the ${theme} theme`, async ({
    page,
  }, testInfo) => {
    await useTheme(page, theme);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expectAccessible(page);
    await saveScreenshot(page, testInfo, `sign-in-${theme}`);

    const manager = await createResourceManager(`readable-${theme}`);
    const resource = await createResource(manager, { name: `Laser ${randomBytes(3).toString('hex')}` });
    await setDocumentation(manager.token, resource.id);
    await openSignedIn(page, manager, '/resources');
    await expect(page.getByRole('heading', { name: 'Resources', exact: true })).toBeVisible();
    await expectAccessible(page);
    await saveScreenshot(page, testInfo, `overview-${theme}`);

    await page.getByRole('button', { name: 'Add Resource' }).click();
    await expect(page.getByRole('dialog', { name: 'Create Resource' })).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');

    await page.goto(`/resources/${resource.id}`);
    await expect(page.getByRole('heading', { level: 1, name: resource.name })).toBeVisible();
    await expectAccessible(page);
    await saveScreenshot(page, testInfo, `detail-${theme}`);

    await page.getByRole('button', { name: 'Documentation' }).click();
    const modal = page.getByRole('dialog', { name: `Documentation: ${resource.name}` });
    await expect(modal.getByRole('heading', { name: 'Safety' })).toBeVisible();
    await expectAccessible(page);
  });
}

test('names of 120 characters wrap on a phone: no page scrolls sideways', async ({ page }) => {
  const manager = await createResourceManager('long-names');
  const long = `Laser${randomBytes(3).toString('hex')}${'Cutter'.repeat(20)}`.slice(0, 120);
  const spaced = `Band saw with a very long name ${randomBytes(3).toString('hex')} `.repeat(4).slice(0, 120);
  const resource = await createResource(manager, { name: long });
  await createResource(manager, { name: spaced });
  await page.setViewportSize(MOBILE_VIEWPORT);
  const noSidewaysScroll = async () =>
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      'the page scrolls sideways',
    ).toBeLessThanOrEqual(0);

  await openSignedIn(page, manager, '/resources');
  // Other tests' resources fill the first pages; the search finds these two.
  await page.getByRole('searchbox', { name: 'Search resources' }).fill(long.slice(0, 11));
  await expect(page.getByText(long).first()).toBeVisible();
  await noSidewaysScroll();
  await page.goto(`/resources/${resource.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(long.slice(0, 20));
  await noSidewaysScroll();
});
