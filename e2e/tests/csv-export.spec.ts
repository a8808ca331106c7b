import { readFile } from 'node:fs/promises';
import { openSignedIn } from '../support/accounts.ts';
import {
  createMember,
  createResource,
  createResourceManager,
  grantIntroduction,
} from '../support/detail-api.ts';
import { expect, expectAccessible, saveScreenshot, test } from '../support/fixtures.ts';
import { startUsage } from '../support/resource-overview-api.ts';

test('a manager exports today’s usage as a CSV file', async ({ page }, testInfo) => {
  const manager = await createResourceManager('csv-manager');
  const resource = await createResource(manager, { name: `Band saw ${Date.now()}` });
  const member = await createMember('csv-member');
  await grantIntroduction(manager, resource.id, member.id);
  await startUsage(member, resource.id);

  await test.step('the manager opens the export from the sidebar; Export waits for a range', async () => {
    await openSignedIn(page, manager, '/resources');
    await page.getByRole('link', { name: 'CSV Export' }).click();
    await expect(page).toHaveURL(/\/csv-export$/);
    await expect(page.getByRole('heading', { name: 'CSV Export', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export' })).toBeDisabled();
    await expectAccessible(page);
  });

  await test.step('a range of today shows today’s session in the preview', async () => {
    const today = page.getByRole('application').getByRole('button', { name: /^Today/ });
    await today.click();
    await today.click();
    await page.getByRole('button', { name: 'Export' }).click();
    const table = page.getByRole('table', { name: 'Usage records in the range' });
    const row = table.getByRole('row').filter({ hasText: resource.name });
    await expect(row).toContainText(member.username);
    await expect(row).toContainText('Running');
    await expectAccessible(page);
    await saveScreenshot(page, testInfo, 'export-preview');
  });

  await test.step('the download is the server’s CSV of the default columns', async () => {
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('resource-usage.csv');
    const lines = (await readFile(await download.path(), 'utf8')).split('\r\n');
    expect(lines[0]).toBe('resourceId;resourceName;userId;username;usageInHours');
    expect(
      lines.some((line) =>
        line.startsWith(`${resource.id};${resource.name};${member.id};${member.username};`),
      ),
    ).toBe(true);
  });
});

test('the export page is accessible in German', async ({ page }) => {
  const manager = await createResourceManager('csv-manager-de');
  await openSignedIn(page, manager, '/csv-export?lng=de');
  await expect(page.getByRole('heading', { name: 'CSV-Export', level: 1 })).toBeVisible();
  const today = page.getByRole('application').getByRole('button', { name: /^Heute/ });
  await today.click();
  await today.click();
  await page.getByRole('button', { name: 'Exportieren' }).click();
  await expect(page.getByRole('dialog')).toContainText(/Nutzung/);
  await expect(page.getByRole('button', { name: 'Herunterladen' })).toBeVisible();
  await expectAccessible(page);
});

test('a member without the permission is sent to /', async ({ page }) => {
  const member = await createMember('csv-member-denied');
  await openSignedIn(page, member, '/csv-export');
  await expect(page).toHaveURL(/\/resources$/);
});
