import { readFile } from 'node:fs/promises';
import type { ResourceUsageRecord } from '@toolpass/contracts';
import { openSignedIn } from '../support/accounts.ts';
import {
  createMember,
  createResource,
  createResourceManager,
  grantIntroduction,
} from '../support/detail-api.ts';
import { e2eEnvironment } from '../support/environment.ts';
import { expect, expectAccessible, saveScreenshot, test } from '../support/fixtures.ts';
import { endUsage, startUsage } from '../support/resource-overview-api.ts';

/** Ended sessions made before the running one: more than the preview's 500 px hold at 40 px a row. */
const ENDED_SESSIONS = 30;

/** Today in the browser's (and this process's) zone, as the page's range calendar sends it. */
function today() {
  const start = new Date();
  start.setHours(0, 0, 0, 0);
  const end = new Date(start.getFullYear(), start.getMonth(), start.getDate() + 1);
  return { start, end };
}

async function usageRecords(
  token: string,
  range: { start: Date; end: Date },
): Promise<ResourceUsageRecord[]> {
  const url = new URL('/api/analytics/resource-usage-hours', e2eEnvironment().baseUrl);
  url.searchParams.set('start', range.start.toISOString());
  url.searchParams.set('end', range.end.toISOString());
  const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return response.json();
}

const isoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

const dayLabel = (date: Date) =>
  `${String(date.getDate()).padStart(2, '0')}/${String(date.getMonth() + 1).padStart(2, '0')}/${date.getFullYear()}`;

test('a manager charts today’s usage, previews it and exports it as a CSV file', async ({
  page,
}, testInfo) => {
  // 61 API calls of setup and three axe runs: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  const manager = await createResourceManager('csv-manager');
  const resource = await createResource(manager, { name: `Band saw ${Date.now()}` });
  const member = await createMember('csv-member');
  await grantIntroduction(manager, resource.id, member.id);
  for (let index = 0; index < ENDED_SESSIONS; index += 1) {
    await startUsage(member, resource.id);
    await endUsage(member, resource.id);
  }
  await startUsage(member, resource.id);

  await test.step('the export page starts with the last 30 days, their days shown as chosen', async () => {
    await openSignedIn(page, manager, '/resources');
    await page.getByRole('link', { name: 'CSV Export' }).click();
    await expect(page).toHaveURL(/\/csv-export$/);
    await expect(page.getByRole('heading', { name: 'CSV Export', level: 1 })).toBeVisible();
    const last = new Date();
    const first = new Date(last.getFullYear(), last.getMonth(), last.getDate() - 29);
    await expect(page.getByText(`${dayLabel(first)} to ${dayLabel(last)}, both days included`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export' })).toBeEnabled();
    await expectAccessible(page);
  });

  await test.step('the usage page charts the last 30 days without a pick', async () => {
    await page.getByRole('link', { name: 'Usage', exact: true }).click();
    await expect(page).toHaveURL(/\/usage$/);
    await expect(page.getByRole('heading', { name: 'Usage', level: 1 })).toBeVisible();
    // The charts are a chunk of their own: slow on a busy machine.
    await expect(page.getByRole('heading', { name: 'Hours per resource', level: 2 })).toBeVisible({
      timeout: 30_000,
    });
  });

  await test.step('a range of today shows charts whose tables hold the usage data’s numbers', async () => {
    const todayButton = page.getByRole('application').getByRole('button', { name: /^Today/ });
    await todayButton.click();
    await todayButton.click();
    const range = today();
    await expect(
      page.getByText(`${dayLabel(range.start)} to ${dayLabel(range.start)}, both days included`),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Hours per resource', level: 2 })).toBeVisible();
    for (const title of [
      'Hours per resource',
      'Sessions started per day',
      'Busiest hours of the week (hours in use)',
      'Top 10 users by hours',
    ]) {
      await expect(page.getByRole('heading', { name: title, level: 2 })).toBeVisible();
      await expect(page.getByRole('img', { name: title })).toBeVisible();
    }
    for (const disclosure of await page.getByText('Show as table').all()) await disclosure.click();
    // Every session of the day (other specs' too) as the usage data lists them, started today.
    const startedToday = (await usageRecords(manager.token, range)).filter(
      (record) => Date.parse(record.startTime) >= range.start.getTime(),
    );
    expect(startedToday.filter((record) => record.resource.id === resource.id)).toHaveLength(
      ENDED_SESSIONS + 1,
    );
    const perDay = page.getByRole('table', { name: 'Sessions started per day' });
    await expect(
      perDay.getByRole('row', { name: `${dayLabel(range.start)} ${startedToday.length}` }),
    ).toBeVisible();
    const perResource = page.getByRole('table', { name: 'Hours per resource' });
    await expect(perResource.getByRole('row', { name: new RegExp(`^${resource.name} \\d`) })).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Busiest hours of the week (hours in use)' }).getByRole('row'),
    ).toHaveCount(8);
    await expectAccessible(page);
  });

  await test.step('the preview holds every record but renders only a window of rows', async () => {
    await page.getByRole('button', { name: 'Export' }).click();
    const table = page.getByRole('table', { name: 'Usage records in the range' });
    await expect(table.getByRole('row').filter({ hasText: resource.name }).first()).toBeVisible();
    const total = Number(await table.getAttribute('aria-rowcount')) - 1;
    expect(total).toBeGreaterThan(ENDED_SESSIONS);
    const rendered = await table.getByRole('row').count();
    expect(rendered).toBeLessThan(total);
    // Scrolled to the end, the last record (this member's running session, the latest start) is rendered.
    await table.evaluate((element) => {
      const region = element.parentElement as HTMLElement;
      region.scrollTop = region.scrollHeight;
    });
    const last = table.locator(`tr[aria-rowindex="${total + 1}"]`);
    await expect(last).toContainText(member.username);
    await expect(last).toContainText('Running');
    await expectAccessible(page);
    await saveScreenshot(page, testInfo, 'export-preview');
  });

  await test.step('the download carries its days in its name and names the default columns in words', async () => {
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download' }).click();
    const download = await downloading;
    const day = isoDay(today().start);
    expect(download.suggestedFilename()).toBe(`usage-${day}-to-${day}.csv`);
    const lines = (await readFile(await download.path(), 'utf8')).split('\r\n');
    expect(lines[0]).toBe('Resource ID;Resource;User ID;Username;Usage (hours)');
    expect(
      lines.filter((line) =>
        line.startsWith(`${resource.id};${resource.name};${member.id};${member.username};`),
      ),
    ).toHaveLength(ENDED_SESSIONS + 1);
  });
});

test('the usage page and its export read well in German, the CSV header too', async ({ page }) => {
  // Two axe runs over the charts and their open tables: slow on a busy machine.
  test.setTimeout(120_000);
  const manager = await createResourceManager('csv-manager-de');
  await openSignedIn(page, manager, '/usage?lng=de');
  // A first load of the route (and the service worker precaching beside it) on a busy machine.
  await expect(page.getByRole('heading', { name: 'Nutzung', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/, beide Tage eingeschlossen$/)).toBeVisible();
  // The charts of the last 30 days (other specs' sessions, or the empty notice) with their tables open.
  await expect(
    page
      .getByRole('heading', { name: 'Stunden pro Ressource' })
      .or(page.getByText('Keine Nutzungen in diesem Zeitraum')),
  ).toBeVisible({ timeout: 30_000 });
  for (const disclosure of await page.getByText('Als Tabelle anzeigen').all()) await disclosure.click();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Exportieren' }).click();
  await expect(page.getByRole('dialog')).toContainText(/Nutzung/);
  await expect(page.getByRole('checkbox', { name: 'Ressourcen-ID' })).toBeChecked();
  await expectAccessible(page);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Herunterladen' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^usage-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const header = (await readFile(await download.path(), 'utf8')).split('\r\n')[0];
  expect(header).toBe('Ressourcen-ID;Ressource;Benutzer-ID;Benutzername;Nutzung (Stunden)');
});

test('a member without the permission is sent to /', async ({ page }) => {
  const member = await createMember('csv-member-denied');
  await openSignedIn(page, member, '/csv-export');
  await expect(page).toHaveURL(/\/resources$/);
  await page.goto('/usage');
  await expect(page).toHaveURL(/\/resources$/);
  await expect(page.getByRole('link', { name: 'Usage', exact: true })).toHaveCount(0);
});
