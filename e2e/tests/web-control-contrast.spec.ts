import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { openSignedIn } from '../support/accounts.ts';
import { type ControlBoundary, expectControlBoundaries } from '../support/control-contrast.ts';
import {
  createGroup,
  createResource,
  createResourceAndSystemManager,
  pairReader,
} from '../support/detail-api.ts';
import { e2eEnvironment } from '../support/environment.ts';
import { expect, test } from '../support/fixtures.ts';
import { createMqttServer } from '../support/mqtt-api.ts';
import { startReaderSimulator } from '../support/reader-simulator.ts';

const THEMES = ['light', 'dark'] as const;

async function openDialog(page: Page, button: Locator, name: string): Promise<Locator> {
  await button.click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** By its close button, as a person would; Escape where a dialog has none. */
async function closeDialog(page: Page, dialog: Locator) {
  const close = dialog.getByRole('button', { name: 'Close', exact: true });
  if ((await close.count()) > 0) await close.first().click();
  else await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

for (const theme of THEMES) {
  test(`every form control shows a boundary of 3:1 at rest (${theme} theme)`, async ({ page }, testInfo) => {
    // Eleven screens and their dialogs, with a reader paired through the real simulator.
    test.setTimeout(150_000);
    const suffix = randomBytes(3).toString('hex');
    await page.addInitScript((choice) => window.localStorage.setItem('heroui-theme', choice), theme);
    const reader = await startReaderSimulator(e2eEnvironment().baseUrl, `contrast-${suffix}`);
    const measured: (ControlBoundary & { screen: string })[] = [];
    const expectBoundaries = async (...args: Parameters<typeof expectControlBoundaries>) => {
      for (const control of await expectControlBoundaries(...args))
        measured.push({ ...control, screen: args[1] });
    };

    try {
      await test.step('sign-in and registration', async () => {
        await page.goto('/');
        await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await expectBoundaries(page, 'the sign-in screen', ['text field']);
        await page.getByRole('button', { name: 'Sign up' }).click();
        await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
        await expectBoundaries(page, 'the registration screen', ['text field']);
      });

      const manager = await createResourceAndSystemManager(`contrast-${theme}`);
      const resource = await createResource(manager, { name: `Lathe ${suffix}` });
      const group = await createGroup(manager, `Metal shop ${suffix}`);
      const readerName = `Door ${suffix}`;
      const code = (await reader.waitFor(/Pairing code: ([0-9]{6})/))[1] ?? '';
      await pairReader(manager, readerName, code);

      await test.step('resources: overview, filters, new resource, new group', async () => {
        await openSignedIn(page, manager, '/resources');
        await expect(page.getByRole('heading', { name: 'Resources', exact: true })).toBeVisible();
        await expectBoundaries(page, 'the overview', ['text field']);

        let dialog = await openDialog(
          page,
          page.getByRole('button', { name: 'Filter', exact: true }),
          'Filter',
        );
        await expectBoundaries(page, 'the filter drawer', ['switch']);
        await closeDialog(page, dialog);

        dialog = await openDialog(
          page,
          page.getByRole('button', { name: 'Add Resource' }),
          'Create Resource',
        );
        await expect(dialog.getByRole('switch', { name: 'Allow takeover by other users' })).not.toBeChecked();
        await expectBoundaries(page, 'the create-resource dialog', ['text field', 'switch']);
        await closeDialog(page, dialog);

        dialog = await openDialog(page, page.getByRole('button', { name: 'Add Group' }), 'Add Group');
        await expectBoundaries(page, 'the new-group dialog', ['text field']);
        await closeDialog(page, dialog);
      });

      await test.step('a resource: its page and its QR code dialog', async () => {
        await page.goto(`/resources/${resource.id}`);
        await expect(page.getByRole('heading', { level: 1, name: resource.name })).toBeVisible();
        await expect(page.getByRole('checkbox', { name: 'Show all users' })).toBeVisible();
        await expectBoundaries(page, 'the resource page', ['text field', 'checkbox']);
        const dialog = await openDialog(page, page.getByRole('button', { name: 'QR Code' }), 'QR Code');
        await expectBoundaries(page, 'the QR code dialog', ['radio', 'text field']);
        await closeDialog(page, dialog);
      });

      await test.step('a group page', async () => {
        await page.goto(`/resource-groups/${group.id}`);
        await expect(page.getByRole('heading', { level: 1, name: group.name })).toBeVisible();
        await expectBoundaries(page, 'the group page', ['text field']);
      });

      await test.step('a new webhook, off and on', async () => {
        await page.goto(`/resources/${resource.id}/iot`);
        const expander = page.getByRole('button', { name: 'Webhooks', exact: true, expanded: false });
        const addWebhook = page.getByRole('button', { name: 'Add Webhook' });
        await expect(addWebhook.or(expander).first()).toBeVisible();
        if (await expander.isVisible()) await expander.click();
        const dialog = await openDialog(page, addWebhook, 'New Webhook');
        await expectBoundaries(page, 'the webhook form', ['text field', 'select', 'switch']);
        await dialog.getByText('Retry failed deliveries').click();
        await expect(dialog.getByRole('switch', { name: 'Retry failed deliveries' })).toBeChecked();
        await expectBoundaries(page, 'the webhook form with retries', ['text field', 'select', 'switch']);
        await closeDialog(page, dialog);
      });

      await test.step('MQTT: a server form and a configuration form', async () => {
        // With a stored password the form offers a checkbox to clear it.
        const server = await createMqttServer(manager, `Broker ${suffix}`, {
          username: 'relay',
          password: `pw-${suffix}`,
        });
        await page.goto(`/mqtt/servers/${server.id}`);
        await expect(page.getByRole('heading', { name: 'Edit MQTT Server' })).toBeVisible();
        await expectBoundaries(page, 'the MQTT server form', ['text field', 'checkbox', 'switch']);
        await page.goto(`/resources/${resource.id}/iot/mqtt/create`);
        await expect(page.getByRole('heading', { name: 'New MQTT Configuration' })).toBeVisible();
        await expectBoundaries(page, 'the MQTT configuration form', ['text field', 'select', 'switch']);
      });

      await test.step('readers: pairing, editing, enrolling a card', async () => {
        await page.goto('/fabreader');
        let dialog = await openDialog(
          page,
          page.getByRole('button', { name: 'Pair a reader' }),
          'Pair a reader',
        );
        await expectBoundaries(page, 'the pairing dialog', ['text field']);
        await closeDialog(page, dialog);
        dialog = await openDialog(
          page,
          page.getByRole('button', { name: `Edit ${readerName}` }),
          'Edit reader',
        );
        await expectBoundaries(page, 'the reader dialog', ['text field', 'checkbox']);
        await closeDialog(page, dialog);

        await page.goto('/nfc-cards');
        dialog = await openDialog(page, page.getByRole('button', { name: 'Enroll a card' }), 'Enroll a card');
        // The reader list offers only connected readers; the paired simulator reconnects with its key.
        await expect(dialog.getByRole('button', { name: /Reader/ })).toBeEnabled({ timeout: 15_000 });
        await expectBoundaries(page, 'the enrolment dialog', ['select']);
        await closeDialog(page, dialog);
      });
    } finally {
      await reader.stop();
      // The figures behind the verdict, kept with the test's results.
      await writeFile(
        testInfo.outputPath(`control-boundaries-${theme}.json`),
        JSON.stringify(measured, null, 2),
      );
    }
  });
}
