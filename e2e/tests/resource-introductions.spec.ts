import type { Page } from '@playwright/test';
import { openSignedIn } from '../support/accounts.ts';
import {
  createMember,
  createResource,
  createResourceManager,
  makeIntroducer,
  type SignedInAccount,
} from '../support/detail-api.ts';
import { expect, expectAccessible, saveScreenshot, test } from '../support/fixtures.ts';
import { createGroup, makeGroupIntroducer } from '../support/introduction-api.ts';
import { pickUser, rowOf, table } from '../support/introduction-page.ts';

/** The row's coloured edge: green while introduced, red once revoked. */
const edgeColour = (page: Page, username: string) =>
  rowOf(table(page, 'Introductions'), username)
    .getByRole('rowheader')
    .evaluate((cell) => getComputedStyle(cell).borderInlineStartColor);

/**
 * An introducer grants `member` an introduction with a comment, reads it in the history, then
 * revokes it with another comment. The page is a resource's or a group's.
 */
async function grantAndRevoke(
  page: Page,
  member: SignedInAccount,
  screenshot: (name: string) => Promise<void>,
) {
  const introductions = table(page, 'Introductions');

  await test.step('grant an introduction with a comment', async () => {
    await pickUser(page, 'Introduce a user', member.username);
    await page.getByRole('button', { name: 'Grant Introduction' }).click();
    const dialog = page.getByRole('dialog', { name: `Grant introduction to ${member.username}` });
    await dialog.getByLabel('Comment').fill('Safety briefing done');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Grant', exact: true }).click();
    await expect(page.getByText('Introduction Granted')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(rowOf(introductions, member.username)).toContainText('Allowed');
    // The picker is emptied for the next person.
    await expect(page.getByRole('searchbox', { name: 'Introduce a user' })).toHaveValue('');
  });
  const allowedEdge = await edgeColour(page, member.username);

  await test.step('the history shows the grant and its comment', async () => {
    await rowOf(introductions, member.username).getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: `Introduction history of ${member.username}` });
    const entries = table(page, 'Introduction history');
    await expect(rowOf(entries, 'Safety briefing done')).toContainText('Granted');
    await expect(rowOf(entries, 'Safety briefing done')).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    await expectAccessible(page);
    await screenshot('history');
    await history.getByRole('button', { name: 'Close' }).last().click();
    await expect(history).toBeHidden();
  });

  await test.step('revoke it with a comment', async () => {
    await rowOf(introductions, member.username).getByRole('button', { name: 'Revoke' }).click();
    const dialog = page.getByRole('dialog', { name: `Revoke introduction of ${member.username}` });
    await dialog.getByLabel('Comment').fill('Missed the refresher');
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByText('Introduction Revoked')).toBeVisible();
    await expect(rowOf(introductions, member.username)).toContainText('Denied');
    await expect(rowOf(introductions, member.username).getByRole('button', { name: 'Grant' })).toBeVisible();
    expect(await edgeColour(page, member.username)).not.toBe(allowedEdge);
  });

  await test.step('the history lists the revoke first', async () => {
    await rowOf(introductions, member.username).getByRole('button', { name: 'History' }).click();
    const rows = table(page, 'Introduction history').getByRole('row');
    // The header row, then the entries newest first.
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1)).toContainText('Revoked');
    await expect(rows.nth(1)).toContainText('Missed the refresher');
    await expect(rows.nth(2)).toContainText('Granted');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
}

/** A manager adds `candidate` as an introducer, then removes them after confirming. */
async function addAndRemoveIntroducer(page: Page, candidate: SignedInAccount) {
  const introducers = table(page, 'Introducers');
  await pickUser(page, 'Add an introducer', candidate.username);
  await page.getByRole('button', { name: 'Add Introducer' }).click();
  await expect(page.getByText('Introducer Added')).toBeVisible();
  await expect(rowOf(introducers, candidate.username)).toBeVisible();
  await expectAccessible(page);

  await rowOf(introducers, candidate.username).getByRole('button', { name: 'Remove' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove introducer?' });
  await expect(confirm).toContainText(candidate.username);
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Introducer Removed')).toBeVisible();
  await expect(rowOf(introducers, candidate.username)).toHaveCount(0);
}

test('an introducer grants and revokes an introduction on a resource, with comments and history', async ({
  page,
}, testInfo) => {
  const manager = await createResourceManager('intro-manager');
  const resource = await createResource(manager, { name: `Lathe ${Date.now()}` });
  const introducer = await createMember('introducer');
  await makeIntroducer(manager, resource.id, introducer.id);
  const member = await createMember('newcomer');

  await openSignedIn(page, introducer, `/resources/${resource.id}`);
  await expect(page.getByRole('heading', { name: 'Introductions' })).toBeVisible();
  // Introducers manage introductions, not other introducers.
  await expect(page.getByRole('heading', { name: 'Introducers' })).toHaveCount(0);
  await grantAndRevoke(page, member, (name) => saveScreenshot(page, testInfo, `resource-${name}`));
  await saveScreenshot(page, testInfo, 'resource-introductions');
});

test('a manager adds and removes an introducer of a resource', async ({ page }, testInfo) => {
  const manager = await createResourceManager('introducer-admin');
  const resource = await createResource(manager, { name: `Mill ${Date.now()}` });
  const candidate = await createMember('candidate');

  await openSignedIn(page, manager, `/resources/${resource.id}`);
  await expect(page.getByRole('heading', { name: 'Introducers' })).toBeVisible();
  await expect(table(page, 'Introducers')).toContainText('No introducers yet.');
  await addAndRemoveIntroducer(page, candidate);
  await saveScreenshot(page, testInfo, 'resource-introducers');
});

test('a group introducer grants and revokes on the group page, and a manager manages its introducers', async ({
  page,
  browser,
}, testInfo) => {
  const manager = await createResourceManager('group-manager');
  const group = await createGroup(manager, `Woodshop ${Date.now()}`);
  const introducer = await createMember('group-introducer');
  await makeGroupIntroducer(manager, group.id, introducer.id);
  const member = await createMember('group-newcomer');
  const candidate = await createMember('group-candidate');

  await test.step('the group introducer grants and revokes', async () => {
    await openSignedIn(page, introducer, `/resource-groups/${group.id}`);
    await expect(page.getByRole('heading', { name: group.name })).toBeVisible();
    await grantAndRevoke(page, member, (name) => saveScreenshot(page, testInfo, `group-${name}`));
    await saveScreenshot(page, testInfo, 'group-introductions');
  });

  await test.step('a manager adds and removes a group introducer', async () => {
    const context = await browser.newContext();
    const managerPage = await context.newPage();
    await openSignedIn(managerPage, manager, `/resource-groups/${group.id}`);
    await expect(rowOf(table(managerPage, 'Introducers'), introducer.username)).toBeVisible();
    await addAndRemoveIntroducer(managerPage, candidate);
    await context.close();
  });
});

test('the introduction cards are accessible in German', async ({ page }, testInfo) => {
  const manager = await createResourceManager('intro-de');
  const resource = await createResource(manager, { name: `Drehbank ${Date.now()}` });
  const member = await createMember('eingewiesen');

  await openSignedIn(page, manager, `/resources/${resource.id}?lng=de`);
  await expect(page.getByRole('heading', { name: 'Einweisungen' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Einweisende' })).toBeVisible();
  await pickUser(page, 'Person einweisen', member.username);
  await page.getByRole('button', { name: 'Einweisung erteilen' }).click();
  const dialog = page.getByRole('dialog', { name: `Einweisung für ${member.username} erteilen` });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Erteilen' }).click();
  await expect(page.getByText('Einweisung erteilt')).toBeVisible();
  await expect(rowOf(table(page, 'Einweisungen'), member.username)).toContainText('Erlaubt');
  await expectAccessible(page);
  await saveScreenshot(page, testInfo, 'introductions-de');
});
