import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { openSignedIn } from '../support/accounts.ts';
import {
  createAllRoundManager,
  createGroup,
  createMember,
  createResource,
  grantIntroduction,
  makeIntroducer,
} from '../support/detail-api.ts';
import { expect, test } from '../support/fixtures.ts';
import { createMqttConfiguration, createMqttServer } from '../support/mqtt-api.ts';
import { addResourceToGroup } from '../support/resource-overview-api.ts';

/** The phones the manager screens must fit (issue 28): the smallest, a common one and a large one. */
const WIDTHS = [320, 390, 430];
const HEIGHT = 800;

/**
 * What keeps an action out of reach on the current screen: the page scrolling sideways, a button
 * or link that sticks out of the viewport or is cut off by a box that clips it, a button whose
 * words wrap onto a second line inside its pill, and a pill of buttons that wraps onto two lines. A table that scrolls sideways counts as cutting
 * off what lies beyond its edge: nothing on a phone says that "Revoke" waits out of sight there.
 * `scope` (a selector) limits the actions looked at to those inside it.
 */
function layoutProblems(page: Page, scope = ':root'): Promise<string[]> {
  return page.evaluate((scopeSelector) => {
    const problems: string[] = [];
    const viewportWidth = document.documentElement.clientWidth;
    const overflow = document.documentElement.scrollWidth - viewportWidth;
    if (overflow > 1) problems.push(`the page scrolls sideways by ${overflow} px`);

    const nameOf = (element: Element) =>
      `"${(element.getAttribute('aria-label') ?? element.textContent ?? element.tagName).trim().slice(0, 40)}"`;
    const isShown = (element: Element) => {
      if (element.closest('[aria-hidden="true"], [inert]')) return false;
      if (getComputedStyle(element).visibility === 'hidden') return false;
      const box = element.getBoundingClientRect();
      // Visually hidden (sr-only) elements are one pixel wide by design.
      return box.width > 1 && box.height > 1;
    };
    /** Distinct lines of the element's own words, told apart by where each line of text sits. */
    const linesOfText = (element: Element) => {
      const tops: number[] = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) {
          if (rect.width > 0 && !tops.some((top) => Math.abs(top - rect.top) < 4)) tops.push(rect.top);
        }
      }
      return tops.length;
    };

    const actions = document.querySelectorAll(
      `:is(${scopeSelector}) :is(button, a[href], [role="button"], [role="link"], [role="tab"], [role="menuitem"])`,
    );
    for (const action of actions) {
      if (!isShown(action)) continue;
      const box = action.getBoundingClientRect();
      let cutOff = false;
      for (let box_ = action.parentElement; box_ && box_ !== document.body; box_ = box_.parentElement) {
        const { overflowX } = getComputedStyle(box_);
        if (overflowX === 'visible') continue;
        const outer = box_.getBoundingClientRect();
        if (box.left < outer.left - 1 || box.right > outer.right + 1) {
          problems.push(
            `${nameOf(action)} is cut off by <${box_.tagName.toLowerCase()} class="${box_.className}">`,
          );
          cutOff = true;
          break;
        }
      }
      if (!cutOff && (box.left < -1 || box.right > viewportWidth + 1))
        problems.push(`${nameOf(action)} sticks out of the ${viewportWidth} px viewport`);
      const isPill = action.matches('button, [role="button"]') && action.closest('[role="grid"]') === null;
      if (isPill && linesOfText(action) > 1)
        problems.push(`${nameOf(action)} wraps its words inside the button`);
    }

    // A pill (a box rounded to half its height) of actions whose actions wrap onto another line.
    const groups = new Set<Element>();
    for (const action of actions) {
      if (!isShown(action)) continue;
      for (
        let level = 0, group = action.parentElement;
        level < 3 && group;
        level++, group = group.parentElement
      )
        groups.add(group);
    }
    for (const group of groups) {
      const { height } = group.getBoundingClientRect();
      const radius = Number.parseFloat(getComputedStyle(group).borderTopLeftRadius);
      if (height === 0 || radius < height / 2 - 1) continue;
      const tops: number[] = [];
      for (const action of group.querySelectorAll('button, a[href], [role="button"]')) {
        if (!isShown(action)) continue;
        const { top } = action.getBoundingClientRect();
        if (!tops.some((seen) => Math.abs(seen - top) < 4)) tops.push(top);
      }
      if (tops.length > 1)
        problems.push(`${nameOf(group)} wraps its buttons onto ${tops.length} lines inside a pill`);
    }
    return problems;
  }, scope);
}

/** The screen has loaded its data: its heading is there and nothing is a placeholder any more. */
async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[data-slot="skeleton"], .skeleton')).toHaveCount(0);
}

test('every manager screen fits a phone 320 to 430 px wide without cutting off an action', async ({
  page,
}) => {
  // 18 screens × 3 widths × 2 languages on two busy cores.
  test.setTimeout(600_000);
  const word = randomBytes(3).toString('hex');
  const manager = await createAllRoundManager('narrow-manager');
  const introducer = await createMember('narrow-introducer');
  const member = await createMember('narrow-member-with-a-long-name');
  const resource = await createResource(manager, { name: `Laser cutter ${word}`, allowTakeOver: true });
  const group = await createGroup(manager, `Wood shop ${word}`);
  await addResourceToGroup(manager, group.id, resource.id);
  await makeIntroducer(manager, resource.id, introducer.id);
  await grantIntroduction(manager, resource.id, member.id);
  const server = await createMqttServer(manager, `Broker ${word}`);
  await createMqttConfiguration(manager, resource.id, {
    name: `Status light ${word}`,
    serverId: server.id,
    topic: `narrow/${word}`,
  });

  const screens = [
    '/resources',
    `/resources/${resource.id}`,
    `/resources/${resource.id}/iot`,
    `/resource-groups/${group.id}`,
    '/mqtt/servers',
    `/mqtt/servers/${server.id}`,
    '/users',
    `/users/${member.id}`,
    '/sso/providers',
    '/fabreader',
    '/nfc-cards',
    '/email-templates',
    '/email-templates/reset-password',
    '/csv-export',
    '/usage',
    '/integrations',
    '/plugins',
    '/audit-log',
  ];

  await openSignedIn(page, manager, '/resources');
  const found: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT });
    for (const language of ['en', 'de'] as const) {
      for (const path of screens) {
        await test.step(`${path} at ${width} px, ${language}`, async () => {
          await page.goto(`${path}?lng=${language}`);
          await settled(page);
          // Polled: tables and charts take a moment to take their final width.
          const problems = await expect
            .poll(() => layoutProblems(page), { timeout: 5_000 })
            .toEqual([])
            .then(
              () => [],
              async () => layoutProblems(page),
            );
          found.push(...problems.map((problem) => `${path} at ${width} px, ${language}: ${problem}`));
        });
      }
    }
  }
  expect(found).toEqual([]);
});

/** The actions in a page's tables (on the resource page: the introductions and introducers). */
const TABLES = '[role="grid"]';
const INTRODUCTION_TEXTS = {
  en: { introductions: 'Introductions', revoke: 'Revoke', history: 'History' },
  de: { introductions: 'Einweisungen', revoke: 'Entziehen', history: 'Verlauf' },
} as const;

test('beside the sidebar, from 768 to 1280 px, the resource page cuts off no action of its tables', async ({
  page,
}) => {
  const word = randomBytes(3).toString('hex');
  const manager = await createAllRoundManager('beside-sidebar-manager');
  const member = await createMember('beside-sidebar-member-with-a-long-name');
  const resource = await createResource(manager, { name: `Band saw ${word}`, allowTakeOver: true });
  await grantIntroduction(manager, resource.id, member.id);

  await openSignedIn(page, manager, `/resources/${resource.id}`);
  const found: string[] = [];
  // 768 px is the first width with the sidebar beside the page, which leaves a card no wider than a
  // large phone (the audit: "Revoke" cut off at the card's edge); from 1024 px cards sit in pairs.
  for (const width of [768, 1024, 1280]) {
    for (const language of ['en', 'de'] as const) {
      for (const colorScheme of ['light', 'dark'] as const) {
        await test.step(`${width} px, ${language}, ${colorScheme}`, async () => {
          await page.setViewportSize({ width, height: HEIGHT });
          await page.emulateMedia({ colorScheme });
          await page.goto(`/resources/${resource.id}?lng=${language}`);
          await settled(page);
          const texts = INTRODUCTION_TEXTS[language];
          const introductions = page.getByRole('grid', { name: texts.introductions, exact: true });
          const row = introductions.getByRole('row').filter({ hasText: member.username });
          await expect(row.getByRole('button', { name: texts.history })).toBeVisible();
          await expect(row.getByRole('button', { name: texts.revoke })).toBeVisible();
          // Nothing of the table waits beyond its card's edge (layoutProblems names a cut-off button).
          const hiddenSideways = await introductions.evaluate(
            (table) => (table.parentElement?.scrollWidth ?? 0) - (table.parentElement?.clientWidth ?? 0),
          );
          expect(hiddenSideways, 'the introductions table scrolls sideways').toBeLessThanOrEqual(1);
          const problems = await expect
            .poll(() => layoutProblems(page, TABLES), { timeout: 5_000 })
            .toEqual([])
            .then(
              () => [],
              async () => layoutProblems(page, TABLES),
            );
          found.push(...problems.map((problem) => `${width} px, ${language}, ${colorScheme}: ${problem}`));
        });
      }
    }
  }
  expect(found).toEqual([]);
});

test('on a phone a toast leaves the menu button free', async ({ page }) => {
  const manager = await createAllRoundManager('toast-manager');
  const resource = await createResource(manager, { name: `Drill ${randomBytes(3).toString('hex')}` });
  for (const width of WIDTHS) {
    await test.step(`${width} px`, async () => {
      await page.setViewportSize({ width, height: HEIGHT });
      await openSignedIn(page, manager, `/resources/${resource.id}?lng=en`);
      await page.getByRole('button', { name: 'Start Using Resource' }).click();
      const toast = page.locator('[data-slot="toast"]').filter({ hasText: 'Session Started' });
      await expect(toast).toBeVisible();
      const menu = page.getByRole('button', { name: 'Open navigation' });
      // Once the toast has slid in: where it rests, not where its entrance passes.
      await toast.evaluate((element) =>
        Promise.allSettled(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
      );
      const [toastBox, menuBox] = [await toast.boundingBox(), await menu.boundingBox()];
      if (!toastBox || !menuBox) throw new Error('The toast or the menu button has no box');
      const overlaps =
        toastBox.x < menuBox.x + menuBox.width &&
        menuBox.x < toastBox.x + toastBox.width &&
        toastBox.y < menuBox.y + menuBox.height &&
        menuBox.y < toastBox.y + toastBox.height;
      expect(
        overlaps,
        `the toast ${JSON.stringify(toastBox)} covers the menu ${JSON.stringify(menuBox)}`,
      ).toBe(false);
      // The menu opens while the toast is still there.
      await menu.click();
      const close = page.getByRole('banner').getByRole('button', { name: 'Close navigation' });
      await expect(close).toHaveAttribute('aria-expanded', 'true');
      // The open sidebar lies over the header; the keyboard still reaches its button.
      await close.press('Enter');
      await page.getByRole('button', { name: 'End Session', exact: true }).click();
      await expect(page.getByRole('button', { name: 'Start Using Resource' })).toBeVisible();
    });
  }
});
