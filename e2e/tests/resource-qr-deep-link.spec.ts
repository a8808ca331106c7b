import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { openSignedIn } from '../support/accounts.ts';
import {
  createMember,
  createResource,
  createResourceManager,
  grantIntroduction,
  usageHistory,
} from '../support/detail-api.ts';
import { expect, test } from '../support/fixtures.ts';

/** Every start request the page sends, so a repeated action would show up here. */
function recordStarts(page: Page): string[] {
  const starts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/usage/start')) starts.push(request.url());
  });
  return starts;
}

/**
 * An action runs once when the page opens; a second run would only show a little later as a
 * second request or a failure toast, so the check waits a moment before looking for none.
 */
const SETTLE_MS = 1_500;

test('a QR link with action=start starts one session, then action=stop ends it, both marked "by QR-Code"', async ({
  page,
}) => {
  const manager = await createResourceManager('qr-manager');
  const member = await createMember('qr-member');
  const resource = await createResource(manager, { name: `Drill press ${randomBytes(3).toString('hex')}` });
  await grantIntroduction(manager, resource.id, member.id);
  const starts = recordStarts(page);

  await openSignedIn(page, member, `/resources/${resource.id}?action=start`);
  await expect(page.getByText('Session Started')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/resources/${resource.id}$`));
  await expect(page.getByRole('timer')).toBeVisible();
  await page.waitForTimeout(SETTLE_MS);
  expect(starts).toHaveLength(1);
  await expect(page.getByText('Failed to Start Session')).toHaveCount(0);
  const started = await usageHistory(manager, resource.id);
  expect(started).toHaveLength(1);
  expect(started[0]).toMatchObject({ userId: member.id, endTime: null, startNotes: 'by QR-Code' });

  // The address no longer carries the action, so reloading does not repeat it.
  await page.reload();
  await expect(page.getByRole('timer')).toBeVisible();
  expect(starts).toHaveLength(1);

  await page.goto(`/resources/${resource.id}?action=stop`);
  await expect(page.getByText('Session Ended')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/resources/${resource.id}$`));
  await expect(page.getByRole('button', { name: 'Start Using Resource' })).toBeVisible();
  const ended = await usageHistory(manager, resource.id);
  expect(ended).toHaveLength(1);
  expect(ended[0]).toMatchObject({ userId: member.id, endNotes: 'by QR-Code' });
  expect(ended[0]?.endTime).not.toBeNull();
});

test('action=startAndTakeover takes over the running session; action=view only shows the page', async ({
  page,
  browser,
}) => {
  const manager = await createResourceManager('qr-taker');
  const member = await createMember('qr-user');
  const resource = await createResource(manager, {
    name: `Lathe ${randomBytes(3).toString('hex')}`,
    allowTakeOver: true,
  });
  await grantIntroduction(manager, resource.id, member.id);

  const memberPage = await (await browser.newContext()).newPage();
  await openSignedIn(memberPage, member, `/resources/${resource.id}?action=start`);
  await expect(memberPage.getByText('Session Started')).toBeVisible();

  const starts = recordStarts(page);
  await openSignedIn(page, manager, `/resources/${resource.id}?action=view`);
  await expect(
    page.getByRole('region', { name: 'Usage', exact: true }).getByText(member.username, { exact: true }),
  ).toBeVisible();
  await page.waitForTimeout(SETTLE_MS);
  expect(starts).toHaveLength(0);
  await expect(page).toHaveURL(new RegExp(`/resources/${resource.id}\\?action=view$`));

  await page.goto(`/resources/${resource.id}?action=startAndTakeover`);
  await expect(page.getByText('You are using this resource')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/resources/${resource.id}$`));
  await page.waitForTimeout(SETTLE_MS);
  expect(starts).toHaveLength(1);
  const sessions = await usageHistory(manager, resource.id);
  expect(sessions).toHaveLength(2);
  expect(sessions.find((session) => session.endTime === null)).toMatchObject({
    userId: manager.id,
    startNotes: 'by QR-Code',
  });
});
