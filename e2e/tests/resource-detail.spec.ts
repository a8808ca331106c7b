import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { openSignedIn } from '../support/accounts.ts';
import {
  createGroup,
  createMember,
  createResourceManager,
  grantIntroduction,
  makeIntroducer,
  samplePng,
} from '../support/detail-api.ts';
import { expect, expectAccessible, MOBILE_VIEWPORT, saveScreenshot, test } from '../support/fixtures.ts';

/** The usage session card of a resource page. */
const usageCard = (page: Page) => page.getByRole('region', { name: 'Usage', exact: true });

/** Resolves once the page's live event stream is open, so changes reach it without polling. */
function liveStreamOpened(page: Page) {
  return page.waitForResponse((response) => new URL(response.url()).pathname === '/api/resources/events');
}

/** Opens a start or takeover menu and chooses its "… with Notes" item, then fills and sends the notes. */
async function withNotes(page: Page, menuLabel: string, item: string, notes: string, submit: string) {
  await page.getByRole('button', { name: menuLabel }).click();
  await page.getByRole('menuitem', { name: item }).click();
  const dialog = page.getByRole('dialog', { name: item });
  await expect(dialog.getByText('Notes are optional')).toBeVisible();
  await dialog.getByLabel('Notes').fill(notes);
  await dialog.getByRole('button', { name: submit, exact: true }).click();
}

test('a manager creates a resource; a member is introduced, uses it, is taken over; the history keeps the notes', async ({
  page,
  browser,
}, testInfo) => {
  // A whole story across pages and browsers, with axe: it takes most of a minute on 2 cores.
  test.setTimeout(150_000);
  const manager = await createResourceManager('manager');
  const member = await createMember('member');
  const introducer = await createMember('introducer');
  const name = `Laser cutter ${randomBytes(3).toString('hex')}`;
  let resourceId = 0;

  await test.step('the manager creates the resource with an image in the resource form', async () => {
    await openSignedIn(page, manager, '/resources');
    // On an empty database the overview's empty state offers the same button a second time.
    await page.getByRole('button', { name: 'Add Resource' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create Resource' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Cuts and engraves wood and acrylic.');
    await dialog.getByText('Allow takeover by other users').click();
    await expect(dialog.getByRole('switch', { name: 'Allow takeover by other users' })).toBeChecked();

    const fileInput = dialog.locator('input[type="file"]');
    await fileInput.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('no image'),
    });
    await expect(page.getByText('Invalid file type')).toBeVisible();
    await expect(page.getByText('Please upload a valid image file (JPEG, PNG, WebP)')).toBeVisible();
    await expect(dialog.getByRole('img', { name: 'Image preview' })).toHaveCount(0);
    await expect(fileInput).toHaveValue('');

    await fileInput.setInputFiles({ name: 'laser.png', mimeType: 'image/png', buffer: await samplePng() });
    await expect(dialog.getByRole('img', { name: 'Image preview' })).toBeVisible();
    await expectAccessible(page);
    await saveScreenshot(page, testInfo, 'resource-form-desktop');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();

    await expect(page.getByText('Resource Created')).toBeVisible();
    await expect(page).toHaveURL(/\/resources\/\d+$/);
    resourceId = Number(new URL(page.url()).pathname.split('/').pop());
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('Cuts and engraves wood and acrylic.')).toBeVisible();
    const picture = page.getByRole('img', { name: `Picture of ${name}` });
    await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(64);
  });

  await makeIntroducer(manager, resourceId, introducer.id);
  const memberPage = await (await browser.newContext()).newPage();
  const introducerPage = await (await browser.newContext()).newPage();

  await test.step('a member without an introduction is told whom to ask', async () => {
    await openSignedIn(memberPage, member, `/resources/${resourceId}`);
    await expect(memberPage.getByText('Introduction required')).toBeVisible();
    await expect(memberPage.getByRole('list', { name: 'Introducers' })).toHaveText(introducer.username);
    await expect(memberPage.getByRole('button', { name: 'Start Using Resource' })).toHaveCount(0);
  });

  await test.step('after the introduction the member starts, and the timer runs', async () => {
    const streamOpened = liveStreamOpened(introducerPage);
    await openSignedIn(introducerPage, introducer, `/resources/${resourceId}`);
    await streamOpened;
    await expect(introducerPage.getByRole('button', { name: 'Start Using Resource' })).toBeVisible();

    await grantIntroduction(introducer, resourceId, member.id);
    await memberPage.getByRole('button', { name: 'Start Using Resource' }).click();
    await expect(memberPage.getByText('Session Started')).toBeVisible();

    // Another user's open page shows the session within a second, without reloading.
    const observed = usageCard(introducerPage);
    await expect(observed.getByText('In Use', { exact: true })).toBeVisible({ timeout: 1_000 });
    await expect(observed.getByText(member.username, { exact: true })).toBeVisible();

    const timer = memberPage.getByRole('timer');
    await expect(timer).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
    const firstReading = await timer.textContent();
    await expect(timer).not.toHaveText(firstReading ?? '', { timeout: 2_500 });
  });

  await test.step('the introducer takes over with notes and ends with notes', async () => {
    await withNotes(
      introducerPage,
      'More ways to take over',
      'Takeover with Notes',
      'Taking over to change the lens',
      'Takeover',
    );
    await expect(introducerPage.getByText('Resource Takeover Successful')).toBeVisible();
    await expect(introducerPage.getByText('You are using this resource')).toBeVisible();
    await expect(usageCard(memberPage).getByText(introducer.username, { exact: true })).toBeVisible({
      timeout: 1_000,
    });

    // The end notes sit beside the button: ending with notes is the same single press.
    await usageCard(introducerPage)
      .getByRole('textbox', { name: 'End notes' })
      .fill('Lens changed, all clean');
    await usageCard(introducerPage).getByRole('button', { name: 'End Session', exact: true }).click();
    await expect(introducerPage.getByText('Session Ended')).toBeVisible();
    await expect(introducerPage.getByRole('button', { name: 'Start Using Resource' })).toBeVisible();
  });

  await test.step("the introducer's history shows both notes", async () => {
    const history = introducerPage.getByRole('grid', { name: 'Usage history' });
    const rows = history.getByRole('row');
    // The header and the introducer's own session only.
    await expect(rows).toHaveCount(2);
    await rows.nth(1).click();
    const details = introducerPage.getByRole('dialog', { name: 'Session details' });
    await expect(details.getByText('Taking over to change the lens')).toBeVisible();
    await expect(details.getByText('Lens changed, all clean')).toBeVisible();
    await details.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(details).toBeHidden();
  });

  await test.step('the manager sees every user in the history, on desktop and mobile', async () => {
    await page.reload();
    // Managers see everyone's sessions first.
    await expect(page.getByRole('checkbox', { name: 'Show all users' })).toBeChecked();
    const history = page.getByRole('grid', { name: 'Usage history' });
    await expect(history.getByRole('columnheader', { name: 'User' })).toBeVisible();
    await expect(history.getByRole('row', { name: new RegExp(member.username) })).toBeVisible();
    await expect(history.getByRole('row', { name: new RegExp(introducer.username) })).toBeVisible();
    await expectAccessible(page);
    await saveScreenshot(page, testInfo, 'resource-detail-manager-desktop');
    await page.setViewportSize(MOBILE_VIEWPORT);
    await expect(history.getByRole('columnheader', { name: 'End time' })).toBeHidden();
    await saveScreenshot(page, testInfo, 'resource-detail-manager-mobile');
  });

  await test.step('the page reads well in German', async () => {
    await memberPage.goto(`/resources/${resourceId}?lng=de`);
    await expect(memberPage.getByRole('button', { name: 'Ressource benutzen' })).toBeVisible();
    await expect(memberPage.getByText('Nutzungsverlauf')).toBeVisible();
    await expectAccessible(memberPage);
    await saveScreenshot(memberPage, testInfo, 'resource-detail-member-german-desktop');
    await memberPage.setViewportSize(MOBILE_VIEWPORT);
    await saveScreenshot(memberPage, testInfo, 'resource-detail-member-german-mobile');
  });
});

test('a manager edits the resource, puts it in a group, removes its image, and deletes it after confirming', async ({
  page,
}, testInfo) => {
  const manager = await createResourceManager('editor');
  const suffix = randomBytes(3).toString('hex');
  const name = `Band saw ${suffix}`;
  const group = await createGroup(manager, `Metal shop ${suffix}`);
  await openSignedIn(page, manager, '/resources');
  await page.getByRole('button', { name: 'Add Resource' }).first().click();
  const createDialog = page.getByRole('dialog', { name: 'Create Resource' });
  await createDialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await createDialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'saw.png', mimeType: 'image/png', buffer: await samplePng() });
  await createDialog.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('img', { name: `Picture of ${name}` })).toBeVisible();

  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit Resource' });
  await expect(editDialog.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
  await editDialog.getByRole('textbox', { name: 'Name' }).fill(`${name} XL`);
  await editDialog.getByRole('button', { name: 'Remove image' }).click();
  await expect(editDialog.getByText('No image')).toBeVisible();
  await editDialog.getByRole('button', { name: 'Update', exact: true }).click();
  await expect(page.getByText('Resource Updated')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `${name} XL` })).toBeVisible();
  await expect(page.getByRole('img', { name: `Picture of ${name} XL` })).toHaveCount(0);

  const groups = page.getByRole('region', { name: 'Resource Groups' });
  await groups.getByRole('button', { name: `Add to ${group.name}` }).click();
  await expect(groups.getByRole('button', { name: `Remove from ${group.name}` })).toBeVisible();
  await groups.getByRole('button', { name: `Remove from ${group.name}` }).click();
  await expect(groups.getByRole('button', { name: `Add to ${group.name}` })).toBeVisible();

  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirmation = page.getByRole('alertdialog');
  await expect(confirmation.getByText('This action cannot be undone.')).toBeVisible();
  await expectAccessible(page);
  await saveScreenshot(page, testInfo, 'resource-delete-confirmation-desktop');
  await confirmation.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Resource deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/resources$/);

  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Resource not found' })).toBeVisible();
  await expect(
    page.getByText("The requested resource could not be found or you don't have permission to view it."),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Back to resources' }).click();
  await expect(page).toHaveURL(/\/resources$/);
});
