import { gzipSync } from 'node:zlib';
import { expect, test } from '../support/fixtures.ts';

const SIGN_IN_JS_BUDGET_BYTES = 200 * 1000;

test('the sign-in screen loads less than 200 KB of gzipped JavaScript', async ({ page }) => {
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.set(response.url(), gzipSync(await response.body()).length);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
  test.info().annotations.push({ type: 'sign-in JS (gzip)', description: `${(total / 1000).toFixed(1)} KB` });
  expect(total).toBeGreaterThan(0);
  expect(total).toBeLessThan(SIGN_IN_JS_BUDGET_BYTES);
});
