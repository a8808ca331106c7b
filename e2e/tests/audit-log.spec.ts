import type { Page } from '@playwright/test';
import { createVerifiedAccount, openSignedIn, uniqueAccount } from '../support/accounts.ts';
import { e2eEnvironment } from '../support/environment.ts';
import { DESKTOP_VIEWPORT, expect, expectAccessible, MOBILE_VIEWPORT, test } from '../support/fixtures.ts';

const TEXTS = {
  en: {
    title: 'Audit log',
    targetType: 'Target type',
    user: 'User',
    targetId: 'Target ID',
    total: '1 entry',
  },
  de: {
    title: 'Änderungsprotokoll',
    targetType: 'Art des Ziels',
    user: 'Benutzer',
    targetId: 'ID des Ziels',
    total: '1 Eintrag',
  },
} as const;

/** The entry's row: the member as target, the permission before and after. */
function entryRow(page: Page, username: string) {
  return page.getByRole('row').filter({ hasText: username }).filter({ hasText: 'canManageResources' });
}

test('an administrator changes a permission and finds it in the audit log with the filters', async ({
  page,
}) => {
  const admin = e2eEnvironment().admin;
  const member = await createVerifiedAccount(uniqueAccount('audited'));

  await test.step('the administrator gives the member "Manage resources"', async () => {
    await openSignedIn(page, admin, `/users/${member.id}`);
    const manageResources = page.getByRole('checkbox', { name: 'Manage resources' });
    await expect(manageResources).not.toBeChecked();
    // The checkbox input is visually hidden; people click its label.
    await page.getByText('Manage resources', { exact: true }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Permissions saved')).toBeVisible();
  });

  await test.step('the audit log, filtered to the member, shows who changed what', async () => {
    await page.getByRole('link', { name: 'Audit log' }).click();
    await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
    await page.getByRole('button', { name: /Target type/ }).click();
    await page.getByRole('option', { name: 'User', exact: true }).click();
    await page.getByRole('searchbox', { name: 'Target ID' }).fill(String(member.id));
    await page.getByRole('searchbox', { name: 'Action' }).fill('user.permissions-changed');
    await expect(page.getByText('1 entry', { exact: true })).toBeVisible();
    const row = entryRow(page, member.username);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(admin.username);
    await expect(row).toContainText('user.permissions-changed');
    await expect(row).toContainText('canManageResources: false → true');
    await expect(page).toHaveURL(/targetType=user/);
    await expectAccessible(page);

    // Another target type hides it.
    await page.getByRole('button', { name: /Target type/ }).click();
    await page.getByRole('option', { name: 'Resource', exact: true }).click();
    await expect(page.getByText('No entries match these filters.')).toBeVisible();
  });

  await test.step('the filtered view reads well at 390 and 1280 px, in English and German, light and dark', async () => {
    const filtered = `/audit-log?targetType=user&targetId=${member.id}&action=user.permissions-changed`;
    for (const viewport of [MOBILE_VIEWPORT, DESKTOP_VIEWPORT]) {
      for (const language of ['en', 'de'] as const) {
        for (const colorScheme of ['light', 'dark'] as const) {
          await page.setViewportSize(viewport);
          await page.emulateMedia({ colorScheme });
          await page.goto(`${filtered}&lng=${language}`);
          const texts = TEXTS[language];
          await expect(page.getByRole('heading', { name: texts.title })).toBeVisible();
          await expect(page.getByRole('button', { name: new RegExp(texts.targetType) })).toContainText(
            texts.user,
          );
          await expect(page.getByRole('searchbox', { name: texts.targetId })).toHaveValue(String(member.id));
          await expect(page.getByText(texts.total, { exact: true })).toBeVisible();
          await expect(entryRow(page, member.username)).toContainText('false → true');
          await expectAccessible(page);
        }
      }
    }
  });
});
