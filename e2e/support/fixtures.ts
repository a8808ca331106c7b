import { AxeBuilder } from '@axe-core/playwright';
import { test as base, expect, type Page, type TestInfo } from '@playwright/test';
import { e2eEnvironment } from './environment.ts';

export const MOBILE_VIEWPORT = { width: 390, height: 844 };
export const DESKTOP_VIEWPORT = { width: 1280, height: 800 };

/** The base URL is only known once the global setup has started the server on a free port. */
export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  baseURL: async ({}, use) => {
    await use(e2eEnvironment().baseUrl);
  },
});

export { expect };

/** No serious or critical accessibility violation on the current screen. */
export async function expectAccessible(page: Page): Promise<void> {
  // A toast that starts leaving while axe runs is aria-hidden but keeps its tabIndex for the exit
  // animation (HeroUI), which axe reports as a focusable hidden element. Hovering the toast
  // pauses its timer, as for a reader, so it stays whole (and checked) until the check is done.
  const toast = page.locator('[data-slot="toast"][data-frontmost="true"]:not([data-exiting="true"])');
  const holdsToast =
    (await toast.count()) > 0 &&
    (await toast
      .first()
      .hover({ timeout: 1_000 })
      .then(
        () => true,
        () => false,
      ));
  try {
    await analyse(page);
  } finally {
    if (holdsToast) await page.mouse.move(0, 0);
  }
}

async function analyse(page: Page): Promise<void> {
  // A dialog that is still fading in has half-transparent text, and axe would measure its
  // contrast mid-way (a flaky colour-contrast failure on the history modal's headers).
  // Endless animations (spinners) are not waited for, and none for more than 2 s.
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getTiming().iterations !== Infinity);
    await Promise.race([
      Promise.allSettled(finite.map((animation) => animation.finished)),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]);
  });

  // React Aria's live announcer briefly holds `role="img"` nodes labelled by elements elsewhere so
  // screen readers read them out; axe misreads these visually hidden, transient nodes.
  // axe checks a frame by running inside it, which a frame sandboxed without scripts (the mail
  // preview) never allows: axe would wait for it until the test times out. Such a frame shows
  // content the page does not make (an administrator's own mail); its title is checked by the
  // editor's component test.
  // Legacy mode runs axe in the page itself instead of gathering frame results in a new blank
  // page: half the time per check. It gives up only cross-origin frames, which these screens
  // do not have (documentation frames show this server's own pages).
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .exclude('[data-live-announcer]')
    // One that was already leaving when the check began: gone in a moment, out of reach by design.
    .exclude('[data-slot="toast"][data-exiting="true"]')
    .exclude('iframe[sandbox]:not([sandbox~="allow-scripts"])')
    .analyze();
  const severe = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(
    severe.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html.slice(0, 160)).join(' | ')}`,
    ),
  ).toEqual([]);
}

/** Screenshot kept with the test's artifacts (test-results/). */
export async function saveScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}
