import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { openSignedIn } from '../support/accounts.ts';
import {
  createMember,
  createResource,
  createResourceManager,
  grantIntroduction,
} from '../support/detail-api.ts';
import { DESKTOP_VIEWPORT, expect, expectAccessible, MOBILE_VIEWPORT, test } from '../support/fixtures.ts';
import { table } from '../support/introduction-page.ts';

// Decision 21: introductions that lapse and machines out of order, as managers and members see them.

const unique = () => randomBytes(4).toString('hex');

const TEXTS = {
  en: {
    validUntil: 'Your introduction is valid until',
    outOfOrder: 'Out of order',
    search: 'Search resources',
    ungrouped: 'Resources in Ungrouped',
  },
  de: {
    validUntil: 'Deine Einweisung ist gültig bis',
    outOfOrder: 'Außer Betrieb',
    search: 'Ressourcen suchen',
    ungrouped: 'Ressourcen in Ohne Gruppe',
  },
} as const;
type Texts = (typeof TEXTS)[keyof typeof TEXTS];

/** Phone and desktop, en and de, light and dark, each checked with axe. */
async function eachLook(page: Page, path: string, check: (texts: Texts) => Promise<void>) {
  for (const viewport of [MOBILE_VIEWPORT, DESKTOP_VIEWPORT]) {
    for (const language of ['en', 'de'] as const) {
      for (const colorScheme of ['light', 'dark'] as const) {
        await test.step(`${viewport.width} px, ${language}, ${colorScheme}`, async () => {
          await page.setViewportSize(viewport);
          await page.emulateMedia({ colorScheme });
          await page.goto(`${path}?lng=${language}`);
          await check(TEXTS[language]);
          await expectAccessible(page);
        });
      }
    }
  }
}

const day = (at: Date) =>
  `${String(at.getDate()).padStart(2, '0')}/${String(at.getMonth() + 1).padStart(2, '0')}/${at.getFullYear()}`;

test('a manager sets a 30-day validity and the member sees when the introduction lapses', async ({
  page,
  browser,
}) => {
  const manager = await createResourceManager('rules-manager');
  const member = await createMember('rules-member');
  const resource = await createResource(manager, { name: `Laser ${unique()}` });

  await test.step('the manager sets the validity in the edit dialog', async () => {
    await openSignedIn(page, manager, `/resources/${resource.id}`);
    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByRole('textbox', { name: 'Introduction valid for (days)' })
      .or(dialog.getByRole('spinbutton', { name: 'Introduction valid for (days)' }))
      .fill('30');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Resource Updated')).toBeVisible();
  });

  await grantIntroduction(manager, resource.id, member.id);
  const lapse = day(new Date(Date.now() + 30 * 24 * 60 * 60 * 1000));
  const memberPage = await (await browser.newContext()).newPage();
  await openSignedIn(memberPage, member, `/resources/${resource.id}`);
  await eachLook(memberPage, `/resources/${resource.id}`, async (texts) => {
    await expect(memberPage.getByTestId('introduction-expiry')).toContainText(texts.validUntil);
    await expect(memberPage.getByTestId('introduction-expiry')).toContainText(lapse);
  });

  await test.step('the introductions card shows the day it lapses', async () => {
    await page.reload();
    // Phones show the day under the name, wider screens in its column: one of the two is shown.
    const day = page.getByRole('grid', { name: 'Introductions' }).getByText(lapse).filter({ visible: true });
    await expect(day).toHaveCount(1);
    await expect(day).toBeVisible();
  });
});

test('a manager marks a machine out of order and another browser shows it within a second', async ({
  page,
  browser,
}) => {
  const word = unique();
  const manager = await createResourceManager('broken-manager');
  const member = await createMember('broken-member');
  const resource = await createResource(manager, { name: `Saw ${word}` });
  await grantIntroduction(manager, resource.id, member.id);

  const memberPage = await (await browser.newContext()).newPage();
  const streamOpened = memberPage.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/resources/events',
  );
  await openSignedIn(memberPage, member, '/resources');
  await streamOpened;
  await memberPage.getByRole('searchbox', { name: TEXTS.en.search }).fill(word);
  const row = table(memberPage, TEXTS.en.ungrouped).getByRole('row', { name: new RegExp(`Saw ${word}`) });
  await expect(row).toBeVisible();

  await openSignedIn(page, manager, `/resources/${resource.id}`);
  await page.getByRole('button', { name: 'Out of order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark as out of order' });
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Blade guard broken');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Mark as out of order' }).click();
  await expect(page.getByText('Marked as out of order')).toBeVisible();

  await expect(row.getByText('Out of order')).toBeVisible({ timeout: 1_000 });
  await expect(row.getByText('Blade guard broken')).toBeVisible();

  await eachLook(memberPage, '/resources', async (texts) => {
    await memberPage.getByRole('searchbox', { name: texts.search }).fill(word);
    const listed = table(memberPage, texts.ungrouped).getByRole('row', { name: new RegExp(`Saw ${word}`) });
    await expect(listed.getByText(texts.outOfOrder, { exact: true })).toBeVisible();
  });
  await eachLook(memberPage, `/resources/${resource.id}`, async (texts) => {
    await expect(memberPage.getByText(texts.outOfOrder, { exact: true })).toBeVisible();
    await expect(memberPage.getByText('Blade guard broken')).toBeVisible();
  });

  await test.step('back in service is one action', async () => {
    await page.getByRole('button', { name: 'Back in service' }).click();
    await expect(page.getByRole('button', { name: 'Out of order' })).toBeVisible();
    // Both changes stay in the resource's history.
    const history = page.getByRole('region', { name: 'Out-of-order history' });
    await expect(history).toContainText('Blade guard broken');
    await expect(history).toContainText(`Back in service (${manager.username})`);
    await memberPage.goto(`/resources/${resource.id}?lng=en`);
    await expect(memberPage.getByText('Blade guard broken')).toHaveCount(0);
  });
});

test('a member switches on the mail before an automatic end on the account page', async ({ page }) => {
  const member = await createMember('rules-notify');
  const label = {
    en: 'Mail me 10 minutes before a session of mine ends automatically',
    de: 'Schick mir 10 Minuten vor dem automatischen Ende einer Sitzung eine Mail',
  } as const;
  await openSignedIn(page, member, '/account-settings?lng=en');
  const toggle = page.getByRole('switch', { name: label.en });
  await expect(toggle).not.toBeChecked();
  // The input is drawn as a switch: a click on its label turns it.
  await page.getByText(label.en).click();
  await expect(toggle).toBeChecked();
  for (const language of ['en', 'de'] as const) {
    await test.step(`kept after a reload, ${language}`, async () => {
      await page.goto(`/account-settings?lng=${language}`);
      await expect(page.getByRole('switch', { name: label[language] })).toBeChecked();
      await expectAccessible(page);
    });
  }
});
