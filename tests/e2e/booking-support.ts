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

/** The test checkout's words, by the language of its page. */
const testCheckoutWords = {
  en: { title: 'Test checkout', total: 'Total due today', name: 'Name', email: 'E-mail', pay: (total: string) => `Pay ${total} CAD` },
  fr: { title: 'Paiement de test', total: 'Total à payer aujourd’hui', name: 'Nom', email: 'Courriel', pay: (total: string) => `Payer ${total} CAD` },
} as const;

/** On the built-in test checkout page: its total line must show the amount the dialog promised (taxes included). */
export async function expectTestCheckout(page: Page, total: string, lang: 'en' | 'fr' = 'en'): Promise<void> {
  const words = testCheckoutWords[lang];
  await expect(page.getByRole('heading', { name: words.title, level: 1 })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`${words.total}\\s+${total.replace(/[$.]/g, (c) => `\\${c}`).replace(/\s/g, '\\s')}`) })).toBeVisible();
}

/** A button's words as a pattern, whichever space (a French amount's is a no-break one) separates them. */
export function exactly(text: string): RegExp {
  return new RegExp(`^${text.replace(/[$.()]/g, (c) => `\\${c}`).replace(/\s/g, '\\s')}$`);
}

/**
 * Pays on the built-in test checkout page as a buyer does: name and e-mail for the receipt
 * first, then 'Pay {total} CAD' (the total charged, taxes included).
 */
export async function payOnTestCheckout(page: Page, total: string, lang: 'en' | 'fr' = 'en'): Promise<void> {
  const words = testCheckoutWords[lang];
  await page.getByLabel(words.name, { exact: true }).fill('Camille Tremblay');
  await page.getByLabel(words.email, { exact: true }).fill('camille@example.com');
  await page.getByRole('button', { name: exactly(words.pay(total)) }).click();
}

/**
 * What the card is charged for a subtotal of taxable lines, in dollars, worked out here on its
 * own: GST 5% and QST 9.975% of the subtotal, each rounded half up to the cent once.
 */
export function withTaxes(subtotal: number): number {
  const cents = Math.round(subtotal * 100);
  // In integers (thousandths of a percent), so that no float error decides a cent.
  const gst = Math.round((cents * 5_000) / 100_000);
  const qst = Math.round((cents * 9_975) / 100_000);
  return (cents + gst + qst) / 100;
}
