import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { openSignedIn } from '../support/accounts.ts';
import {
  createMember,
  createResource,
  createResourceManager,
  grantIntroduction,
} from '../support/detail-api.ts';
import { expect, expectAccessible, MOBILE_VIEWPORT, saveScreenshot, test } from '../support/fixtures.ts';
import { createGroup, makeGroupIntroducer } from '../support/introduction-api.ts';
import { table } from '../support/introduction-page.ts';
import { addResourceToGroup } from '../support/resource-overview-api.ts';

/** A word only this run's resources and groups contain, so searches ignore other specs' data. */
const unique = () => randomBytes(4).toString('hex');

async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search resources' }).fill(text);
}

test('a manager adds a group, renames it, finds resources by group and search, and deletes it', async ({
  page,
}, testInfo) => {
  const word = unique();
  const manager = await createResourceManager('overview-manager');
  const bandSaw = await createResource(manager, { name: `Band saw ${word}` });
  const solderingStation = await createResource(manager, { name: `Soldering station ${word}` });
  let groupId = 0;

  await test.step('"Add Group" creates the group and opens its page', async () => {
    await openSignedIn(page, manager, '/resources');
    await page.getByRole('button', { name: 'Add Group' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Group' });
    await expect(dialog.getByRole('button', { name: 'Create' })).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Name' }).fill(`Wood shop ${word}`);
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Saws and planes');
    await dialog.getByRole('button', { name: 'Create' }).click();

    await expect(page).toHaveURL(/\/resource-groups\/\d+$/);
    groupId = Number(new URL(page.url()).pathname.split('/').pop());
    await expect(page.getByRole('heading', { level: 1, name: `Wood shop ${word}` })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Description' })).toHaveValue('Saws and planes');
  });

  await test.step('the details form renames the group', async () => {
    const save = page.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    const name = page.getByRole('textbox', { name: 'Name' });
    await name.fill('   ');
    await expect(save).toBeDisabled();
    await name.fill(`  Joinery ${word} `);
    await save.click();
    await expect(page.getByText('Group saved')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: `Joinery ${word}` })).toBeVisible();
    await expect(name).toHaveValue(`Joinery ${word}`);
    await expectAccessible(page);
    await saveScreenshot(page, testInfo, 'resource-group-desktop');
  });

  await test.step('resources appear in their group card and in "Ungrouped"', async () => {
    await addResourceToGroup(manager, groupId, bandSaw.id);
    await page.getByRole('link', { name: 'Back to resources' }).click();
    await expect(page).toHaveURL(/\/resources$/);
    await search(page, word);

    const group = table(page, `Resources in Joinery ${word}`);
    const ungrouped = table(page, 'Resources in Ungrouped');
    await expect(group.getByRole('row', { name: new RegExp(`Band saw ${word}`) })).toBeVisible();
    await expect(group.getByRole('row', { name: new RegExp(`Band saw ${word}`) })).toContainText('Available');
    await expect(ungrouped.getByRole('row', { name: new RegExp(`Soldering station ${word}`) })).toBeVisible();
    await expect(group.getByText(`Soldering station ${word}`)).toHaveCount(0);
    await expect(page.getByText('Resources that are not assigned to a group')).toBeVisible();
    await expect(page.getByRole('link', { name: `Joinery ${word}` })).toHaveAttribute(
      'href',
      `/resource-groups/${groupId}`,
    );
    await expectAccessible(page);
    await saveScreenshot(page, testInfo, 'resource-overview-desktop');
  });

  await test.step('the search narrows the cards and says when nothing matches', async () => {
    await search(page, `Band saw ${word}`);
    await expect(table(page, 'Resources in Ungrouped')).toHaveCount(0);
    await expect(table(page, `Resources in Joinery ${word}`)).toBeVisible();

    await search(page, `nothing-${word}`);
    await expect(page.getByText('No resources found')).toBeVisible();
    await expect(page.getByText('Adjust your search to find resources')).toBeVisible();
    await expect(page.getByRole('grid')).toHaveCount(0);
  });

  await test.step('a row opens its resource from the keyboard', async () => {
    await search(page, `Soldering station ${word}`);
    const row = table(page, 'Resources in Ungrouped').getByRole('row', {
      name: new RegExp(`Soldering station ${word}`),
    });
    await row.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/resources/${solderingStation.id}$`));
  });

  await test.step('deleting the group asks first, then returns to the start page', async () => {
    await page.goto(`/resource-groups/${groupId}`);
    await page.getByRole('button', { name: 'Delete group' }).click();
    const confirmation = page.getByRole('alertdialog');
    await expect(confirmation).toContainText('This action cannot be undone.');
    await expectAccessible(page);
    await confirmation.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirmation).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/resource-groups/${groupId}$`));

    await page.getByRole('button', { name: 'Delete group' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/resources$/);
    await expect(page.getByText('Group deleted')).toBeVisible();
    await search(page, word);
    // Its resources stay, now without a group.
    await expect(
      table(page, 'Resources in Ungrouped').getByRole('row', { name: new RegExp(`Band saw ${word}`) }),
    ).toBeVisible();
    await expect(page.getByText(`Joinery ${word}`)).toHaveCount(0);
  });

  await test.step("a deleted group's page says it failed to load", async () => {
    await page.goto(`/resource-groups/${groupId}`);
    await expect(page.getByRole('alert')).toContainText('Failed to load group');
    await expect(page.getByRole('alert')).toContainText('Please refresh the page');
  });
});

test('the filter switches apply at once and are remembered across a reload', async ({ page }) => {
  const word = unique();
  const manager = await createResourceManager('filter-manager');
  await createResource(manager, { name: `Lathe ${word}` });
  const drill = await createResource(manager, { name: `Drill ${word}` });
  const member = await createMember('filter-member');
  // With one introduction (to the drill) the switch applies; without any it would stand aside.
  await grantIntroduction(manager, drill.id, member.id);
  await openSignedIn(page, member, '/resources');
  await search(page, `Lathe ${word}`);
  // Not introduced to the lathe, the member does not see it while "introduced / authorized" is on
  // (the default), and the page says that the switch is what hides it.
  await expect(page.getByText('No resources match the filters')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clear filters' })).toBeVisible();
  await expect(
    page
      .getByRole('list', { name: 'Active filters' })
      .getByRole('button', { name: 'Remove filter: I am already introduced / authorized' }),
  ).toBeVisible();

  const openFilter = async () => {
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    return page.getByRole('dialog', { name: 'Filter' });
  };
  let drawer = await openFilter();
  const introduced = () => drawer.getByRole('switch', { name: 'I am already introduced / authorized' });
  await expect(drawer.getByRole('switch', { name: 'is in use by me' })).not.toBeChecked();
  await expect(introduced()).toBeChecked();
  await expectAccessible(page);
  // The switch input is visually hidden; people press its label.
  await drawer.getByText('I am already introduced / authorized').click();
  await expect(introduced()).not.toBeChecked();
  await drawer.getByRole('button', { name: 'Close' }).last().click();
  await expect(table(page, 'Resources in Ungrouped').getByText(`Lathe ${word}`)).toBeVisible();

  await page.reload();
  drawer = await openFilter();
  await expect(introduced()).not.toBeChecked();
  expect(await page.evaluate(() => window.localStorage.getItem('resourceOverview.onlyWithPermissions'))).toBe(
    'false',
  );
});

test('the overview chip and the resource page follow a session started and ended in another browser, within a second', async ({
  browser,
}) => {
  const word = unique();
  const manager = await createResourceManager('live-manager');
  const resource = await createResource(manager, { name: `Laser cutter ${word}` });
  const watcher = await createMember('live-watcher');
  await grantIntroduction(manager, resource.id, watcher.id);

  const watching = await browser.newContext();
  const acting = await browser.newContext();
  try {
    const page = await watching.newPage();
    const streamOpened = page.waitForResponse((response) => response.url().endsWith('/api/resources/events'));
    await openSignedIn(page, watcher, '/resources');
    const searched = page.waitForResponse(
      (response) => new URL(response.url()).searchParams.get('search') === word,
    );
    await search(page, word);
    const row = table(page, 'Resources in Ungrouped').getByRole('row', {
      name: new RegExp(`Laser cutter ${word}`),
    });
    await expect(row).toContainText('Available');
    await streamOpened;
    await searched;
    // The chips follow the in-use set; the lists themselves are not fetched again.
    const listRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/resources') listRequests.push(request.url());
    });

    const other = await acting.newPage();
    await openSignedIn(other, manager, `/resources/${resource.id}`);
    await other.getByRole('button', { name: 'Start Using Resource' }).click();
    await expect(other.getByText('You are using this resource')).toBeVisible();
    await expect(row).toContainText('In Use', { timeout: 1_000 });

    await other.getByRole('button', { name: 'End Session', exact: true }).click();
    await expect(other.getByRole('button', { name: 'Start Using Resource' })).toBeVisible();
    await expect(row).toContainText('Available', { timeout: 1_000 });
    expect(listRequests).toEqual([]);

    // The resource page's usage card follows too.
    await page.goto(`/resources/${resource.id}`);
    await expect(page.getByText('The resource is available.')).toBeVisible();
    await other.getByRole('button', { name: 'Start Using Resource' }).click();
    await expect(page.getByText(manager.username).first()).toBeVisible({ timeout: 1_000 });
    await other.getByRole('button', { name: 'End Session', exact: true }).click();
    await expect(page.getByText('The resource is available.')).toBeVisible({ timeout: 1_000 });
  } finally {
    await watching.close();
    await acting.close();
  }
});

test('a group introducer opens the group from the overview and sees it read-only', async ({ page }) => {
  const word = unique();
  const manager = await createResourceManager('introducer-manager');
  const group = await createGroup(manager, `Metal shop ${word}`);
  const resource = await createResource(manager, { name: `Welder ${word}` });
  await addResourceToGroup(manager, group.id, resource.id);
  const introducer = await createMember('group-introducer');
  await makeGroupIntroducer(manager, group.id, introducer.id);

  await openSignedIn(page, introducer, '/resources');
  await search(page, word);
  await page.getByRole('link', { name: `Metal shop ${word}` }).click();
  await expect(page).toHaveURL(new RegExp(`/resource-groups/${group.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Metal shop ${word}` })).toBeVisible();
  await expect(page.getByText('No description')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete group' })).toHaveCount(0);
  await expectAccessible(page);
});

test('a member who introduces nothing sees group names without links', async ({ page }) => {
  const word = unique();
  const manager = await createResourceManager('plain-manager');
  const group = await createGroup(manager, `Textile shop ${word}`);
  const resource = await createResource(manager, { name: `Sewing machine ${word}` });
  await addResourceToGroup(manager, group.id, resource.id);
  const member = await createMember('plain-member');
  await grantIntroduction(manager, resource.id, member.id);

  await openSignedIn(page, member, '/resources');
  await search(page, word);
  await expect(table(page, `Resources in Textile shop ${word}`)).toBeVisible();
  await expect(page.getByRole('link', { name: `Textile shop ${word}` })).toHaveCount(0);
});

test('the overview and the group page in German, on desktop and mobile', async ({ page }, testInfo) => {
  const word = unique();
  const manager = await createResourceManager('german-manager');
  const group = await createGroup(manager, `Holzwerkstatt ${word}`);
  const resource = await createResource(manager, { name: `Hobelbank ${word}` });
  await addResourceToGroup(manager, group.id, resource.id);

  await openSignedIn(page, manager, '/resources?lng=de');
  await expect(page.getByRole('button', { name: 'Gruppe hinzufügen' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Ressourcen suchen' }).fill(word);
  await expect(table(page, `Ressourcen in Holzwerkstatt ${word}`)).toContainText('Verfügbar');
  await expectAccessible(page);
  await saveScreenshot(page, testInfo, 'resource-overview-de-desktop');
  await page.setViewportSize(MOBILE_VIEWPORT);
  await expectAccessible(page);
  await saveScreenshot(page, testInfo, 'resource-overview-de-mobile');

  await page.goto(`/resource-groups/${group.id}?lng=de`);
  await expect(page.getByRole('button', { name: 'Gruppe löschen' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Zurück zu den Ressourcen' })).toBeVisible();
  await expectAccessible(page);
  await saveScreenshot(page, testInfo, 'resource-group-de-mobile');
});

test('the overview on a phone', async ({ page }, testInfo) => {
  const word = unique();
  const manager = await createResourceManager('mobile-manager');
  await createResource(manager, { name: `Drill press ${word}` });
  await page.setViewportSize(MOBILE_VIEWPORT);
  await openSignedIn(page, manager, '/resources');
  await search(page, word);
  await expect(table(page, 'Resources in Ungrouped')).toContainText(`Drill press ${word}`);
  await expectAccessible(page);
  await saveScreenshot(page, testInfo, 'resource-overview-mobile');
});

test('a filter chip turns its switch off, and "Clear filters" shows what the switches hid', async ({
  page,
}) => {
  const word = unique();
  const manager = await createResourceManager('chip-manager');
  await createResource(manager, { name: `Kiln ${word}` });
  const drill = await createResource(manager, { name: `Drill ${word}` });
  const member = await createMember('chip-member');
  await grantIntroduction(manager, drill.id, member.id);
  await openSignedIn(page, member, '/resources');
  await search(page, `Kiln ${word}`);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(table(page, 'Resources in Ungrouped').getByText(`Kiln ${word}`)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Active filters' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Filter' });
  await drawer.getByText('I am already introduced / authorized').click();
  await drawer.getByRole('button', { name: 'Close' }).last().click();
  await expect(page.getByText('No resources match the filters')).toBeVisible();
  await page.getByRole('button', { name: 'Remove filter: I am already introduced / authorized' }).click();
  await expect(table(page, 'Resources in Ungrouped').getByText(`Kiln ${word}`)).toBeVisible();
  await expectAccessible(page);
});
