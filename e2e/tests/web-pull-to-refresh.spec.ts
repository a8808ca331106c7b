import type { Page } from '@playwright/test';
import { createVerifiedAccount, openSignedIn, uniqueAccount } from '../support/accounts.ts';
import { expect, expectAccessible, MOBILE_VIEWPORT, saveScreenshot, test } from '../support/fixtures.ts';
import { touchDrag } from '../support/touch.ts';

test.use({ viewport: MOBILE_VIEWPORT, hasTouch: true, isMobile: true });

const START = { x: MOBILE_VIEWPORT.width / 2, y: 150 };

/** Counts the current-user requests from now on. */
function countCurrentUserRequests(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/users/me') count += 1;
  });
  return () => count;
}

/** A signed-in page of the foundation; the user it shows comes from /api/users/me. */
async function openSignedInPage(page: Page) {
  const member = await createVerifiedAccount(uniqueAccount('puller'));
  await openSignedIn(page, member, '/account-settings');
  await expect(page.getByRole('heading', { name: 'Account Settings', level: 1 })).toBeVisible();
}

test('pulling down more than 90 px at the top of the page loads the data again', async ({
  page,
}, testInfo) => {
  await openSignedInPage(page);
  const currentUserRequests = countCurrentUserRequests(page);

  await test.step('a short pull only shows the hint', async () => {
    const pull = await touchDrag(page, START, 60, { release: false });
    await expect(page.getByRole('status').filter({ hasText: 'Pull further to refresh' })).toBeVisible();
    await expectAccessible(page);
    await saveScreenshot(page, testInfo, 'pull-to-refresh-hint-mobile');
    await pull.release();
    await expect(page.getByRole('status').filter({ hasText: 'Pull further to refresh' })).toBeHidden();
    await page.waitForTimeout(500);
    expect(currentUserRequests()).toBe(0);
  });

  await test.step('a pull beyond 90 px refreshes on release', async () => {
    const pull = await touchDrag(page, START, 130, { release: false });
    await expect(page.getByRole('status').filter({ hasText: 'Release to refresh' })).toBeVisible();
    const refetch = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/users/me');
    await pull.release();
    await refetch;
    expect(currentUserRequests()).toBeGreaterThanOrEqual(1);
  });
});

test('a pull that starts with the page scrolled down is left to scrolling', async ({ page }) => {
  await openSignedInPage(page);
  // Room to scroll, whatever the page holds.
  await page.evaluate(() => {
    document.body.style.minHeight = '3000px';
    window.scrollTo(0, 400);
  });
  const currentUserRequests = countCurrentUserRequests(page);
  await touchDrag(page, START, 130);
  await page.waitForTimeout(500);
  await expect(page.getByRole('status').filter({ hasText: 'refresh' })).toHaveCount(0);
  expect(currentUserRequests()).toBe(0);
});

test('the hint is in German too', async ({ page }) => {
  await page.goto('/?lng=de');
  await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
  const pull = await touchDrag(page, START, 50, { release: false });
  await expect(page.getByRole('status').filter({ hasText: 'Weiter ziehen zum Aktualisieren' })).toBeVisible();
  await pull.release();
});
