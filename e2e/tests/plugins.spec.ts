import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { openSignedIn } from '../support/accounts.ts';
import {
  createMember,
  createResource,
  createResourceAndSystemManager,
  grantIntroduction,
  type SignedInAccount,
} from '../support/detail-api.ts';
import { DESKTOP_VIEWPORT, expect, expectAccessible, MOBILE_VIEWPORT, test } from '../support/fixtures.ts';
import {
  examplePluginZip,
  frontendOnlyZip,
  installPlugin,
  listPlugins,
  removePlugins,
} from '../support/plugins-api.ts';
import { startUsage } from '../support/resource-overview-api.ts';

const EXAMPLE = 'session-counter';
const RELOAD_TIMEOUT_MS = 20_000;

const TEXTS = {
  en: {
    pluginsTitle: 'Plugins',
    fileLabel: 'Plugin package (.zip)',
    upload: 'Upload plugin',
    invalidZip: 'Please select a valid .zip file',
    counterTitle: 'Session counter',
    sidebar: 'Sidebar',
    openNavigation: 'Open navigation',
  },
  de: {
    pluginsTitle: 'Plugins',
    fileLabel: 'Plugin-Paket (.zip)',
    upload: 'Plugin hochladen',
    invalidZip: 'Bitte wähle eine gültige .zip-Datei aus',
    counterTitle: 'Sitzungszähler',
    sidebar: 'Seitenleiste',
    openNavigation: 'Navigation öffnen',
  },
} as const;
type Texts = (typeof TEXTS)[keyof typeof TEXTS];

/** Phone and desktop, English and German; axe on each. */
async function eachLook(page: Page, path: string, check: (texts: Texts) => Promise<void>) {
  for (const viewport of [MOBILE_VIEWPORT, DESKTOP_VIEWPORT]) {
    for (const language of ['en', 'de'] as const) {
      await test.step(`${path} at ${viewport.width} px, ${language}`, async () => {
        await page.setViewportSize(viewport);
        await page.goto(`${path}?lng=${language}`);
        await check(TEXTS[language]);
        await expectAccessible(page);
      });
    }
  }
}

/** The sidebar's link, opening the sidebar first where a phone hides it behind the menu button. */
async function sidebarLink(page: Page, texts: Texts, name: string) {
  // The sidebar is always open from 768 px on (spec 01 §2).
  if ((page.viewportSize()?.width ?? 0) < 768)
    await page.getByRole('button', { name: texts.openNavigation }).click();
  return page.getByRole('complementary', { name: texts.sidebar }).getByRole('link', { name });
}

const unique = () => randomBytes(4).toString('hex');

test('an administrator installs the example plugin: its sidebar item, page and resource action appear; removing it takes them away', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const admin = await createResourceAndSystemManager('plugin-admin');
  const resource = await createResource(admin, { name: `Laser ${unique()}` });
  const member = await createMember('plugin-member');
  await grantIntroduction(admin, resource.id, member.id);
  await openSignedIn(page, admin, '/plugins');

  try {
    await test.step('a file that is not a .zip is refused before anything is sent', async () => {
      await eachLook(page, '/plugins', async (texts) => {
        await expect(page.getByRole('heading', { level: 1, name: texts.pluginsTitle })).toBeVisible();
        await page.getByLabel(texts.fileLabel).setInputFiles({
          name: 'notes.txt',
          mimeType: 'text/plain',
          buffer: Buffer.from('not a plugin'),
        });
        await page.getByRole('button', { name: texts.upload }).click();
        await expect(page.getByRole('alert').filter({ hasText: texts.invalidZip })).toBeVisible();
      });
      expect((await listPlugins(admin)).map((plugin) => plugin.name)).not.toContain(EXAMPLE);
    });

    await test.step('the upload installs the plugin and the page reloads', async () => {
      await page.setViewportSize(DESKTOP_VIEWPORT);
      await page.goto('/plugins?lng=en');
      await page.getByLabel(TEXTS.en.fileLabel).setInputFiles({
        name: 'session-counter.zip',
        mimeType: 'application/zip',
        buffer: examplePluginZip(),
      });
      const reloaded = page.waitForEvent('load', { timeout: RELOAD_TIMEOUT_MS });
      await page.getByRole('button', { name: TEXTS.en.upload }).click();
      await expect(page.getByText(`Plugin ${EXAMPLE} installed`)).toBeVisible();
      await expect(page.getByText('The page reloads in 5 seconds.')).toBeVisible();
      await reloaded;
      await expect(page.getByRole('row', { name: new RegExp(EXAMPLE) })).toContainText('Loaded');
    });

    await test.step("the plugin's sidebar item opens its page", async () => {
      await eachLook(page, '/resources', async (texts) => {
        const link = await sidebarLink(page, texts, texts.counterTitle);
        await link.click();
        await expect(page).toHaveURL(/\/session-counter$/);
        await expect(page.getByRole('heading', { level: 1, name: texts.counterTitle })).toBeVisible();
      });
    });

    await test.step("the plugin's action on a resource's page opens the resource's count", async () => {
      await startUsage(member, resource.id);
      await page.goto(`/resources/${resource.id}?lng=en`);
      await page
        .getByRole('group', { name: 'Manage resource' })
        .getByRole('button', { name: 'Session count' })
        .click();
      await expect(page).toHaveURL(new RegExp(`/session-counter/${resource.id}$`));
      await expect(
        page.getByRole('heading', { level: 1, name: `Sessions of resource ${resource.id}` }),
      ).toBeVisible();
      // The plugin's backend counts from the usage events, delivered in the background.
      await expect(async () => {
        await page.reload();
        await expect(page.getByText('1 session started')).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 30_000 });
      await expectAccessible(page);
    });

    await test.step('removing it, after a confirmation, takes its item, page and action away', async () => {
      await page.goto('/plugins?lng=en');
      await page.getByRole('button', { name: `Remove plugin ${EXAMPLE}` }).click();
      const dialog = page.getByRole('alertdialog', { name: `Remove plugin ${EXAMPLE}?` });
      await expect(dialog).toBeVisible();
      await expectAccessible(page);
      const reloaded = page.waitForEvent('load', { timeout: RELOAD_TIMEOUT_MS });
      await dialog.getByRole('button', { name: 'Remove plugin' }).click();
      await expect(page.getByText(`Plugin ${EXAMPLE} removed`)).toBeVisible();
      await reloaded;
      await expect(page.getByRole('heading', { level: 1, name: 'Plugins' })).toBeVisible();
      await expect(page.getByRole('row', { name: new RegExp(EXAMPLE) })).toHaveCount(0);
      await expect(page.getByRole('link', { name: TEXTS.en.counterTitle })).toHaveCount(0);

      await page.goto('/session-counter?lng=en');
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
      await page.goto(`/resources/${resource.id}?lng=en`);
      const manage = page.getByRole('group', { name: 'Manage resource' });
      await expect(manage.getByRole('button', { name: 'Edit' })).toBeVisible();
      await expect(manage.getByRole('button', { name: 'Session count' })).toHaveCount(0);
    });
  } finally {
    await removePlugins(admin, [EXAMPLE]);
  }
});

test('a plugin whose frontend fails to load is skipped with a console message; the app and the other plugins work', async ({
  page,
}) => {
  const admin: SignedInAccount = await createResourceAndSystemManager('plugin-admin');
  const word = unique();
  const broken = `broken-syntax-${word}`;
  const shapeless = `no-definition-${word}`;
  const unshared = `unshared-import-${word}`;
  await installPlugin(admin, frontendOnlyZip(broken, 'export default {;'));
  await installPlugin(admin, frontendOnlyZip(shapeless, 'export default 42;'));
  await installPlugin(
    admin,
    frontendOnlyZip(unshared, "import { useBlocker } from 'react-router';\nexport default useBlocker;"),
  );
  await installPlugin(admin, examplePluginZip());
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });

  try {
    await openSignedIn(page, admin, '/resources?lng=en');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    await expect(sidebar.getByRole('link', { name: 'Resources' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: TEXTS.en.counterTitle })).toBeVisible();
    for (const name of [broken, shapeless, unshared]) {
      await expect.poll(() => errors.join('\n')).toContain(`Plugin ${name} is skipped`);
    }

    await sidebar.getByRole('link', { name: 'Plugins' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Plugins' })).toBeVisible();
    for (const name of [broken, shapeless, unshared, EXAMPLE]) {
      await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
    }
    await expectAccessible(page);
  } finally {
    await removePlugins(admin, [broken, shapeless, unshared, EXAMPLE]);
  }
});
