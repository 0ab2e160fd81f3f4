import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { addDays } from '../../src/shared/domain/time.ts';
import { spaceToday } from '../../src/shared/domain/zoned-time.ts';
import { expectTestCheckout, payOnTestCheckout } from './booking-support.ts';
import { demoStaffSignIn, e2eNow, expect, expectNoAxeViolations, newContextAtNow, phone, startServer, test } from './support.ts';

/*
 * The waitlist that fills a unit by itself, end to end, against a server and database of its
 * own: two visitors join the waitlist for one office; staff mark it available in the console;
 * the first is offered it by e-mail and declines; the second (in French) claims it and pays
 * through the test checkout; the office is rented.
 */

const port = Number(process.env.E2E_PORT ?? 4173) + 19;
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'coworking-e2e-waitlist-offers-'));
const mailDir = join(dataDir, 'mail');
let server: { stop: () => Promise<void> } | undefined;
let staff: { email: string; password: string };

const office = { code: 'OFF-202', name: 'Office 202 - Team Room' };
const first = { name: 'Nadia Bouchard', email: 'nadia@example.com' };
const second = { name: 'Olivier Gagné', email: 'olivier@example.com' };

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: base });

test.beforeAll(async () => {
  server = await startServer(port, process.env.E2E_DIST ?? 'dist', { dataDir });
  staff = demoStaffSignIn(dataDir);
});

test.afterAll(async () => {
  await server?.stop();
});

/** The links of the offer e-mail sent to this address, once the mail worker has written it. */
async function offerLinks(email: string): Promise<{ claim: string; decline: string; subject: string; text: string }> {
  let found: { claim: string; decline: string; subject: string; text: string } | undefined;
  await expect(async () => {
    for (const name of readdirSync(mailDir).filter((n) => n.endsWith('.eml'))) {
      const mail = await simpleParser(readFileSync(join(mailDir, name)));
      const to = mail.to && 'text' in mail.to ? mail.to.text : '';
      const claim = /\/waitlist\/offer\/[A-Za-z0-9_-]{43}/.exec(mail.text ?? '')?.[0];
      const decline = /\/waitlist\/decline\/[A-Za-z0-9_-]{43}/.exec(mail.text ?? '')?.[0];
      if (to.includes(email) && claim && decline) found = { claim, decline, subject: mail.subject ?? '', text: mail.text ?? '' };
    }
    expect(found).toBeDefined();
  }).toPass({ timeout: 20_000 });
  return found!;
}

const offerMailsTo = async (email: string) => {
  let n = 0;
  for (const name of readdirSync(mailDir).filter((f) => f.endsWith('.eml'))) {
    const mail = await simpleParser(readFileSync(join(mailDir, name)));
    if ((mail.to && 'text' in mail.to ? mail.to.text : '').includes(email) && /\/waitlist\/offer\//.test(mail.text ?? '')) n++;
  }
  return n;
};

async function joinWaitlist(browser: Browser, who: { name: string; email: string }, locale: 'en-CA' | 'fr-CA'): Promise<void> {
  const context = await newContextAtNow(browser, { baseURL: base, locale, ...phone });
  try {
    const page = await context.newPage();
    await page.goto('/offices');
    const fr = locale === 'fr-CA';
    const toggle = page.getByRole('button', { name: office.name, exact: true });
    await toggle.click();
    await page.getByRole('button', { name: new RegExp(`^${fr ? 'Liste d’attente' : 'Join Waitlist'}\\s?: ${office.name}$`) }).click();
    const dialog = page.getByRole('dialog', { name: fr ? 'Inscription sur la liste d’attente' : 'Join the Waitlist' });
    await expect(dialog.getByRole('checkbox', { name: new RegExp(office.name) })).toBeChecked();
    await dialog.getByRole('textbox', { name: fr ? /^Nom/ : /^Name/ }).fill(who.name);
    await dialog.getByRole('textbox', { name: fr ? /^Courriel/ : /^E-mail/ }).fill(who.email);
    await dialog.getByRole('button', { name: fr ? 'M’inscrire' : 'Join Waitlist' }).click();
    await expect(page.getByRole('dialog', { name: fr ? /Vous êtes sur la liste d’attente/ : "You're on the Waitlist!" })).toBeVisible();
  } finally {
    await context.close();
  }
}

/**
 * The public list's row of the office, as a new visitor sees it: once the list has come (however
 * long a busy machine takes), `check` reads what the row says then; a list the server still had
 * from before the change (it keeps one for two seconds) is read again by a new visitor.
 */
async function publicRow(browser: Browser, check: (row: ReturnType<Page['locator']>) => Promise<void>) {
  await expect(async () => {
    const context = await newContextAtNow(browser, { baseURL: base });
    try {
      const page = await context.newPage();
      await page.goto('/offices');
      const row = page.getByRole('table', { name: 'Offices' }).locator('tbody tr.unit__row', { hasText: office.name });
      await expect(row).toBeVisible();
      await check(row);
    } finally {
      await context.close();
    }
  }).toPass({ timeout: 30_000 });
}

async function staffConsole(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContextAtNow(browser, { baseURL: base });
  const page = await context.newPage();
  await page.goto('/staff');
  await page.getByLabel('E-mail').fill(staff.email);
  await page.getByLabel('Password').fill(staff.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible();
  return { context, page };
}

test('two visitors join the waitlist for one office; staff mark it available; the first is offered it and declines; the second claims it in French and pays; the office is rented', async ({ browser }) => {
  // A long journey (five browser contexts, two e-mails, a payment): 27 s on an idle machine.
  test.setTimeout(120_000);
  await joinWaitlist(browser, first, 'en-CA');
  await joinWaitlist(browser, second, 'fr-CA');

  // Staff mark the office available in the console: it is offered to the first in line, not put on sale.
  const { context: staffContext, page: console } = await staffConsole(browser);
  await console.getByRole('button', { name: `Edit ${office.name}` }).click();
  const edit = console.getByRole('dialog', { name: `Edit ${office.name}` });
  await edit.getByLabel('Available now').check();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(console.locator(`tr[data-unit="${office.code}"]`)).toContainText(/Offered until/);

  // The first gets the e-mail, in English, with both links; the second gets nothing yet.
  const nadia = await offerLinks(first.email);
  expect(nadia.subject).toMatch(new RegExp(`^${office.name} is free: it’s held for you until `));
  expect(await offerMailsTo(second.email)).toBe(0);

  // The public list shows the office held: not for sale, free from the day after the window.
  const heldUntil = addDays(spaceToday(new Date(new Date(e2eNow).getTime() + 48 * 3_600_000)), 1);
  await publicRow(browser, async (row) => {
    await expect(row.getByText(`Lease End ${heldUntil.replaceAll('-', '/')}`)).toBeVisible({ timeout: 1000 });
    await expect(row.getByRole('button', { name: `Rent Now: ${office.name}` })).toHaveCount(0);
  });

  // The first is not interested: the not-interested page asks, then passes the office on.
  const visitor = await newContextAtNow(browser, { baseURL: base, ...phone });
  const page = await visitor.newPage();
  await page.goto(nadia.decline);
  await expect(page.getByRole('heading', { level: 1, name: `Not interested in ${office.name}?` })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Yes, offer it to the next person' }).click();
  await expect(page.getByText('Thank you: the space goes to the next person')).toBeVisible();
  await visitor.close();

  // The second gets the offer, in French, and claims it on the claim page.
  const olivier = await offerLinks(second.email);
  expect(olivier.subject).toMatch(new RegExp(`^${office.name} est libre`));
  const claimer = await newContextAtNow(browser, { baseURL: base, locale: 'fr-CA', ...phone });
  const claim = await claimer.newPage();
  await claim.goto(olivier.claim);
  await expect(claim.getByRole('heading', { level: 1, name: `Un espace s’est libéré pour vous, ${second.name}` })).toBeVisible();
  await expect(claim.getByText(/Il reste 47 heures/)).toBeVisible();
  await expectNoAxeViolations(claim);
  // The renting choices only: no day booking.
  await expect(claim.getByRole('button', { name: /jours?/i })).toHaveCount(0);
  await claim.getByRole('button', { name: 'Louer au mois' }).click();
  const total = (await claim.locator('dd').last().textContent())!.trim();
  await claim.getByRole('button', { name: 'Procéder au paiement' }).click();
  await expectTestCheckout(claim, total, 'fr');
  await payOnTestCheckout(claim, total, 'fr');
  await expect(claim).toHaveURL(/\/checkout-success\?session_id=/);
  await expect(claim.getByRole('heading', { level: 1, name: 'Paiement réussi!' })).toBeVisible();

  // Rented: the list shows it occupied, and the claim link now says the offer was claimed.
  await publicRow(browser, async (row) => {
    await expect(row.getByText('Currently occupied')).toBeVisible({ timeout: 1000 });
  });
  await claim.goto(olivier.claim);
  await expect(claim.getByRole('heading', { level: 1, name: 'Cette offre a déjà été réclamée' })).toBeVisible();
  await claimer.close();

  // Staff see who claimed it in the unit's queue.
  await console.goto('/staff/inventory');
  await console.locator(`tr[data-unit="${office.code}"]`).getByRole('link', { name: /queue/i }).click();
  const queue = console.getByRole('table');
  await expect(queue.getByRole('row', { name: new RegExp(second.name) })).toContainText('Claimed');
  await expect(queue.getByRole('row', { name: new RegExp(first.name) })).toContainText('Declined');
  await expectNoAxeViolations(console);
  await staffContext.close();
});
