import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { startOidcProvider } from '@toolpass/server/testing';
import { openSignedIn } from '../support/accounts.ts';
import {
  createGroup,
  createMember,
  createResource,
  createResourceManager,
  createSystemAdministrator,
} from '../support/detail-api.ts';
import { e2eEnvironment } from '../support/environment.ts';
import { DESKTOP_VIEWPORT, expect, expectAccessible, MOBILE_VIEWPORT, test } from '../support/fixtures.ts';
import { createMqttConfiguration, createMqttServer } from '../support/mqtt-api.ts';
import { addResourceToGroup, endUsage, startUsage } from '../support/resource-overview-api.ts';

/** A word only this run's data contains, so lists shared with other specs can be searched. */
const unique = () => randomBytes(4).toString('hex');

type Language = 'en' | 'de';
type Look = { language: Language; width: number };

/**
 * Every combination an administrator's screen must hold up in: phone and desktop, en and de,
 * light and dark; each is checked by `check` and by axe.
 */
async function eachLook(page: Page, path: string, check: (look: Look) => Promise<void>) {
  for (const viewport of [MOBILE_VIEWPORT, DESKTOP_VIEWPORT]) {
    for (const language of ['en', 'de'] as const) {
      for (const colorScheme of ['light', 'dark'] as const) {
        await test.step(`${viewport.width} px, ${language}, ${colorScheme}`, async () => {
          await page.setViewportSize(viewport);
          await page.emulateMedia({ colorScheme });
          await page.goto(`${path}${path.includes('?') ? '&' : '?'}lng=${language}`);
          await check({ language, width: viewport.width });
          await expectAccessible(page);
        });
      }
    }
  }
}

/** The element ends inside the screen: nothing of it is cut off at the right edge. */
async function expectInsideScreen(page: Page, locator: ReturnType<Page['locator']>) {
  const box = await locator.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box, 'the element is laid out').not.toBeNull();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
}

test('a group page lists its resources, adds one by search and removes one after asking', async ({
  page,
}) => {
  test.slow();
  const word = unique();
  const manager = await createResourceManager('group-page-manager');
  const group = await createGroup(manager, `Wood shop ${word}`);
  const saw = await createResource(manager, { name: `Band saw ${word}` });
  const planer = await createResource(manager, { name: `Planer ${word}` });
  await addResourceToGroup(manager, group.id, saw.id);
  await openSignedIn(page, manager, `/resource-groups/${group.id}`);

  await test.step('the manager adds a resource found by its name', async () => {
    const card = page.getByRole('region', { name: 'Resources in this group' });
    await expect(card.getByRole('link', { name: saw.name })).toBeVisible();
    await card.getByRole('searchbox', { name: 'Add a resource' }).fill(`Planer ${word}`);
    await card.getByRole('option', { name: planer.name }).click();
    await card.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByText(`${planer.name} now belongs to ${group.name}.`)).toBeVisible();
    await expect(card.getByRole('list', { name: `Resources of ${group.name}` }).getByRole('link')).toHaveText(
      [saw.name, planer.name],
    );
  });

  await test.step('removing asks first; cancelling keeps the resource', async () => {
    const card = page.getByRole('region', { name: 'Resources in this group' });
    await card.getByRole('button', { name: `Remove ${saw.name} from the group` }).click();
    const question = page.getByRole('alertdialog', { name: `Remove "${saw.name}" from "${group.name}"?` });
    await expect(question).toBeVisible();
    await expectAccessible(page);
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(card.getByRole('link', { name: saw.name })).toBeVisible();

    for (const resource of [saw, planer]) {
      await card.getByRole('button', { name: `Remove ${resource.name} from the group` }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
      await expect(card.getByRole('link', { name: resource.name })).toHaveCount(0);
    }
    await expect(card.getByText('No resources in this group yet')).toBeVisible();
    await expect(card.getByText('Search for a resource above and add it.')).toBeVisible();
  });

  await test.step('a resource already in the group is listed but cannot be chosen again', async () => {
    await addResourceToGroup(manager, group.id, saw.id);
    await page.reload();
    const card = page.getByRole('region', { name: 'Resources in this group' });
    await expect(card.getByRole('link', { name: saw.name })).toBeVisible();
    await card.getByRole('searchbox', { name: 'Add a resource' }).fill(`Band saw ${word}`);
    await expect(
      card.getByRole('option', { name: new RegExp(`${saw.name} · already in this group`) }),
    ).toHaveAttribute('aria-disabled', 'true');
  });

  await eachLook(page, `/resource-groups/${group.id}`, async ({ language }) => {
    const card = page.getByRole('region', {
      name: language === 'en' ? 'Resources in this group' : 'Ressourcen in dieser Gruppe',
    });
    await expect(card.getByRole('link', { name: saw.name })).toBeVisible();
    const remove = card.getByRole('button', {
      name: language === 'en' ? `Remove ${saw.name} from the group` : `${saw.name} aus der Gruppe entfernen`,
    });
    await expect(remove).toBeVisible();
    await expectInsideScreen(page, remove);
  });
});

test('a member sees a group’s resources but no controls to change them', async ({ page }) => {
  const word = unique();
  const manager = await createResourceManager('group-page-owner');
  const group = await createGroup(manager, `Metal shop ${word}`);
  const lathe = await createResource(manager, { name: `Lathe ${word}` });
  await addResourceToGroup(manager, group.id, lathe.id);
  const empty = await createGroup(manager, `Empty shop ${word}`);
  const member = await createMember('group-page-member');
  await openSignedIn(page, member, `/resource-groups/${group.id}`);
  const card = page.getByRole('region', { name: 'Resources in this group' });
  await expect(card.getByRole('link', { name: lathe.name })).toBeVisible();
  await expect(card.getByRole('button', { name: /Remove/ })).toHaveCount(0);
  await expect(card.getByRole('searchbox')).toHaveCount(0);
  await page.goto(`/resource-groups/${empty.id}`);
  await expect(page.getByText('No resources in this group yet')).toBeVisible();
  await expect(page.getByText('A resource manager can add resources to it.')).toBeVisible();
  await expectAccessible(page);
});

test('the Webhooks & MQTT page lists every resource’s integrations and leads to their IoT settings', async ({
  page,
}) => {
  test.slow();
  const word = unique();
  const manager = await createResourceManager('integrations-manager');
  const kiln = await createResource(manager, { name: `Kiln ${word}` });
  const { token } = manager;
  const hook = await fetch(new URL(`/api/resources/${kiln.id}/webhooks`, e2eEnvironment().baseUrl), {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: `Kiln display ${word}`, url: 'https://hooks.example.org/kiln' }),
  });
  expect(hook.status).toBe(201);
  const server = await createMqttServer(manager, `Hall broker ${word}`);
  await createMqttConfiguration(manager, kiln.id, {
    name: `Kiln relay ${word}`,
    serverId: server.id,
    topic: `e2e/${word}/kiln`,
  });
  await openSignedIn(page, manager, '/resources');

  await test.step('the sidebar leads to the page, and a row to the resource’s IoT settings', async () => {
    await page.getByRole('link', { name: 'Webhooks & MQTT' }).click();
    await expect(page).toHaveURL(/\/integrations$/);
    await expect(page.getByRole('heading', { name: 'Webhooks & MQTT', level: 1 })).toBeVisible();
    const webhooks = page.getByRole('grid', { name: 'Webhooks' });
    const row = webhooks.getByRole('row', { name: new RegExp(`Kiln display ${word}`) });
    await expect(row).toContainText('POST https://hooks.example.org/kiln');
    await expect(row).toContainText('Active');
    const mqtt = page.getByRole('grid', { name: 'MQTT configurations' });
    await expect(mqtt.getByRole('row', { name: new RegExp(`Kiln relay ${word}`) })).toContainText(
      `Hall broker ${word} · e2e/${word}/kiln`,
    );
    await row.getByRole('link', { name: new RegExp(kiln.name) }).click();
    await expect(page).toHaveURL(new RegExp(`/resources/${kiln.id}/iot$`));
  });

  await eachLook(page, '/integrations', async ({ language, width }) => {
    const [webhooksTitle, mqttTitle, help] =
      language === 'en'
        ? ['Webhooks', 'MQTT configurations', 'Help']
        : ['Webhooks', 'MQTT-Konfigurationen', 'Hilfe'];
    const row = page.getByRole('grid', { name: webhooksTitle }).getByRole('row', {
      name: new RegExp(`Kiln display ${word}`),
    });
    await expect(row).toBeVisible();
    await expectInsideScreen(page, row.getByRole('link', { name: new RegExp(kiln.name) }));
    await expect(page.getByRole('grid', { name: mqttTitle })).toContainText(`Kiln relay ${word}`);
    // The sidebar (always shown from 768 px) names the project's documentation "Help".
    if (width >= 768) {
      await expect(page.getByRole('link', { name: help, exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Documentation', exact: true })).toHaveCount(0);
    }
  });
});

test('the SSO dialog shows the redirect URI before saving and fills the addresses from any issuer', async ({
  page,
  context,
}) => {
  test.slow();
  // An issuer at a path of its own, as Authentik (/application/o/{slug}) and Entra ID have it.
  const op = await startOidcProvider({ path: '/application/o/toolpass' });
  const redirectUri = `${e2eEnvironment().baseUrl}/api/auth/sso/OIDC/callback`;
  try {
    const admin = await createSystemAdministrator('sso-first-week');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: e2eEnvironment().baseUrl,
    });
    await openSignedIn(page, admin, '/sso/providers');

    await test.step('the redirect URI is there as the dialog opens, and copies', async () => {
      await page.getByRole('button', { name: 'Add provider' }).click();
      const form = page.getByRole('dialog', { name: 'Add SSO provider' });
      await expect(form.getByRole('textbox', { name: 'Redirect URI' })).toHaveValue(redirectUri);
      await expect(form.getByText(/Register this address at the provider first/)).toBeVisible();
      await form.getByRole('button', { name: 'Copy' }).click();
      await expect(page.getByText('Redirect URI copied')).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(redirectUri);
    });

    await test.step('the issuer alone fills the other addresses, read by the server', async () => {
      const form = page.getByRole('dialog', { name: 'Add SSO provider' });
      const fill = form.getByRole('button', { name: 'Fill in from the issuer' });
      await expect(fill).toBeDisabled();
      await form.getByRole('textbox', { name: 'Issuer' }).fill(`${op.origin}/application/o/nothing-here`);
      await fill.click();
      await expect(form.getByText(/^Failed to discover configuration/)).toBeVisible();
      await form.getByRole('textbox', { name: 'Issuer' }).fill(`${op.issuer}/`);
      await fill.click();
      await expect(form.getByRole('textbox', { name: 'Issuer' })).toHaveValue(op.issuer);
      await expect(form.getByRole('textbox', { name: 'Authorization URL' })).toHaveValue(`${op.issuer}/auth`);
      await expect(form.getByRole('textbox', { name: 'Token URL' })).toHaveValue(`${op.issuer}/token`);
      await expect(form.getByRole('textbox', { name: 'User info URL' })).toHaveValue(`${op.issuer}/me`);
      await expectAccessible(page);
    });

    await eachLook(page, '/sso/providers', async ({ language, width }) => {
      const [add, title, uriLabel, copy] =
        language === 'en'
          ? ['Add provider', 'Add SSO provider', 'Redirect URI', 'Copy']
          : ['Anbieter hinzufügen', 'SSO-Anbieter hinzufügen', 'Weiterleitungs-URI', 'Kopieren'];
      await page.getByRole('button', { name: add }).click();
      const form = page.getByRole('dialog', { name: title });
      await expect(form.getByRole('textbox', { name: uriLabel })).toHaveValue(redirectUri);
      const copyButton = form.getByRole('button', { name: copy });
      await expect(copyButton).toBeVisible();
      if (width < 768) await expectInsideScreen(page, copyButton);
    });
  } finally {
    await op.close();
  }
});

test('the Usage page charts the last 30 days, both days named, on a phone and a desktop, in both languages and looks', async ({
  page,
}) => {
  test.slow();
  const manager = await createResourceManager('usage-page-manager');
  // A session today, so the range has something to chart.
  const lathe = await createResource(manager, { name: `Lathe ${unique()}` });
  await startUsage(manager, lathe.id);
  await endUsage(manager, lathe.id);
  await openSignedIn(page, manager, '/usage');
  const last = new Date();
  const first = new Date(last.getFullYear(), last.getMonth(), last.getDate() - 29);
  // Day/month/year, as every date on the screens.
  const day = (date: Date) =>
    `${String(date.getDate()).padStart(2, '0')}/${String(date.getMonth() + 1).padStart(2, '0')}/${date.getFullYear()}`;
  const words = {
    en: { title: 'Usage', chart: 'Hours per resource', range: 'to', included: 'both days included' },
    de: {
      title: 'Nutzung',
      chart: 'Stunden pro Ressource',
      range: 'bis',
      included: 'beide Tage eingeschlossen',
    },
  };
  await eachLook(page, '/usage', async ({ language }) => {
    const text = words[language];
    await expect(page.getByRole('heading', { name: text.title, level: 1 })).toBeVisible();
    await expect(
      page.getByText(`${day(first)} ${text.range} ${day(last)}, ${text.included}`).first(),
    ).toBeVisible();
    // The charts are a chunk of their own: slow on a busy machine.
    await expect(page.getByRole('heading', { name: text.chart, level: 2 })).toBeVisible({ timeout: 30_000 });
  });
});
