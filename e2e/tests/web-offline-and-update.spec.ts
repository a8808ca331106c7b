import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../playwright.config.ts';
import { openSignedIn } from '../support/accounts.ts';
import { createResource, createResourceManager } from '../support/detail-api.ts';
import { e2eEnvironment } from '../support/environment.ts';
import { expect, expectAccessible, test } from '../support/fixtures.ts';

// The other stories block service workers to save each new page the precache download; these are
// about the worker itself.
test.use({ serviceWorkers: 'allow' });

const DIST = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));

/** Waits until a service worker controls the page (the first visit installs it; a reload uses it). */
async function controlledByServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

test('the installed app opens offline with a banner and recovers when the network returns', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await controlledByServiceWorker(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  const banner = page.getByRole('status').filter({ hasText: 'You are offline' });
  await expect(banner).toBeVisible();
  // A form that needs the server cannot be sent, and says why: the banner describes its button.
  const signIn = page.getByRole('button', { name: 'Sign in' });
  await expect(signIn).toBeDisabled();
  await expect(signIn).toHaveAccessibleDescription(/You are offline/);
  await expectAccessible(page);
  // The API is never answered from a cache.
  const health = await page.evaluate(() =>
    fetch('/api/health').then(
      (response) => response.status,
      () => 'network error',
    ),
  );
  expect(health).toBe('network error');
  await page.goto('/?lng=de');
  await expect(page.getByRole('status').filter({ hasText: 'Du bist offline' })).toBeVisible();
  await expectAccessible(page);
  await page.goto('/?lng=en');

  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
  await expect(signIn).toBeEnabled();
  expect(await page.evaluate(() => fetch('/api/health').then((response) => response.status))).toBe(200);
});

test('a new version opens the update prompt; reminding hides it, updating reloads into the new version', async ({
  page,
}) => {
  const workerFile = path.join(DIST, 'service-worker.js');
  const shellFile = path.join(DIST, 'index.html');
  const [worker, shell] = await Promise.all([readFile(workerFile, 'utf8'), readFile(shellFile, 'utf8')]);
  try {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await controlledByServiceWorker(page);

    // A new build: a changed shell, and a worker that precaches it under a new revision.
    const marker = `<!-- build ${Date.now()} -->`;
    await writeFile(shellFile, shell.replace('</head>', `${marker}</head>`));
    await writeFile(
      workerFile,
      worker.replace(
        /"revision":"[0-9a-f]+","url":"index\.html"/,
        `"revision":"${Date.now()}","url":"index.html"`,
      ),
    );
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
    const prompt = page.getByRole('dialog').filter({ hasText: 'New Version Available' });
    await expect(prompt).toBeVisible({ timeout: 15_000 });
    await expect(prompt.getByText(/^Last updated: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/)).toBeVisible();
    await expectAccessible(page);

    await prompt.getByRole('button', { name: 'Remind Me in 10 minutes' }).click();
    await expect(prompt).toHaveCount(0);

    // The version still waits: the next visit asks again (here in German), and updating takes the
    // new shell.
    await page.goto('/?lng=de');
    const germanPrompt = page.getByRole('dialog').filter({ hasText: 'Neue Version verfügbar' });
    await expect(germanPrompt).toBeVisible({ timeout: 15_000 });
    await expectAccessible(page);
    await germanPrompt.getByRole('button', { name: 'Jetzt aktualisieren (sofort)' }).click();
    await expect.poll(() => page.content().catch(() => ''), { timeout: 15_000 }).toContain(marker);
    await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
  } finally {
    await page.goto('/?lng=en');
    await Promise.all([writeFile(workerFile, worker), writeFile(shellFile, shell)]);
  }
});

test('Chromium finds the app installable, and the manifest has what phones need', async () => {
  // Chromium never offers installation in a private window, which every test context is; a
  // profile on disk is an ordinary window.
  const profile = await mkdtemp(path.join(os.tmpdir(), 'toolpass-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...CHROMIUM_LAUNCH_OPTIONS,
    baseURL: e2eEnvironment().baseUrl,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors.map((error) => error.errorId)).toEqual([]);

    const manifest = await page.evaluate(() => fetch('/manifest.json').then((response) => response.json()));
    expect(manifest).toMatchObject({
      name: 'Toolpass',
      short_name: 'Toolpass',
      start_url: '/',
      scope: '/',
      display: 'standalone',
    });
    const icons = manifest.icons as { sizes: string; purpose?: string }[];
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`)).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
    );
    // Light and dark theme colours (spec 01 §1): white and black.
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', /#(ffffff|000000)/);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
});

test('offline, a resource page keeps what it showed and disables starting, with the reason', async ({
  page,
  context,
}) => {
  const manager = await createResourceManager('offline');
  const resource = await createResource(manager, { name: `Drill ${Date.now()}` });
  await openSignedIn(page, manager, `/resources/${resource.id}`);
  const start = page.getByRole('button', { name: 'Start Using Resource' });
  await expect(start).toBeEnabled();

  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: resource.name })).toBeVisible();
  await expect(start).toBeDisabled();
  await expect(page.getByText('Needs a connection to the server.')).toBeVisible();

  await context.setOffline(false);
  await expect(start).toBeEnabled();
  await start.click();
  await expect(page.getByText('You are using this resource')).toBeVisible();
});

test('an installed app opened offline shows the pages a member last saw, and sign-out forgets them', async ({
  page,
  context,
}) => {
  const manager = await createResourceManager('offline-start');
  const resource = await createResource(manager, { name: `Lathe ${Date.now()}` });
  await openSignedIn(page, manager, `/resources/${resource.id}`);
  await expect(page.getByRole('heading', { level: 1, name: resource.name })).toBeVisible();
  await controlledByServiceWorker(page);
  await expect(page.getByRole('heading', { level: 1, name: resource.name })).toBeVisible();
  // The answers are written a moment after they change.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('toolpass-query-cache') ?? ''))
    .toContain(resource.name);

  // A cold start without a network: the page comes back from what was kept, not an error.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: resource.name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start Using Resource' })).toBeDisabled();

  await context.setOffline(false);
  await expect(page.getByRole('button', { name: 'Start Using Resource' })).toBeEnabled();
  await page.getByRole('button', { name: `Account menu of ${manager.username}` }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('toolpass-query-cache'))).toBeNull();
});
