import { randomBytes } from 'node:crypto';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../playwright.config.ts';
import { openSignedIn } from '../support/accounts.ts';
import {
  createMember,
  createResource,
  createResourceManager,
  createSystemAdministrator,
  grantIntroduction,
} from '../support/detail-api.ts';
import { e2eEnvironment } from '../support/environment.ts';
import { expect, expectAccessible, test } from '../support/fixtures.ts';
import { startReaderSimulator } from '../support/reader-simulator.ts';

/** Opens the flasher and reads the state it shows. */
async function openFlasher(page: Page) {
  await page.getByRole('button', { name: 'Flash firmware' }).click();
  const dialog = page.getByRole('dialog', { name: 'Flash reader firmware' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('an administrator pairs a reader, a member enrols a card on it, and a tap starts a session', async ({
  page,
  browser,
}) => {
  // Pairing, enrolment and a tap go through the real simulator process, with axe on two pages in
  // two languages and on three modals: 70-100 s on 2 cores shared with other work.
  test.setTimeout(150_000);
  const suffix = randomBytes(3).toString('hex');
  const readerName = `Laser door ${suffix}`;
  const administrator = await createSystemAdministrator('reader-admin');
  const manager = await createResourceManager('reader-manager');
  const resource = await createResource(manager, { name: `Laser cutter ${suffix}` });
  const member = await createMember('reader-member');
  await grantIntroduction(manager, resource.id, member.id);
  const reader = await startReaderSimulator(e2eEnvironment().baseUrl, `e2e-${suffix}`);
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  let uid = '';

  try {
    await test.step('the administrator pairs the reader by the code on its display', async () => {
      const code = (await reader.waitFor(/Pairing code: ([0-9]{6})/))[1] ?? '';
      await openSignedIn(page, administrator, '/resources');
      await page.getByRole('link', { name: 'FABReader' }).click();
      await expect(page).toHaveURL(/\/fabreader$/);
      await expect(page.getByRole('heading', { name: 'FABReader', level: 1 })).toBeVisible();

      await page.getByRole('button', { name: 'Pair a reader' }).click();
      const dialog = page.getByRole('dialog', { name: 'Pair a reader' });
      await dialog.getByRole('textbox', { name: /^Name/ }).fill(readerName);
      await dialog.getByRole('textbox', { name: /^Pairing code/ }).fill('12345');
      await dialog.getByRole('button', { name: 'Pair' }).click();
      await expect(dialog.getByText('Enter the six digits the reader shows.')).toBeVisible();
      await expectAccessible(page);
      await dialog.getByRole('textbox', { name: /^Pairing code/ }).fill(code);
      await dialog.getByRole('button', { name: 'Pair' }).click();
      await expect(page.getByText(`Reader ${readerName} paired`)).toBeVisible();
      await reader.waitFor(/Paired as reader \d+/);

      // The reader reconnects with its new key; the list, asked every second after a pairing,
      // shows it connected without a reload and before its regular 5-second refresh.
      const row = page.getByRole('row', { name: new RegExp(readerName) });
      await expect(row.getByText('Connected', { exact: true })).toBeVisible({ timeout: 4_000 });
      await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    });

    await test.step('and connects it to the resource', async () => {
      await page.getByRole('button', { name: `Edit ${readerName}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit reader' });
      // The checkbox input is visually hidden; people click its label.
      await dialog.getByText(resource.name, { exact: true }).click();
      await expect(dialog.getByRole('checkbox', { name: resource.name })).toBeChecked();
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Reader saved')).toBeVisible();
      await expect(page.getByRole('row', { name: new RegExp(readerName) })).toContainText(resource.name);
    });

    await test.step('the flasher says what this browser can do', async () => {
      const hasSerial = await page.evaluate(() => 'serial' in navigator && navigator.serial !== undefined);
      let dialog = await openFlasher(page);
      // Chromium offers Web Serial on http://127.0.0.1; the e2e server has no firmware folder.
      await expect(
        dialog.getByText(hasSerial ? 'No firmware on this server' : 'Flashing not possible'),
      ).toBeVisible();
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Close' }).first().click();

      // A browser without Web Serial.
      await page.addInitScript(() => {
        Object.defineProperty(Navigator.prototype, 'serial', { get: () => undefined, configurable: true });
      });
      await page.goto('/fabreader?lng=de');
      await expect(page.getByRole('button', { name: 'Leser koppeln' })).toBeVisible();
      await expect(page.getByRole('row', { name: new RegExp(readerName) })).toContainText('Verbunden');
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Firmware flashen' }).click();
      dialog = page.getByRole('dialog', { name: 'Leser-Firmware flashen' });
      await expect(dialog.getByText('Flashen nicht möglich')).toBeVisible();
    });

    await test.step('a member enrols a card on the reader from the NFC cards page', async () => {
      await openSignedIn(memberPage, member, '/resources');
      await memberPage.getByRole('link', { name: 'NFC cards' }).click();
      await expect(memberPage.getByRole('heading', { name: 'NFC cards', level: 1 })).toBeVisible();
      await expect(memberPage.getByRole('link', { name: 'FABReader' })).toHaveCount(0);
      await expect(memberPage.getByText('No cards yet')).toBeVisible();
      await expectAccessible(memberPage);

      // The simulator starts with two factory cards of its own; this one is new and tapped by UID.
      uid = (await reader.type('card new', /New factory card: ([0-9a-f]{14})/))[1] ?? '';
      await memberPage.getByRole('button', { name: 'Enroll a card' }).click();
      const dialog = memberPage.getByRole('dialog', { name: 'Enroll a card' });
      await dialog.getByRole('button', { name: /Reader/ }).click();
      await memberPage.getByRole('option', { name: readerName }).click();
      const beforeStart = reader.mark();
      await dialog.getByRole('button', { name: 'Start' }).click();
      await expect(dialog.getByText(`Hold your card on ${readerName} now…`)).toBeVisible();
      // The server waits for the card once the reader shows its prompt.
      await reader.waitFor(/\[info\] Tap to enroll/, beforeStart);
      await reader.type(`tap ${uid}`, /\[success\] Card enrolled/);

      await expect(memberPage.getByText('Card enrolled', { exact: true })).toBeVisible();
      const row = memberPage.getByRole('row', { name: new RegExp(uid) });
      await expect(row).toBeVisible();
      // A member sees no user column; only system administrators do.
      await expect(memberPage.getByRole('columnheader', { name: 'User' })).toHaveCount(0);
    });

    await test.step('a tap on the reader starts the session, and the resource page shows it live', async () => {
      await memberPage.goto(`/resources/${resource.id}`);
      await expect(memberPage.getByRole('button', { name: 'Start Using Resource' })).toBeVisible();
      await reader.type(`tap ${uid}`, /\[success\] Session started/);
      await expect(memberPage.getByText('In Use', { exact: true })).toBeVisible();
    });

    await test.step('the NFC cards page in German', async () => {
      await memberPage.goto('/nfc-cards?lng=de');
      await expect(memberPage.getByRole('heading', { name: 'NFC-Karten', level: 1 })).toBeVisible();
      await expect(memberPage.getByRole('button', { name: 'Karte einlernen' })).toBeVisible();
      await expectAccessible(memberPage);
    });
  } finally {
    await memberContext.close();
    await reader.stop();
  }
});

test('on plain http under a name other than localhost, the flasher asks for HTTPS', async () => {
  // A made-up name that Chromium resolves to the e2e server: the same app, but not a secure
  // context, as a reader's admin page on a workshop's LAN address without TLS would be.
  const host = 'toolpass-workshop.test';
  const browser = await chromium.launch({
    ...CHROMIUM_LAUNCH_OPTIONS,
    args: [...(CHROMIUM_LAUNCH_OPTIONS.args ?? []), `--host-resolver-rules=MAP ${host} 127.0.0.1`],
  });
  try {
    const page = await browser.newPage();
    const administrator = await createSystemAdministrator('flasher-admin');
    const address = new URL(e2eEnvironment().baseUrl);
    address.hostname = host;
    await openSignedIn(page, administrator, new URL('/fabreader', address).toString());
    expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
    const dialog = await openFlasher(page);
    await expect(dialog.getByText('Flasher requires HTTPS')).toBeVisible();
    await expectAccessible(page);
  } finally {
    await browser.close();
  }
});
