import { expect, type Locator, type Page } from '@playwright/test';

/** Opens a unit's dialog the way a visitor does: on a phone a table row opens first to show its button. */
export async function pressUnitButton(page: Page, path: string, button: string, unitName: string): Promise<void> {
  await page.goto(path);
  const action = page.getByRole('button', { name: `${button}: ${unitName}` });
  const toggle = page.getByRole('button', { name: unitName, exact: true });
  await expect(action.or(toggle).first()).toBeVisible();
  if (!(await action.isVisible())) await toggle.click();
  await action.click();
}

/** The days of a calendar that can be chosen. */
export function bookableDays(dialog: Locator): Locator {
  return dialog.getByRole('grid').getByRole('button', { disabled: false });
}

/** On the built-in test checkout page: its total line must show the amount the dialog promised. */
export async function expectTestCheckout(page: Page, total: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Test checkout', level: 1 })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`Total due today\\s+${total.replace(/[$.]/g, (c) => `\\${c}`)}`) })).toBeVisible();
}
