import { openSignedIn } from '../support/accounts.ts';
import { createMember, createResource, createResourceManager } from '../support/detail-api.ts';
import { e2eEnvironment } from '../support/environment.ts';
import { expect, expectAccessible, MOBILE_VIEWPORT, saveScreenshot, test } from '../support/fixtures.ts';

test('a manager writes markdown documentation that members read on its page and in the modal', async ({
  page,
  browser,
}, testInfo) => {
  const manager = await createResourceManager('docs-manager');
  const resource = await createResource(manager, { name: `Laser cutter ${Date.now()}` });
  const member = await createMember('docs-reader');

  await test.step('the editor refuses empty markdown, then previews and saves it', async () => {
    await openSignedIn(page, manager, `/resources/${resource.id}/documentation/edit`);
    await expect(page.getByRole('heading', { name: 'Edit Documentation' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'No documentation' })).toBeChecked();
    await page.getByText('Markdown', { exact: true }).click();
    await expect(page.getByRole('radio', { name: 'Markdown' })).toBeChecked();
    await page.getByRole('button', { name: 'Save' }).first().click();
    await expect(page.getByText('Markdown content is required when Markdown type is selected')).toBeVisible();

    const editor = page.getByRole('textbox', { name: 'Markdown content' });
    await expect(editor).toHaveAttribute('rows', '15');
    await editor.fill(
      '# Laser safety\n\nAlways wear **goggles**.\n\n| Material | Power |\n| --- | --- |\n| Plywood 3 mm | 60 % |\n\n- [x] Extraction on',
    );
    await expect(page.getByText('Markdown content is required when Markdown type is selected')).toHaveCount(
      0,
    );
    await page.getByRole('tab', { name: 'Preview' }).click();
    await expect(page.getByRole('heading', { name: 'Laser safety' })).toBeVisible();
    await expectAccessible(page);
    await saveScreenshot(page, testInfo, 'editor-preview');

    // The footer repeats the header's buttons.
    await page.getByRole('button', { name: 'Save' }).last().click();
    await expect(page.getByText('Documentation Saved')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/resources/${resource.id}$`));
  });

  await test.step('a member reads it on the documentation page, without an edit button', async () => {
    const context = await browser.newContext();
    const memberPage = await context.newPage();
    await openSignedIn(memberPage, member, `/resources/${resource.id}/documentation`);
    await expect(memberPage.getByRole('heading', { name: 'Documentation', exact: true })).toBeVisible();
    await expect(memberPage.getByText(resource.name)).toBeVisible();
    await expect(memberPage.getByRole('heading', { name: 'Laser safety' })).toBeVisible();
    await expect(memberPage.getByText('goggles')).toHaveJSProperty('tagName', 'STRONG');
    // GitHub-flavoured: the table is a table, the task a ticked checkbox.
    await expect(memberPage.getByRole('table').getByRole('cell', { name: 'Plywood 3 mm' })).toBeVisible();
    await expect(memberPage.getByRole('checkbox')).toBeChecked();
    await expect(memberPage.getByRole('link', { name: 'Edit' })).toHaveCount(0);
    await expect(memberPage.getByRole('link', { name: 'Back to resource' })).toHaveAttribute(
      'href',
      `/resources/${resource.id}`,
    );
    await expectAccessible(memberPage);
    await saveScreenshot(memberPage, testInfo, 'documentation-page');
    await memberPage.setViewportSize(MOBILE_VIEWPORT);
    await saveScreenshot(memberPage, testInfo, 'documentation-page-mobile');
    await context.close();
  });

  await test.step('the modal on the resource page shows it too, and goes fullscreen', async () => {
    await page.getByRole('button', { name: 'Documentation' }).click();
    const modal = page.getByRole('dialog', { name: `Documentation: ${resource.name}` });
    await expect(modal.getByRole('heading', { name: 'Laser safety' })).toBeVisible();
    await expect(modal.getByRole('link', { name: 'Open in new tab' })).toHaveAttribute(
      'href',
      `/resources/${resource.id}/documentation`,
    );
    // Refreshing reloads an embedded page; markdown has none.
    await expect(modal.getByRole('button', { name: 'Refresh' })).toHaveCount(0);
    await expect(modal.getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/resources/${resource.id}/documentation/edit`,
    );
    await expectAccessible(page);
    await saveScreenshot(page, testInfo, 'modal');
    await modal.getByRole('button', { name: 'Fullscreen' }).click();
    await expect(modal.getByRole('button', { name: 'Fullscreen' })).toHaveAttribute('aria-pressed', 'true');
    await expect(modal).toHaveCSS('width', '1280px');
    await saveScreenshot(page, testInfo, 'modal-fullscreen');
    await modal.getByRole('button', { name: 'Close' }).click();
    await expect(modal).toBeHidden();
  });
});

test('URL documentation is checked, then shown in a sandboxed frame; choosing none removes it', async ({
  page,
}, testInfo) => {
  const manager = await createResourceManager('docs-url');
  const resource = await createResource(manager, { name: `Band saw ${Date.now()}` });
  // A page this server serves, so the frame has something to show without outside network.
  const pageUrl = `${e2eEnvironment().baseUrl}/dependencies`;

  await test.step('empty and unparsable addresses are refused', async () => {
    await openSignedIn(page, manager, `/resources/${resource.id}/documentation/edit`);
    await page.getByText('External page (URL)', { exact: true }).click();
    await expect(page.getByRole('radio', { name: 'External page (URL)' })).toBeChecked();
    await page.getByRole('button', { name: 'Save' }).first().click();
    await expect(page.getByText('URL is required when URL type is selected')).toBeVisible();
    const address = page.getByRole('textbox', { name: 'Page address (URL)' });
    await address.fill('not a url');
    await expect(page.getByText('Please enter a valid URL')).toBeVisible();
    await expect(address).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page);
    await saveScreenshot(page, testInfo, 'editor-invalid-url');
    await address.fill(pageUrl);
    await expect(page.getByText('Please enter a valid URL')).toHaveCount(0);
    await page.getByRole('button', { name: 'Save' }).first().click();
    await expect(page.getByText('Documentation Saved')).toBeVisible();
  });

  await test.step('the documentation page frames the address in a sandbox', async () => {
    await page.goto(`/resources/${resource.id}/documentation`);
    const frame = page.getByTitle(`Documentation of ${resource.name}`);
    await expect(frame).toHaveAttribute('src', pageUrl);
    await expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms');
    const framed = page.frameLocator(`iframe[title="Documentation of ${resource.name}"]`);
    await expect(framed.getByRole('heading', { name: 'Dependencies' })).toBeVisible();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(framed.getByRole('heading', { name: 'Dependencies' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/resources/${resource.id}/documentation/edit`,
    );
    await expectAccessible(page);
    await saveScreenshot(page, testInfo, 'documentation-page-url');
  });

  await test.step('the modal frames it too, with refresh and a new-tab link to the page itself', async () => {
    await page.goto(`/resources/${resource.id}`);
    await page.getByRole('button', { name: 'Documentation' }).click();
    const modal = page.getByRole('dialog', { name: `Documentation: ${resource.name}` });
    await expect(modal.getByRole('link', { name: 'Open in new tab' })).toHaveAttribute('href', pageUrl);
    await expect(modal.getByRole('link', { name: 'Open in new tab' })).toHaveAttribute('target', '_blank');
    await modal.getByRole('button', { name: 'Refresh' }).click();
    const framed = page.frameLocator(`iframe[title="Documentation of ${resource.name}"]`);
    await expect(framed.getByRole('heading', { name: 'Dependencies' })).toBeVisible();
    await saveScreenshot(page, testInfo, 'modal-url');
    await modal.getByRole('link', { name: 'Edit' }).click();
    await expect(page).toHaveURL(new RegExp(`/resources/${resource.id}/documentation/edit$`));
  });

  await test.step('choosing no documentation removes it', async () => {
    await expect(page.getByRole('textbox', { name: 'Page address (URL)' })).toHaveValue(pageUrl);
    await page.getByText('No documentation', { exact: true }).click();
    await expect(page.getByRole('radio', { name: 'No documentation' })).toBeChecked();
    await page.getByRole('button', { name: 'Save' }).first().click();
    await expect(page.getByText('Documentation Saved')).toBeVisible();
    await page.goto(`/resources/${resource.id}/documentation`);
    await expect(page.getByText('No documentation has been added for this resource yet.')).toBeVisible();
  });
});

test('cancel leaves the editor without saving', async ({ page }) => {
  const manager = await createResourceManager('docs-cancel');
  const resource = await createResource(manager, { name: `Drill press ${Date.now()}` });
  await openSignedIn(page, manager, `/resources/${resource.id}/documentation/edit`);
  await page.getByText('Markdown', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Markdown' })).toBeChecked();
  await page.getByRole('textbox', { name: 'Markdown content' }).fill('# Draft');
  await page.getByRole('link', { name: 'Cancel' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/resources/${resource.id}$`));
  await page.goto(`/resources/${resource.id}/documentation`);
  await expect(page.getByText('No documentation has been added for this resource yet.')).toBeVisible();
});

test('a missing resource has no documentation page', async ({ page }) => {
  const member = await createMember('docs-missing');
  await openSignedIn(page, member, '/resources/987654/documentation');
  await expect(page.getByRole('alert')).toContainText('Resource not found');
  await expect(page.getByRole('link', { name: 'Back to resources' })).toHaveAttribute('href', '/resources');
  await expectAccessible(page);
});

test('the documentation page, editor and modal are accessible in German', async ({ page }, testInfo) => {
  const manager = await createResourceManager('docs-de');
  const resource = await createResource(manager, { name: `Fräse ${Date.now()}` });

  await openSignedIn(page, manager, `/resources/${resource.id}/documentation/edit?lng=de`);
  await expect(page.getByRole('heading', { name: 'Dokumentation bearbeiten' })).toBeVisible();
  await page.getByText('Externe Seite (URL)', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Externe Seite (URL)' })).toBeChecked();
  await page.getByRole('button', { name: 'Speichern' }).first().click();
  await expect(page.getByText('Eine URL ist erforderlich, wenn URL ausgewählt ist')).toBeVisible();
  await expectAccessible(page);
  await saveScreenshot(page, testInfo, 'editor-de');

  await page.goto(`/resources/${resource.id}/documentation`);
  await expect(
    page.getByText('Für diese Ressource wurde noch keine Dokumentation hinterlegt.'),
  ).toBeVisible();
  await expectAccessible(page);

  await page.goto(`/resources/${resource.id}`);
  await page.getByRole('button', { name: 'Dokumentation' }).click();
  const modal = page.getByRole('dialog', { name: `Dokumentation: ${resource.name}` });
  await expect(modal.getByRole('button', { name: 'Vollbild' })).toBeVisible();
  await expectAccessible(page);
  await saveScreenshot(page, testInfo, 'modal-de');
});
