import { expect, type Locator, type Page } from '@playwright/test';

/** Finds a user with a user picker and chooses them, as a person would with the keyboard or mouse. */
export async function pickUser(page: Page, pickerLabel: string, username: string): Promise<void> {
  await page.getByRole('searchbox', { name: pickerLabel }).fill(username);
  const option = page.getByRole('option', { name: username, exact: true });
  await option.click();
  await expect(option).toHaveAttribute('aria-selected', 'true');
}

/** A table by its accessible name (React Aria tables are grids). */
export function table(page: Page, name: string): Locator {
  return page.getByRole('grid', { name, exact: true });
}

/** The row of a user in a table. */
export function rowOf(tableLocator: Locator, username: string): Locator {
  return tableLocator.getByRole('row').filter({ hasText: username });
}
