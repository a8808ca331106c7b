import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { openSignedIn } from '../support/accounts.ts';
import {
  createGroup,
  createMember,
  createResource,
  createResourceManager,
  grantIntroduction,
} from '../support/detail-api.ts';
import { expect, saveScreenshot, test } from '../support/fixtures.ts';
import { table } from '../support/introduction-page.ts';
import { addResourceToGroup, endUsage, startUsage } from '../support/resource-overview-api.ts';

const THEMES = ['light', 'dark'] as const;
/** From the smallest phone to a wide desktop (issue 25). */
const WIDTHS = [320, 390, 768, 1280, 1920];
const HEIGHT = 800;

/**
 * Names no layout can fit on one line: a word of 120 characters, a German compound of the same
 * length, and a group name of the longest allowed kind (200 characters), each with a word of the
 * run's own so a search finds just them.
 */
function longNames(word: string) {
  const compound =
    'Holzbearbeitungsmaschinenschutzvorrichtungsüberprüfungsprotokollunterschriftsberechtigtenverwaltungsstelle';
  return {
    word: `Laser${word}${'Cutter'.repeat(40)}`.slice(0, 120),
    compound: `${compound}${word}${compound}`.slice(0, 120),
    group: `Werkstatt${word}${'Gruppenverwaltung'.repeat(20)}`.slice(0, 200),
  };
}

async function useTheme(page: Page, theme: (typeof THEMES)[number]) {
  await page.addInitScript((choice) => window.localStorage.setItem('heroui-theme', choice), theme);
}

/** Every element that scrolls sideways (the page itself included), by how far. */
function sidewaysScrolling(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) {
      // Named by the innermost elements that stick out, so a failure says where to look.
      const outside = [...document.body.querySelectorAll<HTMLElement>('*')].filter(
        (element) =>
          element.getBoundingClientRect().right > root.clientWidth + 0.5 &&
          ![...element.children].some(
            (child) => child.getBoundingClientRect().right > root.clientWidth + 0.5,
          ),
      );
      const names = outside
        .slice(0, 3)
        .map(
          (element) =>
            `<${element.tagName} class="${element.className}"> "${element.textContent?.slice(0, 40)}"`,
        );
      found.push(`the page by ${root.scrollWidth - root.clientWidth} px (${names.join(', ')})`);
    }
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      const { overflowX } = getComputedStyle(element);
      if ((overflowX === 'auto' || overflowX === 'scroll') && element.scrollWidth > element.clientWidth + 1)
        found.push(
          `${element.className || element.tagName} by ${element.scrollWidth - element.clientWidth} px`,
        );
    }
    return found;
  });
}

/** Where an element lies across the page, read in one go. */
function horizontalExtent(element: Locator) {
  return element.evaluate((node) => {
    const { left, right } = node.getBoundingClientRect();
    return { left, right };
  });
}

/**
 * The element lies wholly inside the viewport's width and inside `container`. Polled: the table
 * renders a row anew when the statuses are refreshed, and a row between renders has no box.
 */
async function expectWithin(element: Locator, container: Locator, what: string) {
  const viewportWidth = element.page().viewportSize()?.width ?? 0;
  await expect(element, `${what} is shown`).toBeVisible();
  await expect
    .poll(async () => {
      const box = await horizontalExtent(element);
      const outer = await horizontalExtent(container);
      const inside =
        box.right > box.left &&
        box.left >= Math.max(0, outer.left) - 0.5 &&
        box.right <= Math.min(viewportWidth, outer.right) + 0.5;
      return inside
        ? 'inside'
        : `at ${Math.round(box.left)}..${Math.round(box.right)} px, container ${Math.round(outer.left)}..${Math.round(outer.right)} px, viewport ${viewportWidth} px`;
    }, what)
    .toBe('inside');
}

for (const theme of THEMES) {
  test(`long names wrap and keep the status in view from 320 to 1920 px (${theme} theme)`, async ({
    page,
  }, testInfo) => {
    const word = randomBytes(4).toString('hex');
    const names = longNames(word);
    const manager = await createResourceManager(`long-names-${theme}`);
    const inGroup = await createResource(manager, { name: names.word });
    await createResource(manager, { name: names.compound });
    const group = await createGroup(manager, names.group);
    await addResourceToGroup(manager, group.id, inGroup.id);
    // "In Use" is the wider of the two statuses.
    await startUsage(manager, inGroup.id);
    await useTheme(page, theme);
    await page.setViewportSize({ width: WIDTHS[0] ?? 320, height: HEIGHT });

    await openSignedIn(page, manager, '/resources');
    await page.getByRole('searchbox', { name: 'Search resources' }).fill(word);
    const groupTable = table(page, `Resources in ${names.group}`);
    const ungroupedTable = table(page, 'Resources in Ungrouped');
    const rows = [
      { grid: groupTable, name: names.word, status: 'In Use' },
      { grid: ungroupedTable, name: names.compound, status: 'Available' },
    ];
    for (const { grid, name, status } of rows) {
      // The whole name stays the row's accessible name and its tooltip, however it is cut.
      const header = grid.getByRole('rowheader', { name, exact: true });
      await expect(header).toBeVisible();
      await expect(header.locator(`[title="${name}"]`)).toHaveCount(1);
      await expect(grid.getByRole('row', { name: new RegExp(name) })).toContainText(status);
    }

    for (const width of WIDTHS) {
      await test.step(`the overview at ${width} px`, async () => {
        await page.setViewportSize({ width, height: HEIGHT });
        expect(await sidewaysScrolling(page), `sideways scrolling at ${width} px`).toEqual([]);
        for (const { grid, name, status } of rows) {
          const card = page.locator('.card').filter({ has: grid });
          const chip = grid.getByRole('row', { name: new RegExp(name) }).getByText(status, { exact: true });
          await expectWithin(chip, card, `"${status}" at ${width} px`);
        }
        await expectWithin(
          page.getByRole('link', { name: names.group }),
          page.locator('.card').filter({ has: groupTable }),
          `the group's name at ${width} px`,
        );
        if (width === 320) await saveScreenshot(page, testInfo, `overview-320-${theme}`);
      });
    }

    await page.goto(`/resources/${inGroup.id}`);
    const heading = page.getByRole('heading', { level: 1, name: names.word });
    const usage = page.getByRole('region', { name: 'Usage', exact: true });
    const groups = page.getByRole('region', { name: 'Resource Groups' });
    await expect(heading).toBeVisible();
    await expect(usage.getByRole('button', { name: 'End Session' })).toBeVisible();
    await expect(groups.getByRole('link', { name: names.group })).toBeVisible();
    for (const width of WIDTHS) {
      await test.step(`the detail page at ${width} px`, async () => {
        await page.setViewportSize({ width, height: HEIGHT });
        expect(await sidewaysScrolling(page), `sideways scrolling at ${width} px`).toEqual([]);
        const main = page.locator('main');
        await expectWithin(heading, main, `the heading at ${width} px`);
        await expectWithin(usage, main, `the usage card at ${width} px`);
        await expectWithin(
          usage.getByRole('button', { name: 'End Session' }),
          usage,
          `"End Session" at ${width} px`,
        );
        const groupLink = groups.getByRole('link', { name: names.group });
        await expectWithin(groupLink, groups, `the group's name at ${width} px`);
        await expectWithin(
          groups.getByRole('button', { name: `Remove from ${names.group}` }),
          groups,
          `the group's button at ${width} px`,
        );
        if (width === 320) await saveScreenshot(page, testInfo, `detail-320-${theme}`);
      });
    }

    await page.goto(`/resource-groups/${group.id}`);
    const groupHeading = page.getByRole('heading', { level: 1, name: names.group });
    await expect(groupHeading).toBeVisible();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: HEIGHT });
      expect(await sidewaysScrolling(page), `sideways scrolling on the group page at ${width} px`).toEqual(
        [],
      );
      await expectWithin(groupHeading, page.locator('main'), `the group's heading at ${width} px`);
    }
  });
}

/** The widths the usage history was cut at (issue: "ad/min", "me/mb/er" at 375, 768 and 1280 px). */
const HISTORY_WIDTHS = [320, 375, 768, 1024, 1280, 1920];
const HISTORY_TEXTS = {
  en: { table: 'Usage history', inUse: 'In Use', endedBy: 'Ended by', hasNotes: 'Has notes' },
  de: { table: 'Nutzungsverlauf', inUse: 'In Benutzung', endedBy: 'Beendet von', hasNotes: 'Hat Notizen' },
} as const;

/**
 * What reads badly in the usage history: a name shown on more than one line (a name has no spaces,
 * so that is a break inside the word), a name cut off without an ellipsis, or a label or chip whose
 * words wrap. Lines are told apart by where each line of text sits.
 */
function historyProblems(grid: Locator, labels: string[]): Promise<string[]> {
  return grid.evaluate((table, labelTexts) => {
    const problems: string[] = [];
    const linesOf = (element: Element) => {
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
    const isShown = (element: Element) => element.getBoundingClientRect().width > 0;
    // Each shown name carries the whole name as its tooltip.
    for (const name of table.querySelectorAll<HTMLElement>('[title]')) {
      if (!isShown(name)) continue;
      const whole = name.getAttribute('title');
      if (name.textContent !== whole) problems.push(`"${whole}" shows "${name.textContent}"`);
      const lines = linesOf(name);
      if (lines !== 1) problems.push(`"${whole}" takes ${lines} lines`);
      const style = getComputedStyle(name);
      if (name.scrollWidth > name.clientWidth + 1 && style.textOverflow !== 'ellipsis')
        problems.push(`"${whole}" is cut off without an ellipsis`);
    }
    for (const label of labelTexts) {
      const elements = [...table.querySelectorAll('span, div')].filter(
        (element) => isShown(element) && element.textContent?.trim() === label,
      );
      if (elements.length === 0) problems.push(`"${label}" is not shown`);
      for (const element of elements) {
        const lines = linesOf(element);
        if (lines !== 1) problems.push(`"${label}" wraps onto ${lines} lines`);
      }
    }
    return problems;
  }, labels);
}

for (const theme of THEMES) {
  test(`usernames in the usage history are cut with an ellipsis, never broken, from 320 to 1920 px (${theme} theme)`, async ({
    page,
  }, testInfo) => {
    const word = randomBytes(4).toString('hex');
    // Two names of one long word each (usernames have no spaces; 64 characters at most).
    const manager = await createResourceManager('werkstattleitungsstellvertretung');
    const member = await createMember('maximilianschmidtbauerhausenwerkstattnutzer');
    const resource = await createResource(manager, { name: `Band saw ${word}` });
    await grantIntroduction(manager, resource.id, member.id);
    // The member's session has notes and was ended by the manager; the manager's own one runs.
    await startUsage(member, resource.id, 'Cutting plywood');
    await endUsage(manager, resource.id);
    await startUsage(manager, resource.id);
    await useTheme(page, theme);
    await openSignedIn(page, manager, `/resources/${resource.id}`);

    for (const language of ['en', 'de'] as const) {
      const texts = HISTORY_TEXTS[language];
      await page.setViewportSize({ width: 1280, height: HEIGHT });
      await page.goto(`/resources/${resource.id}?lng=${language}`);
      const grid = table(page, texts.table);
      // The whole names stay the rows' accessible names, however they are cut.
      await expect(grid.getByRole('rowheader', { name: member.username, exact: true })).toBeVisible();
      await expect(grid.getByRole('rowheader', { name: manager.username, exact: true })).toBeVisible();
      for (const width of HISTORY_WIDTHS) {
        await test.step(`${width} px, ${language}`, async () => {
          await page.setViewportSize({ width, height: HEIGHT });
          // Polled: the table takes its final column widths a moment after the resize.
          await expect
            .poll(() => historyProblems(grid, [texts.inUse, texts.endedBy, texts.hasNotes]), {
              message: `the usage history at ${width} px, ${language}`,
            })
            .toEqual([]);
          // Neither the page nor the table scrolls sideways.
          expect(await sidewaysScrolling(page), `sideways scrolling at ${width} px, ${language}`).toEqual([]);
          if (width === 375) await saveScreenshot(page, testInfo, `history-375-${language}-${theme}`);
        });
      }
    }
  });
}
