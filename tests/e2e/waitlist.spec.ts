import type { Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { adminApi, e2eDaysFromToday, expect, expectNoAxeViolations, inventorySnapshotSaved, phone, test, waitForServiceWorker } from './support.ts';

interface StaffEntry {
  id: number;
  customer_name: string;
  email: string;
  number_of_users: number;
  budget_min: number | null;
  budget_max: number | null;
  desired_start_date: string | null;
  offices: { office_id: string; name: string }[];
}

/** Tests share one server, so each marks its entries with an e-mail of its own. */
function uniqueEmail(label: string): string {
  return `${label}-${randomUUID()}@example.ca`;
}

async function staffEntries(page: Page): Promise<StaffEntry[]> {
  const answer = (await adminApi(page, 'GET', '/admin-api/waitlist?limit=1000')) as { data: { entries: StaffEntry[] } };
  return answer.data.entries;
}

async function entriesFor(page: Page, email: string): Promise<StaffEntry[]> {
  return (await staffEntries(page)).filter((e) => e.email === email);
}

const form = (page: Page) => page.locator('form.waitlist-form');
const officeBoxes = (page: Page) => form(page).getByRole('checkbox');

async function fillRequired(page: Page, name: string, email: string) {
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('E-mail').fill(email);
}

test.describe('joining the waitlist online', () => {
  test('Join Waitlist on an occupied office opens the form with it chosen; the entry reaches staff once', async ({ page }) => {
    const email = uniqueEmail('online');
    await page.goto('/offices');
    await page.getByRole('button', { name: 'Join Waitlist: Office 103 - Corner' }).click();
    const dialog = page.getByRole('dialog', { name: 'Join the Waitlist' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('checkbox', { name: /Office 103 - Corner/ })).toBeChecked();
    await expect(dialog.getByLabel('Number of users')).toHaveValue('1');
    await expectNoAxeViolations(page, 'dialog');

    // Keyboard only, as a screen-reader user would go.
    await dialog.getByLabel('Name').focus();
    await page.keyboard.type('Émilie Gagnon');
    await page.keyboard.press('Tab');
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.type('514-555-0100');
    await dialog.getByLabel('Number of users').fill('3');
    await dialog.getByLabel('Minimum monthly budget (CAD)').fill('2500');
    await dialog.getByLabel('Maximum monthly budget (CAD)').fill('3200.50');
    await dialog.getByRole('checkbox', { name: /Office 202 - Team Room/ }).focus();
    await page.keyboard.press('Space');
    await dialog.getByRole('button', { name: 'Join Waitlist' }).focus();
    await page.keyboard.press('Enter');

    const success = page.getByRole('dialog', { name: "You're on the Waitlist!" });
    await expect(success).toBeVisible();
    await expect(success.getByRole('button', { name: 'Back to Listings' })).toBeVisible();
    await success.getByRole('button', { name: 'View More Offices' }).click();
    await expect(success).toBeHidden();
    await expect(page.getByRole('table', { name: 'Offices' })).toBeVisible();

    const entries = await entriesFor(page, email);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ customer_name: 'Émilie Gagnon', number_of_users: 3, budget_min: 2500, budget_max: 3200.5, desired_start_date: null });
    expect(entries[0]!.offices.map((o) => o.office_id)).toEqual(['OFF-103', 'OFF-202']);
    await expect(page.getByRole('button', { name: /waitlist entr(y|ies) to send/ })).toHaveCount(0);
  });

  test('/waitlist lists the occupied units, sends the entry, and goes to / two seconds later', async ({ page }) => {
    const email = uniqueEmail('page');
    await page.goto('/waitlist');
    await expect(page).toHaveTitle('Waitlist - Espace Cowork Montréal');
    await expect(page.getByRole('heading', { name: 'Join the Waitlist' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/');
    // The heading paints before the list of offices has loaded.
    await expect(officeBoxes(page).first()).toBeVisible();
    const names = await officeBoxes(page).evaluateAll((boxes) => boxes.map((b) => b.closest('li')?.querySelector('.waitlist-offices__name')?.textContent));
    // SPEC.md §4: unavailable offices, desks, hot desks and parking; nothing available, no rooms, passes or mailboxes.
    expect(names).toContain('Office 103 - Corner');
    expect(names).toContain('Desk B2');
    expect(names).toContain('Hot Desk Membership - Library');
    expect(names).toContain('Parking Spot P2');
    expect(names).not.toContain('Office 101 - Window');
    expect(names).not.toContain('Conference Room Saint-Laurent');
    expect(names).not.toContain('Mailbox Basic');
    await expectNoAxeViolations(page);

    await fillRequired(page, 'Luc Tremblay', email);
    await form(page).getByRole('checkbox', { name: /Desk B2/ }).check();
    await page.getByRole('button', { name: 'Join Waitlist' }).click();
    await expect(page.getByRole('dialog', { name: "You're on the Waitlist!" })).toBeVisible();
    await expect(page).toHaveURL(/\/conference$/);
    expect(await entriesFor(page, email)).toHaveLength(1);
  });

  test('every rule of the form, with its message', async ({ page }) => {
    await page.goto('/waitlist');
    const submit = page.getByRole('button', { name: 'Join Waitlist' });
    await expect(officeBoxes(page).first()).toBeVisible();
    await expect(submit).toBeDisabled();
    await expect(page.getByText('Please select at least one office')).toBeVisible();

    await officeBoxes(page).nth(0).check();
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText('Please fill in all required fields');
    await expect(page.getByLabel('Name')).toBeFocused();
    await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');

    await fillRequired(page, 'Anne', 'anne.example.ca');
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText('Please enter a valid e-mail address');

    await page.getByLabel('E-mail').fill('anne@example.ca');
    await page.getByLabel('Number of users').fill('0');
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText('Number of users must be a whole number of at least 1');
    await expect(page.getByLabel('Number of users')).toHaveAttribute('min', '1');

    await page.getByLabel('Number of users').fill('2');
    await page.getByLabel('Minimum monthly budget (CAD)').fill('900');
    await page.getByLabel('Maximum monthly budget (CAD)').fill('800');
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText('Minimum budget cannot be more than the maximum budget');

    await page.getByLabel('Maximum monthly budget (CAD)').fill('1000');
    await page.getByLabel('Desired start date').fill('2020-01-06');
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText('Desired start date cannot be in the past');
  });

  test('at most 3 offices: the other boxes are disabled and the note says why', async ({ page }) => {
    await page.goto('/waitlist');
    const boxes = officeBoxes(page);
    await expect(boxes.first()).toBeVisible();
    const count = await boxes.count();
    expect(count).toBeGreaterThan(4);
    for (let i = 0; i < 3; i++) await boxes.nth(i).check();
    await expect(page.getByText('Maximum of 3 offices selected')).toBeVisible();
    for (let i = 3; i < count; i++) await expect(boxes.nth(i)).toBeDisabled();
    await expect(boxes.nth(0)).toBeEnabled();
    await boxes.nth(1).uncheck();
    await expect(page.getByText('Maximum of 3 offices selected')).toBeHidden();
    await expect(boxes.nth(3)).toBeEnabled();
    await boxes.nth(0).uncheck();
    await boxes.nth(2).uncheck();
    await expect(page.getByRole('button', { name: 'Join Waitlist' })).toBeDisabled();
  });

  test('what the visitor typed survives a reload before submit', async ({ page }) => {
    await page.goto('/waitlist');
    await expect(officeBoxes(page).first()).toBeVisible();
    await fillRequired(page, 'Marie Draft', 'marie@example.ca');
    await officeBoxes(page).nth(1).check();
    await expect
      .poll(() => page.evaluate(() => new Promise((resolve) => {
        const open = indexedDB.open('cowork-waitlist-draft');
        open.onsuccess = () => {
          const get = open.result.transaction('drafts').objectStore('drafts').get('enquiry-form');
          get.onsuccess = () => resolve((get.result as { customer_name?: string } | undefined)?.customer_name ?? null);
        };
      })))
      .toBe('Marie Draft');
    await page.reload();
    await expect(page.getByLabel('Name')).toHaveValue('Marie Draft');
    await expect(page.getByLabel('E-mail')).toHaveValue('marie@example.ca');
    await expect(officeBoxes(page).nth(1)).toBeChecked();
  });

  test('a refusal from the server is shown and not retried', async ({ page }) => {
    let posts = 0;
    await page.route('**/public-api/waitlist', async (route) => {
      posts += 1;
      await route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ success: false, error: 'This waitlist is closed for the holidays' }) });
    });
    await page.goto('/waitlist');
    await fillRequired(page, 'Refused', uniqueEmail('refused'));
    await officeBoxes(page).first().check();
    await page.getByRole('button', { name: 'Join Waitlist' }).click();
    await expect(page.getByRole('alert')).toHaveText('This waitlist is closed for the holidays');
    await expect(page.getByRole('button', { name: /waitlist entr(y|ies) to send/ })).toHaveCount(0);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(page.getByRole('button', { name: 'Join Waitlist' })).toBeEnabled();
    expect(posts).toBe(1);
  });

  test('en français', async ({ page }) => {
    const email = uniqueEmail('fr');
    await page.goto('/waitlist');
    await page.getByRole('button', { name: 'Passer au français' }).click();
    await expect(page.getByRole('heading', { name: 'Inscrivez-vous sur la liste d’attente' })).toBeVisible();
    await expect(page).toHaveTitle('Liste d’attente - Espace Cowork Montréal');
    const boxes = officeBoxes(page);
    for (let i = 0; i < 3; i++) await boxes.nth(i).check();
    await expect(page.getByText('Maximum de 3 espaces sélectionnés')).toBeVisible();
    await page.getByRole('button', { name: 'M’inscrire' }).click();
    await expect(page.getByRole('alert')).toHaveText('Veuillez remplir tous les champs obligatoires');
    await page.getByRole('textbox', { name: 'Nom (obligatoire)' }).fill('Geneviève Roy');
    await page.getByLabel('Courriel').fill(email);
    await page.getByLabel('Date de début souhaitée').fill('2020-01-06');
    await page.getByRole('button', { name: 'M’inscrire' }).click();
    await expect(page.getByRole('alert')).toHaveText('La date de début souhaitée ne peut pas être passée');
    await expectNoAxeViolations(page);
    await page.getByLabel('Date de début souhaitée').fill('');
    await page.getByRole('button', { name: 'M’inscrire' }).click();
    const success = page.getByRole('dialog', { name: 'Vous êtes sur la liste d’attente!' });
    await expect(success.getByRole('button', { name: 'Voir d’autres espaces' })).toBeVisible();
    await expect(success.getByRole('button', { name: 'Retour aux annonces' })).toBeVisible();
    expect(await entriesFor(page, email)).toHaveLength(1);
  });
});

test.describe('joining the waitlist with no network', () => {
  test('three entries sent offline, a reload, the page closed, reopened online: exactly three reach staff', async ({ context, page }) => {
    const email = uniqueEmail('offline');
    await page.goto('/waitlist');
    await waitForServiceWorker(page);
    await expect(officeBoxes(page).first()).toBeVisible();
    // The office list must be saved on the device before the network goes.
    await expect.poll(() => inventorySnapshotSaved(page)).toBe(true);

    await context.setOffline(true);
    for (let i = 1; i <= 3; i++) {
      await page.reload();
      await expect(officeBoxes(page).first()).toBeVisible();
      await fillRequired(page, `Offline visitor ${i}`, email);
      await officeBoxes(page).nth(i - 1).check();
      await page.getByRole('button', { name: 'Join Waitlist' }).click();
      await expect(page.getByText('Saved on this device', { exact: true })).toBeVisible();
      await expect(page.getByText(/It will be sent automatically/)).toBeVisible();
      await expect(page.getByRole('button', { name: `${i} waitlist ${i === 1 ? 'entry' : 'entries'} to send` })).toBeVisible();
    }
    await page.reload();
    const indicator = page.getByRole('button', { name: '3 waitlist entries to send' });
    await expect(indicator).toBeVisible();
    await indicator.click();
    const panel = page.getByRole('region', { name: 'Waitlist entries on this device' });
    await expect(panel.getByText(/^Waiting for less than a minute \(\d+ tr(y|ies)\)$/)).toHaveCount(3);
    await expect(panel.getByText('Last try: no connection. It will be tried again automatically.')).toHaveCount(3);
    await page.close();

    await context.setOffline(false);
    const again = await context.newPage();
    await again.goto('/conference');
    await expect.poll(async () => (await entriesFor(again, email)).length, { timeout: 20_000 }).toBe(3);
    await expect(again.getByRole('button', { name: /waitlist entr(y|ies) to send/ })).toHaveCount(0);
    const names = (await entriesFor(again, email)).map((e) => e.customer_name).sort();
    expect(names).toEqual(['Offline visitor 1', 'Offline visitor 2', 'Offline visitor 3']);
  });
});

test.describe('the service worker sends the outbox on its own', () => {
  test('an entry queued offline goes out on the sync event, with no page of the app open', async ({ context, page }) => {
    const email = uniqueEmail('sync');
    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: { registrationId: string; scopeURL: string }[] }) => registrations.push(...event.registrations));
    await cdp.send('ServiceWorker.enable');
    await page.goto('/waitlist');
    await waitForServiceWorker(page);
    await expect(officeBoxes(page).first()).toBeVisible();

    await context.setOffline(true);
    await fillRequired(page, 'Synced Visitor', email);
    await officeBoxes(page).first().check();
    await page.getByRole('button', { name: 'Join Waitlist' }).click();
    await expect(page.getByText('Saved on this device', { exact: true })).toBeVisible();

    // Leave the app: only the service worker can send it now.
    await page.goto('about:blank');
    await context.setOffline(false);
    const origin = new URL(test.info().project.use.baseURL ?? 'http://127.0.0.1').origin;
    const registration = registrations.find((r) => r.scopeURL.startsWith(origin));
    expect(registration).toBeDefined();
    await cdp.send('ServiceWorker.dispatchSyncEvent', { origin, registrationId: registration!.registrationId, tag: 'waitlist-outbox', lastChance: false });
    await expect.poll(async () => (await entriesFor(page, email)).length, { timeout: 15_000 }).toBe(1);
  });
});

test.describe('joining the waitlist when the answer is lost', () => {
  // Route interception sees the page's own requests only when no service worker stands between.
  test.use({ serviceWorkers: 'block' });

  test('the server stored the entry but the answer never came back: still one entry', async ({ page }) => {
    const email = uniqueEmail('dropped');
    const keys: string[] = [];
    await page.route('**/public-api/waitlist', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (keys.length === 1) {
        const stored = await route.fetch();
        expect(stored.status()).toBe(201);
        await route.abort('connectionreset');
      } else {
        await route.continue();
      }
    });
    await page.goto('/waitlist');
    await fillRequired(page, 'Lost Answer', email);
    await officeBoxes(page).first().check();
    await page.getByRole('button', { name: 'Join Waitlist' }).click();
    // Usually the form's own send loses the answer and the visitor is told the entry is saved;
    // when the outbox's app-start round picked the entry up first and lost the answer, the
    // form's send (after it, same key) gets through and the visitor sees the success dialog.
    await expect(page.getByText('Saved on this device', { exact: true }).or(page.getByRole('dialog', { name: "You're on the Waitlist!" }))).toBeVisible();
    // Either way the outbox tries again with the same key, and nothing is left to send. The retry
    // is awaited first: the indicator's absence alone would also hold before its chunk has loaded.
    await expect.poll(() => keys.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    await expect(page.getByRole('button', { name: /waitlist entr(y|ies) to send/ })).toHaveCount(0, { timeout: 15_000 });
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(await entriesFor(page, email)).toHaveLength(1);
  });

  test('a 5xx keeps the entry queued and it is sent once the server recovers', async ({ page }) => {
    const email = uniqueEmail('server-error');
    let failing = true;
    await page.route('**/public-api/waitlist', async (route) => {
      if (failing) await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ success: false, error: 'Down for maintenance' }) });
      else await route.continue();
    });
    await page.goto('/waitlist');
    await fillRequired(page, 'Patient Visitor', email);
    await officeBoxes(page).first().check();
    await page.getByRole('button', { name: 'Join Waitlist' }).click();
    await expect(page.getByText('Saved on this device', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: '1 waitlist entry to send' }).click();
    const entry = page.getByRole('region', { name: 'Waitlist entries on this device' }).getByRole('listitem');
    await expect(entry.getByText(/^Waiting for less than a minute \(\d+ tr(y|ies)\)$/)).toBeVisible();
    await expect(entry.getByText('Last answer: server error 503. It will be tried again automatically.')).toBeVisible();
    failing = false;
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(page.getByRole('button', { name: /waitlist entr(y|ies) to send/ })).toHaveCount(0);
    expect(await entriesFor(page, email)).toHaveLength(1);
  });
});

const indicator = (page: Page) => page.getByRole('button', { name: /waitlist entr(y|ies) to send/ });
const pendingPanel = (page: Page) => page.getByRole('region', { name: 'Waitlist entries on this device' });
const pendingItem = (page: Page, label: string) => pendingPanel(page).getByRole('listitem').filter({ hasText: label });
const isWaitlistPost = (url: string, method: string) => new URL(url).pathname === '/public-api/waitlist' && method === 'POST';
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

test.describe('entries still on the device: nothing stuck, nothing dropped', () => {
  // Route interception sees the page's own requests only when no service worker stands between.
  test.use({ ...phone, serviceWorkers: 'block' });

  test('an entry refused in the background shows as not accepted; Edit fills the form with it, and the correction reaches staff once', async ({ context, page }) => {
    const name = 'Jeanne Corrigée';
    const typoEmail = uniqueEmail('refused-typo');
    const email = uniqueEmail('refused-corrected');
    const reason = 'This e-mail address bounced: please check it';
    const start = e2eDaysFromToday(45);
    const label = `${name}: Office 103 - Corner, Desk B2`;
    await page.goto('/waitlist');
    await expect(officeBoxes(page).first()).toBeVisible();

    await context.setOffline(true);
    await fillRequired(page, name, typoEmail);
    await page.getByLabel('Phone').fill('514-555-0142');
    await page.getByLabel('Number of users').fill('4');
    await page.getByLabel('Minimum monthly budget (CAD)').fill('1500');
    await page.getByLabel('Maximum monthly budget (CAD)').fill('2400.5');
    await page.getByLabel('Desired start date').fill(start);
    await form(page).getByRole('checkbox', { name: /Office 103 - Corner/ }).check();
    await form(page).getByRole('checkbox', { name: /Desk B2/ }).check();
    await page.getByRole('button', { name: 'Join Waitlist' }).click();
    await expect(page.getByText('Saved on this device', { exact: true })).toBeVisible();

    // Back online, the outbox sends it by itself, and the server refuses it.
    const refusedKeys: string[] = [];
    await page.route('**/public-api/waitlist', async (route) => {
      refusedKeys.push(route.request().headers()['idempotency-key'] ?? '');
      await route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ success: false, error: reason }) });
    });
    await context.setOffline(false);
    await indicator(page).click();
    const refused = pendingItem(page, label);
    await expect(refused.getByText(`Not accepted: ${reason}`)).toBeVisible();
    await expect(refused.getByRole('button', { name: `Discard the entry of ${label}` })).toHaveText('Discard');
    await expect(refused.getByRole('button', { name: `Edit the entry of ${label}` })).toHaveText('Edit');
    await expectNoAxeViolations(page, '.pending-entries');
    expect(refusedKeys).toHaveLength(1);
    expect(refusedKeys[0]).toMatch(uuid);

    // Edit: the form again, filled in with what was typed.
    await refused.getByRole('button', { name: `Edit the entry of ${label}` }).click();
    await expect(page).toHaveURL(new RegExp(`/waitlist\\?edit=${refusedKeys[0]}$`));
    await expect(pendingPanel(page)).toBeHidden();
    await expect(page.getByText('Correct your waitlist entry')).toBeVisible();
    await expect(form(page).getByText(`Not accepted: ${reason}`)).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue(name);
    await expect(page.getByLabel('E-mail')).toHaveValue(typoEmail);
    await expect(page.getByLabel('Phone')).toHaveValue('514-555-0142');
    await expect(page.getByLabel('Number of users')).toHaveValue('4');
    await expect(page.getByLabel('Minimum monthly budget (CAD)')).toHaveValue('1500');
    await expect(page.getByLabel('Maximum monthly budget (CAD)')).toHaveValue('2400.5');
    await expect(page.getByLabel('Desired start date')).toHaveValue(start);
    await expect(form(page).getByRole('checkbox', { name: /Office 103 - Corner/ })).toBeChecked();
    await expect(form(page).getByRole('checkbox', { name: /Desk B2/ })).toBeChecked();
    await expect(form(page).getByRole('checkbox', { checked: true })).toHaveCount(2);
    await expectNoAxeViolations(page);

    // Left without submitting: the refused entry is still there, and opens again.
    await page.getByRole('link', { name: 'Back' }).click();
    // The listings' own header, not the form's still on screen while they load.
    await expect(page.getByRole('navigation', { name: 'Space categories' })).toBeVisible();
    await page.getByRole('button', { name: '1 waitlist entry to send' }).click();
    await pendingItem(page, label).getByRole('button', { name: `Edit the entry of ${label}` }).click();
    await expect(page.getByLabel('E-mail')).toHaveValue(typoEmail);

    // Corrected and sent, the server now taking it: a new Idempotency-Key, one entry for staff.
    await page.getByLabel('E-mail').fill(email);
    await page.unroute('**/public-api/waitlist');
    await expect(page.getByRole('button', { name: '1 waitlist entry to send' })).toBeVisible();
    const sent = page.waitForRequest((r) => isWaitlistPost(r.url(), r.method()));
    await page.getByRole('button', { name: 'Join Waitlist' }).click();
    const newKey = (await sent).headers()['idempotency-key'];
    expect(newKey).toMatch(uuid);
    expect(newKey).not.toBe(refusedKeys[0]);
    await expect(page.getByRole('dialog', { name: "You're on the Waitlist!" })).toBeVisible();
    await expect(indicator(page)).toHaveCount(0);
    const stored = await entriesFor(page, email);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ customer_name: name, number_of_users: 4, budget_min: 1500, budget_max: 2400.5, desired_start_date: start });
    expect(stored[0]!.offices.map((o) => o.name).sort()).toEqual(['Desk B2', 'Office 103 - Corner']);
    expect(await entriesFor(page, typoEmail)).toHaveLength(0);
    expect(refusedKeys).toHaveLength(1);
  });

  test('Discard, by keyboard, takes a refused entry and a waiting one off the device; neither reaches staff', async ({ page }) => {
    const refusedName = 'Discarded Refusal';
    const waitingName = 'Discarded Waiting';
    const email = uniqueEmail('discard');
    let refuse = false;
    const keys = new Set<string>();
    await page.route('**/public-api/waitlist', async (route) => {
      keys.add(route.request().headers()['idempotency-key'] ?? '');
      const body = route.request().postDataJSON() as { customer_name?: string };
      if (refuse && body.customer_name === refusedName) {
        await route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ success: false, error: 'Please select no more than 3 offices' }) });
      } else {
        await route.abort('internetdisconnected');
      }
    });
    await page.goto('/waitlist');
    for (const name of [refusedName, waitingName]) {
      await expect(officeBoxes(page).first()).toBeVisible();
      await fillRequired(page, name, email);
      await form(page).getByRole('checkbox', { name: /Parking Spot P2/ }).check();
      await page.getByRole('button', { name: 'Join Waitlist' }).click();
      await expect(page.getByText('Saved on this device', { exact: true })).toBeVisible();
      await page.reload();
    }

    // The panel by keyboard: Enter opens it, Escape closes it and gives the focus back.
    const toggle = page.getByRole('button', { name: '2 waitlist entries to send' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(pendingPanel(page)).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await expect(pendingPanel(page)).toBeHidden();
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Enter');

    refuse = true;
    await pendingPanel(page).getByRole('button', { name: 'Send now' }).click();
    const refusedLabel = `${refusedName}: Parking Spot P2`;
    const waitingLabel = `${waitingName}: Parking Spot P2`;
    await expect(pendingItem(page, refusedLabel).getByText('Not accepted: Please select no more than 3 offices')).toBeVisible();
    await expect(pendingItem(page, waitingLabel).getByText('Last try: no connection. It will be tried again automatically.')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: '2 waitlist entries to send, 1 not accepted' })).toBeAttached();

    await pendingItem(page, refusedLabel).getByRole('button', { name: `Discard the entry of ${refusedLabel}` }).focus();
    await page.keyboard.press('Enter');
    await expect(pendingItem(page, refusedLabel)).toHaveCount(0);
    await expect(page.getByRole('button', { name: '1 waitlist entry to send' })).toBeVisible();
    await expect(pendingPanel(page).getByRole('heading', { name: 'Waitlist entries on this device' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(pendingItem(page, waitingLabel).getByRole('button', { name: `Edit the entry of ${waitingLabel}` })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(pendingItem(page, waitingLabel).getByRole('button', { name: `Discard the entry of ${waitingLabel}` })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(indicator(page)).toHaveCount(0);
    await expect(page.locator('main')).toBeFocused();

    // Nothing left to send, even with the server reachable again and the app started anew.
    await page.unroute('**/public-api/waitlist');
    const posts: string[] = [];
    page.on('request', (r) => {
      if (isWaitlistPost(r.url(), r.method())) posts.push(r.url());
    });
    await page.reload();
    await expect(officeBoxes(page).first()).toBeVisible();
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(indicator(page)).toHaveCount(0);
    expect(posts).toEqual([]);
    expect(await entriesFor(page, email)).toHaveLength(0);

    // Edit links to a discarded entry, or to no entry at all, open the ordinary empty form.
    expect(keys.size).toBe(2);
    for (const key of [...keys, 'not a key <script>']) {
      await page.goto(`/waitlist?edit=${encodeURIComponent(key)}`);
      await expect(officeBoxes(page).first()).toBeVisible();
      await expect(page.getByLabel('Name')).toHaveValue('');
      await expect(form(page).getByRole('checkbox', { checked: true })).toHaveCount(0);
      await expect(page.getByText('Correct your waitlist entry')).toHaveCount(0);
    }
  });

  test('a send the network drops stays queued, says how long it has waited, and goes later by itself, once', async ({ page }) => {
    // Staff rows are counted by name: one of its own, also across --repeat-each runs.
    const name = `Patience Réseau Coupé ${Math.random().toString(36).slice(2, 7)}`;
    const email = uniqueEmail('dropped-network');
    const label = `${name}: Hot Desk Membership - Library`;
    let dropping = true;
    await page.route('**/public-api/waitlist', async (route) => {
      if (dropping) await route.abort('internetdisconnected');
      else await route.continue();
    });
    await page.goto('/waitlist');
    await fillRequired(page, name, email);
    await form(page).getByRole('checkbox', { name: /Hot Desk Membership - Library/ }).check();
    await page.getByRole('button', { name: 'Join Waitlist' }).click();
    await expect(page.getByText('Saved on this device', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: '1 waitlist entry to send' }).click();
    const entry = pendingItem(page, label);
    await expect(entry.getByText(/^Waiting for less than a minute \(\d+ tr(y|ies)\)$/)).toBeVisible();
    await expect(entry.getByText('Last try: no connection. It will be tried again automatically.')).toBeVisible();
    await expect(entry.getByRole('button', { name: `Edit the entry of ${label}` })).toBeVisible();
    await expect(entry.getByRole('button', { name: `Discard the entry of ${label}` })).toBeVisible();

    // Twelve minutes on, the connection still dropping every try: the panel counts them.
    await page.clock.fastForward('12:00');
    await expect(entry.getByText(/^Waiting for 12 minutes \(\d+ tries\)$/)).toBeVisible();

    // The connection holds again: the outbox's own next try, at most the longest backoff away, sends it.
    dropping = false;
    const delivered = page.waitForResponse((r) => isWaitlistPost(r.url(), r.request().method()) && r.ok());
    await page.clock.fastForward('05:00');
    await delivered;
    await expect(indicator(page)).toHaveCount(0);
    const rows = (await staffEntries(page)).filter((e) => e.customer_name === name);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.email).toBe(email);
  });
});

test.describe('when /waitlist cannot load the office list', () => {
  test('a failed load says so under the page heading, and Try Again brings the form', async ({ page }) => {
    let failing = true;
    await page.route('**/public-api/offices/available', (route) =>
      failing ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"error":"down"}' }) : route.continue(),
    );
    await page.goto('/waitlist');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Failed to load office data');
    failing = false;
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(form(page)).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('an answer that is not the office list is an invalid format', async ({ page }) => {
    await page.route('**/public-api/offices/available', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"success":true}' }));
    await page.goto('/waitlist');
    await expect(page.getByRole('alert')).toContainText('Invalid API response format');
    await expect(form(page)).toHaveCount(0);
  });
});

test.describe("/waitlist's first screen comes with its HTML", () => {
  test('before any script runs, the page already shows its heading and text, not the inventory', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/waitlist');
    await expect(page).toHaveTitle('Waitlist - Espace Cowork Montréal');
    await expect(page.getByRole('heading', { level: 1, name: 'Join the Waitlist' })).toBeVisible();
    await expect(page.getByText('Tell us what you need.', { exact: false })).toBeVisible();
    await expect(page.getByText('Loading office inventory...')).toHaveCount(0);
    await context.close();
  });

  test('offline, the installed app answers /waitlist with the same page, and the form follows', async ({ context, page }) => {
    await page.goto('/offices');
    await waitForServiceWorker(page);
    await expect.poll(() => inventorySnapshotSaved(page)).toBe(true);
    await context.setOffline(true);
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/waitlist' && r.request().isNavigationRequest());
    await page.goto('/waitlist');
    const response = await answer;
    expect(response.fromServiceWorker()).toBe(true);
    expect(await response.text()).toContain('<h1>Join the Waitlist</h1>');
    await expect(page.getByRole('group', { name: /^Offices/ })).toBeVisible();
  });
});
