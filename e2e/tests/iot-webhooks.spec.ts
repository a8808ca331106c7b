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
import { hasValidSignature, startWebhookReceiver } from '../support/webhook-receiver.ts';

/**
 * The webhooks accordion of the IoT settings page. The page may show it open or behind its own
 * expander (the page is composed elsewhere); either way this returns the opened region.
 */
async function webhooksRegion(page: Page, title: string) {
  const region = page.getByRole('region', { name: title, exact: true });
  const expander = page.getByRole('button', { name: title, exact: true, expanded: false });
  await expect(region.or(expander).first()).toBeVisible();
  if (await expander.isVisible()) await expander.click();
  await expect(region).toBeVisible();
  return region;
}

const IN_USE_TEMPLATE =
  '{"event":"start","machine":"{{name}}","who":"{{user.username}}","at":"{{timestamp}}","resource":{{id}}}';

test('a manager sets up a signed webhook in the IoT settings; a session start reaches the receiver', async ({
  page,
  browser,
  context,
}, testInfo) => {
  // A whole story across pages and browsers, with axe: it takes most of a minute on 2 cores.
  test.setTimeout(150_000);
  const receiver = await startWebhookReceiver();
  const manager = await createResourceManager('webhook-manager');
  const member = await createMember('webhook-member');
  const resourceName = `Laser "${randomBytes(3).toString('hex')}"`;
  const resource = await createResource(manager, { name: resourceName });
  await grantIntroduction(manager, resource.id, member.id);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const hookName = 'Door display';
  let secret = '';

  try {
    await openSignedIn(page, manager, `/resources/${resource.id}/iot`);
    const region = await webhooksRegion(page, 'Webhooks');
    await expect(region.getByText(/No webhooks yet/)).toBeVisible();

    await test.step('the form refuses an address that is not a URL and previews the body as JSON', async () => {
      await region.getByRole('button', { name: 'Add Webhook' }).click();
      const form = page.getByRole('dialog', { name: 'New Webhook' });
      await expect(form.getByRole('textbox', { name: 'URL' })).toHaveValue('https://');
      await expect(form.getByRole('textbox', { name: 'Headers' })).toHaveValue('{}');
      await expect(form.getByText('Not possible yet')).toBeVisible();
      await expect(form.getByText('Testing unsaved webhooks is not yet supported.')).toBeVisible();
      await expect(form.getByRole('button', { name: 'Test' })).toBeDisabled();

      await form.getByRole('textbox', { name: 'Name' }).fill(hookName);
      await form.getByRole('textbox', { name: 'URL' }).fill('door display');
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Invalid URL')).toBeVisible();
      await expect(form.getByText('Please enter a valid URL.')).toBeVisible();

      await form.getByRole('textbox', { name: 'URL' }).fill(`${receiver.url}/hooks/door`);
      await form.getByRole('textbox', { name: 'Headers' }).fill('{"X-Door": "front"}');
      const template = form.getByRole('textbox', { name: 'Body when a session starts' });
      await template.fill('{"event": {{name}}}');
      await expect(form.getByText('Preview failed')).toBeVisible();
      await template.fill(IN_USE_TEMPLATE);
      await expect(form.getByText('Preview failed')).toHaveCount(0);
      // The name's quotes stay JSON: the preview escapes them as a delivery does.
      await expect(form.getByText(`"machine": "${resourceName.replaceAll('"', '\\"')}"`)).toBeVisible();

      // The switch's input is visually hidden under its track; a person clicks the label.
      await form.getByText('Retry failed deliveries').click();
      await expect(form.getByRole('switch', { name: 'Retry failed deliveries' })).toBeChecked();
      await expect(form.getByRole('textbox', { name: 'Maximum retries' })).toHaveValue('3');
      await expectAccessible(page);
      await saveScreenshot(page, testInfo, 'webhook-form-en');
      await form.getByRole('button', { name: 'Save' }).click();
    });

    await test.step('the new secret is shown once, copied, and gone once the dialog closes', async () => {
      const dialog = page.getByRole('dialog', { name: `Signing secret of "${hookName}"` });
      await expect(dialog.getByText(/It will not be shown again/)).toBeVisible();
      secret = await dialog.getByRole('textbox', { name: 'Secret' }).inputValue();
      expect(secret).toMatch(/^whsec_[0-9a-f]{48}$/);
      await dialog.getByRole('button', { name: 'Copy' }).click();
      await expect(page.getByText('Secret copied')).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
      await dialog.getByRole('button', { name: 'Done' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.locator('body')).not.toContainText(secret);
    });

    const item = region.getByRole('button', { name: new RegExp(hookName) });
    await test.step('the test request reaches the receiver, signed, and the success is shown', async () => {
      await expect(item).toContainText('Active');
      await expect(item).toContainText(`POST ${receiver.url}/hooks/door`);
      await item.click();
      await region.getByRole('button', { name: 'Test', exact: true }).click();
      await expect(page.getByText('Webhook test succeeded')).toBeVisible();
      await expect(page.getByText('The receiver answered HTTP 200.')).toBeVisible();
      const [tested] = receiver.requests;
      expect(tested?.headers['x-webhook-id']).toMatch(/^test-/);
      expect(
        hasValidSignature(
          tested ?? { method: '', path: '', headers: {}, body: '' },
          secret,
          'X-Webhook-Signature',
        ),
      ).toBe(true);
    });

    await test.step('a member starts a session: the receiver gets the filled body with a valid signature', async () => {
      const memberPage = await (await browser.newContext()).newPage();
      await openSignedIn(memberPage, member, `/resources/${resource.id}`);
      await memberPage.getByRole('button', { name: 'Start Using Resource' }).click();
      await expect(memberPage.getByText('Session Started')).toBeVisible();
      await memberPage.context().close();

      const delivered = () =>
        receiver.requests.filter((request) => !request.headers['x-webhook-id']?.startsWith('test-'));
      await expect.poll(() => delivered().length, { timeout: 20_000 }).toBe(1);
      const [request] = delivered();
      if (!request) throw new Error('No delivery arrived');
      expect(request.method).toBe('POST');
      expect(request.path).toBe('/hooks/door');
      expect(request.headers['x-door']).toBe('front');
      expect(hasValidSignature(request, secret, 'X-Webhook-Signature')).toBe(true);
      const body = JSON.parse(request.body) as Record<string, unknown>;
      expect(body).toEqual({
        event: 'start',
        machine: resourceName,
        who: member.username,
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
        resource: resource.id,
      });

      // The open webhook's delivery log reads itself again and shows the delivery.
      const deliveries = region.getByRole('grid', { name: 'Recent deliveries' });
      await expect(deliveries.getByRole('row').filter({ hasText: 'Session started' })).toContainText(
        'Delivered',
        { timeout: 20_000 },
      );
    });

    await test.step('switching the webhook off shows it inactive', async () => {
      await region.getByRole('button', { name: 'Deactivate' }).click();
      await expect(item).toContainText('Inactive');
      await expect(region.getByRole('button', { name: 'Activate' })).toBeVisible();
      await expectAccessible(page);
      await saveScreenshot(page, testInfo, 'webhooks-accordion-en');
    });

    await test.step('the accordion and the form are accessible in German, light and dark, and on a phone', async () => {
      await page.goto(`/resources/${resource.id}/iot?lng=de`);
      const germanRegion = await webhooksRegion(page, 'Webhooks');
      const germanItem = germanRegion.getByRole('button', { name: new RegExp(hookName) });
      await expect(germanItem).toContainText('Inaktiv');
      await germanItem.click();
      await expect(germanRegion.getByRole('button', { name: 'Aktivieren' })).toBeVisible();
      await expectAccessible(page);

      await page.emulateMedia({ colorScheme: 'dark' });
      await expectAccessible(page);
      await page.setViewportSize(MOBILE_VIEWPORT);
      await saveScreenshot(page, testInfo, 'webhooks-accordion-de-dark-phone');

      await germanRegion.getByRole('button', { name: 'Bearbeiten' }).click();
      const form = page.getByRole('dialog', { name: `„${hookName}“ bearbeiten` });
      await expect(form.getByRole('textbox', { name: 'Höchstzahl der Wiederholungen' })).toHaveValue('3');
      await expectAccessible(page);
      await saveScreenshot(page, testInfo, 'webhook-form-de-dark-phone');

      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize({ width: 1280, height: 800 });
      await expectAccessible(page);
      await form.getByRole('button', { name: 'Abbrechen' }).click();
      await germanRegion.getByRole('button', { name: 'Webhook hinzufügen' }).click();
      const newForm = page.getByRole('dialog', { name: 'Neuer Webhook' });
      await expect(newForm.getByText('Noch nicht möglich')).toBeVisible();
      await expectAccessible(page);
    });
  } finally {
    await receiver.close();
  }
});
