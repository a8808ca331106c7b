import type { Locator, Page, TestInfo } from '@playwright/test';
import { openSignedIn } from '../support/accounts.ts';
import { createResource, createResourceManager } from '../support/detail-api.ts';
import { e2eEnvironment } from '../support/environment.ts';
import { expect, expectAccessible, MOBILE_VIEWPORT, saveScreenshot, test } from '../support/fixtures.ts';
import { decodeQrCode } from '../support/qr-code-image.ts';

/** Downloads the dialog's QR code and reads it back from the saved file. */
async function downloadAndDecode(page: Page, dialog: Locator, testInfo: TestInfo, buttonName: string) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: buttonName }).click(),
  ]);
  const file = testInfo.outputPath(`${Date.now()}-${download.suggestedFilename()}`);
  await download.saveAs(file);
  return { fileName: download.suggestedFilename(), ...(await decodeQrCode(file)) };
}

test('a manager downloads QR codes that hold the resource link with the chosen action', async ({
  page,
  context,
}, testInfo) => {
  const manager = await createResourceManager('qr-manager');
  const resource = await createResource(manager, { name: `Plotter ${Date.now()}` });
  const resourceLink = `${e2eEnvironment().baseUrl}/resources/${resource.id}`;
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);

  await openSignedIn(page, manager, `/resources/${resource.id}`);
  await page.getByRole('button', { name: 'QR Code' }).click();
  const dialog = page.getByRole('dialog', { name: 'QR Code' });
  const link = dialog.getByRole('textbox', { name: 'Link' });

  await test.step('viewing the resource is the default: the plain resource link', async () => {
    await expect(dialog.getByRole('radio', { name: 'Open the resource' })).toBeChecked();
    await expect(link).toHaveValue(resourceLink);
    await expect(dialog.getByRole('img', { name: `QR code for ${resourceLink}` })).toBeVisible();
    const code = await downloadAndDecode(page, dialog, testInfo, 'Download PNG');
    expect(code).toEqual({
      fileName: `resource-${resource.id}-qrcode.png`,
      text: resourceLink,
      width: 300,
      height: 300,
    });
  });

  await test.step('each other action adds its parameter, and the code follows', async () => {
    for (const [label, action] of [
      ['Stop usage', 'stop'],
      ['Start usage, taking over if in use', 'startAndTakeover'],
      ['Start usage', 'start'],
    ] as const) {
      await dialog.getByText(label, { exact: true }).click();
      await expect(link).toHaveValue(`${resourceLink}?action=${action}`);
    }
    await expectAccessible(page);
    await saveScreenshot(page, testInfo, 'qr-code-dialog');
    const code = await downloadAndDecode(page, dialog, testInfo, 'Download PNG');
    expect(code.text).toBe(`${resourceLink}?action=start`);
    expect(code.fileName).toBe(`resource-${resource.id}-qrcode.png`);
  });

  await test.step('the link can be copied', async () => {
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await expect(page.getByText('Link copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${resourceLink}?action=start`);
  });

  await test.step('the dialog fits a phone screen', async () => {
    await page.setViewportSize(MOBILE_VIEWPORT);
    await expect(dialog.getByRole('img', { name: /^QR code for / })).toBeVisible();
    await saveScreenshot(page, testInfo, 'qr-code-dialog-mobile');
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(dialog).toBeHidden();
  });
});

test('the QR code dialog is accessible in German', async ({ page }, testInfo) => {
  const manager = await createResourceManager('qr-de');
  const resource = await createResource(manager, { name: `Schneideplotter ${Date.now()}` });
  const resourceLink = `${e2eEnvironment().baseUrl}/resources/${resource.id}`;

  await openSignedIn(page, manager, `/resources/${resource.id}?lng=de`);
  await page.getByRole('button', { name: 'QR-Code' }).click();
  const dialog = page.getByRole('dialog', { name: 'QR-Code' });
  await dialog.getByText('Nutzung beenden', { exact: true }).click();
  await expect(dialog.getByRole('textbox', { name: 'Link' })).toHaveValue(`${resourceLink}?action=stop`);
  await expect(dialog.getByRole('img', { name: `QR-Code für ${resourceLink}?action=stop` })).toBeVisible();
  await expectAccessible(page);
  await saveScreenshot(page, testInfo, 'qr-code-dialog-de');
  const code = await downloadAndDecode(page, dialog, testInfo, 'PNG herunterladen');
  expect(code.text).toBe(`${resourceLink}?action=stop`);
});
