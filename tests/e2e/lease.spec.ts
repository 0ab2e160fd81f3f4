import type { Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { idbStores } from '../../src/shared/storage-names.ts';
import { adminApi, changesSharedData, e2eDaysFromToday, expect, expectNoAxeViolations, phone, tablet, test } from './support.ts';

/*
 * A tenant's lease offer on a tablet: from the link the space sent to the signed PDF.
 * Each test creates its own offer through the staff API, so tests never share state.
 */

interface OfferOptions {
  company_name?: string;
  contact_name?: string;
  start_date?: string;
  signup_discount?: number;
  move_in_fee_type?: 'monthly_rate' | 'fixed_amount' | 'none';
  move_in_fee_amount?: number;
}

async function createOffer(page: Page, options: OfferOptions = {}): Promise<string> {
  // Signing takes the office: each offer is for an office of its own, which no other test rents.
  const suffix = Math.random().toString(36).slice(2, 8).toUpperCase();
  const office = (await adminApi(page, 'POST', '/admin-api/units', {
    office_id: `OFF-L${suffix}`,
    service_code: `DO-L${suffix}`,
    name: `Office L${suffix} - Lease`,
    service_type: 'dedicated_office',
    location_code: `F5-L${suffix}`,
    seating_capacity: 2,
    base_monthly_rate: '1000.00',
    is_available: true,
    next_available_date: null,
  })) as { unit?: { office_id: string } };
  if (!office.unit) throw new Error('no office for the offer');
  const created = (await adminApi(page, 'POST', '/admin-api/lease-offers', {
    email: 'tenant@example.com',
    office_ids: [office.unit.office_id],
    start_date: options.start_date ?? `${e2eDaysFromToday(40).slice(0, 7)}-15`,
    monthly_rate: 1000,
    monthly_discount: 0,
    signup_discount: options.signup_discount ?? 0,
    lease_term_months: 12,
    move_in_fee_type: options.move_in_fee_type ?? 'monthly_rate',
    ...(options.move_in_fee_amount === undefined ? {} : { move_in_fee_amount: options.move_in_fee_amount }),
    ...(options.company_name ? { company_name: options.company_name } : {}),
    ...(options.contact_name ? { contact_name: options.contact_name } : {}),
  })) as { code?: string; error?: string };
  if (!created.code) throw new Error(`offer not created: ${created.error ?? 'no code'}`);
  return created.code;
}

const company = {
  company_name: 'Atelier Boréal inc.',
  contact_name: 'Camille Tremblay',
  phone: '514-555-0100',
  address: '1250 rue Sainte-Catherine Ouest',
  city: 'Montréal',
  province: 'QC',
  postal_code: 'H3G 1P1',
};

/** The offer with its company details already sent, as if filled in on another visit. */
async function offerWithContract(page: Page): Promise<string> {
  const code = await createOffer(page);
  const res = await page.request.post(`/public-api/lease-offers/${code}/submit-info`, { data: company });
  expect(res.ok()).toBe(true);
  return code;
}

function signaturePad(page: Page) {
  return page.getByRole('img', { name: /Signature pad|Zone de signature/ });
}

/** A finger signature: three strokes drawn with the mouse over the pad. */
async function drawSignature(page: Page): Promise<void> {
  const pad = signaturePad(page);
  await expect(pad).toBeVisible();
  const box = await pad.boundingBox();
  if (!box) throw new Error('signature pad not laid out');
  const strokes = [
    [0.1, 0.7, 0.25, 0.3, 0.35, 0.75],
    [0.4, 0.6, 0.55, 0.35, 0.65, 0.7],
    [0.7, 0.5, 0.9, 0.45],
  ];
  for (const stroke of strokes) {
    await page.mouse.move(box.x + box.width * stroke[0]!, box.y + box.height * stroke[1]!);
    await page.mouse.down();
    for (let i = 2; i < stroke.length; i += 2) {
      await page.mouse.move(box.x + box.width * stroke[i]!, box.y + box.height * stroke[i + 1]!, { steps: 12 });
    }
    await page.mouse.up();
  }
}

/** How many pixels of the pad carry ink: 0 when it is blank. */
function inkedPixels(page: Page): Promise<number> {
  return signaturePad(page).evaluate((canvas) => {
    const c = canvas as HTMLCanvasElement;
    const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let inked = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) inked += 1;
    return inked;
  });
}

async function fillBanking(page: Page, banking = { transit: '12345', institution: '001', account: '1234567' }): Promise<void> {
  await page.getByLabel('Transit number').fill(banking.transit);
  await page.getByLabel('Institution number').fill(banking.institution);
  await page.getByLabel('Account number').fill(banking.account);
}

/** What the device keeps in one of the lease's IndexedDB stores for this page's offer. */
function storedForOffer<T>(page: Page, { db, store }: { db: string; store: string }): Promise<T | null> {
  return page.evaluate(
    async ({ db, store }) => {
      const code = decodeURIComponent(location.pathname.split('/').pop() ?? '');
      // Opened only once the app made it: opening it first would make it empty, without the app's store.
      if (!(await indexedDB.databases()).some((d) => d.name === db)) return null;
      const opened = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(db);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      try {
        if (!opened.objectStoreNames.contains(store)) return null;
        return await new Promise<T | null>((resolve) => {
          const req = opened.transaction(store).objectStore(store).get(code);
          req.onsuccess = () => resolve((req.result as T | undefined) ?? null);
        });
      } finally {
        opened.close();
      }
    },
    { db, store },
  );
}

/** The phone number of the company-details draft kept for this page's offer. */
const storedDraftPhone = async (page: Page) => (await storedForOffer<{ phone?: string }>(page, idbStores.leaseInfoDraft))?.phone ?? null;

/** The step and contract language kept for this page's offer: a reload restores them once they are stored. */
const storedProgress = (page: Page) => storedForOffer<{ step: string; language: string }>(page, idbStores.leaseProgress);

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

// A tenant who has opened the site before has dismissed the one-time 'ready to work offline' notice.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('cowork.offline-ready-shown', 'true'));
});

// Signing takes the offer's office: each offer is for an office of its own, made here, on the server of the tests that change shared data.
test.describe('lease offer on a tablet', changesSharedData, () => {
  test.use(tablet);

  test('the whole flow to the signed PDF, each step restored on reload and free of axe violations', async ({ page }) => {
    const code = await createOffer(page, { start_date: `${e2eDaysFromToday(40).slice(0, 7)}-15`, signup_discount: 100 });
    await page.goto(`/lease/${code}`);

    await expect(heading(page, 'Your Lease Offer')).toBeVisible();
    const payment = page.getByRole('table', { name: 'Initial payment, line by line' });
    await expect(payment.getByRole('rowheader', { name: /First month’s rent \(prorated: \d+ of \d+ days\)/ })).toBeVisible();
    await expect(payment.getByRole('row', { name: /Security deposit/ })).toContainText('$1,000.00');
    await expect(payment.getByRole('row', { name: /Move-in fee \(one month’s rent\)/ })).toContainText('$1,000.00');
    await expect(payment.getByRole('row', { name: /Key fob deposit/ })).toContainText('$75.00');
    await expect(payment.getByRole('row', { name: /Signup discount/ })).toContainText('$100.00');
    await expect(payment.getByRole('row', { name: /^Subtotal/ })).toBeVisible();
    await expect(payment.getByRole('row', { name: /^GST \(5%\), no\. 723456789 RT0001/ })).toBeVisible();
    await expect(payment.getByRole('row', { name: /^QST \(9\.975%\), no\. 1223456789 TQ0001/ })).toBeVisible();
    await expect(payment.getByRole('row', { name: /Total initial payment, taxes included/ })).toBeVisible();
    // $1,000.00 a month + GST $50.00 + QST $99.75.
    await expect(page.getByRole('table', { name: 'Monthly payment, line by line' }).getByRole('row', { name: /Total debited on the 1st of each month/ })).toContainText('$1,149.75');
    await expectNoAxeViolations(page);

    // The summary is never restored, but it is where a fresh offer opens anyway.
    await page.reload();
    await expect(heading(page, 'Your Lease Offer')).toBeVisible();
    await page.getByRole('button', { name: 'Accept This Offer' }).click();

    await expect(heading(page, 'Company Details')).toBeVisible();
    await expect(page.getByLabel('Province')).toHaveValue('QC');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please fill in all required fields');
    await expectNoAxeViolations(page);

    await page.getByLabel('Company name').fill(company.company_name);
    await page.getByLabel('Contact name').fill(company.contact_name);
    await page.getByLabel('Phone').fill(company.phone);
    // Wait until the draft is on the device, then reload: it comes back.
    await expect.poll(() => storedDraftPhone(page)).toBe(company.phone);
    await page.reload();
    await expect(heading(page, 'Company Details')).toBeVisible();
    await expect(page.getByLabel('Phone')).toHaveValue(company.phone);
    await expect(page.getByLabel('Company name')).toHaveValue(company.company_name);
    await page.getByLabel('Address').fill(company.address);
    await page.getByLabel('City').fill(company.city);
    await page.getByLabel('Postal code').fill(company.postal_code);
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(heading(page, 'Service Agreement')).toBeVisible();
    const contract = page.getByRole('article', { name: 'Service Agreement' });
    await expect(contract).toContainText(company.company_name);
    await expect(contract.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download PDF' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await expect.poll(async () => (await storedProgress(page))?.step).toBe('contract');
    await page.reload();
    await expect(heading(page, 'Service Agreement')).toBeVisible();
    await page.getByRole('button', { name: 'Proceed to Sign' }).click();

    await expect(heading(page, 'Sign the Agreement')).toBeVisible();
    await expect(page.getByText('After submitting, please e-mail a photo of a void cheque to admin@espacecowork.ca.')).toBeVisible();
    await expectNoAxeViolations(page);
    await expect.poll(async () => (await storedProgress(page))?.step).toBe('signature');
    await page.reload();
    await expect(heading(page, 'Sign the Agreement')).toBeVisible();
    await drawSignature(page);
    await fillBanking(page);
    await page.getByLabel(/I have read the service agreement/).check();
    await page.getByRole('button', { name: 'Sign Agreement' }).click();

    await expect(heading(page, 'Agreement Signed')).toBeVisible();
    await expectNoAxeViolations(page);
    await expect.poll(async () => (await storedProgress(page))?.step).toBe('completed');
    await page.reload();
    await expect(heading(page, 'Agreement Signed')).toBeVisible();

    const downloadEvent = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    const download = await downloadEvent;
    expect(download.suggestedFilename()).toBe(`Service-Agreement-${company.company_name}-${code}.pdf`);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  test('an offer whose contract is generated opens at the contract; rotating keeps the signature', async ({ page }) => {
    const code = await offerWithContract(page);
    await page.goto(`/lease/${code}`);
    await expect(heading(page, 'Service Agreement')).toBeVisible();
    await page.getByRole('button', { name: 'Proceed to Sign' }).click();
    await expect(heading(page, 'Sign the Agreement')).toBeVisible();

    await drawSignature(page);
    expect(await inkedPixels(page)).toBeGreaterThan(100);
    const portraitWidth = (await signaturePad(page).boundingBox())!.width;

    // Landscape, then back to portrait: resizing a canvas blanks it, so ink after each change
    // proves the strokes were redrawn.
    await page.setViewportSize({ width: 1180, height: 820 });
    await expect.poll(async () => (await signaturePad(page).boundingBox())?.width).not.toBe(portraitWidth);
    expect(await inkedPixels(page)).toBeGreaterThan(100);
    await page.setViewportSize(tablet.viewport);
    await expect.poll(async () => (await signaturePad(page).boundingBox())?.width).toBe(portraitWidth);
    expect(await inkedPixels(page)).toBeGreaterThan(100);

    await fillBanking(page);
    await page.getByLabel(/I have read the service agreement/).check();
    await page.getByRole('button', { name: 'Sign Agreement' }).click();
    await expect(heading(page, 'Agreement Signed')).toBeVisible();
  });

  test('each signing check speaks in the order of the rules, and a failed send says so', async ({ page }) => {
    const code = await offerWithContract(page);
    await page.goto(`/lease/${code}`);
    await page.getByRole('button', { name: 'Proceed to Sign' }).click();
    const sign = page.getByRole('button', { name: 'Sign Agreement' });
    const alert = page.getByRole('alert');

    await sign.click();
    await expect(alert).toHaveText('Please provide your signature');

    await drawSignature(page);
    await sign.click();
    await expect(alert).toHaveText('Please fill in all banking information fields');

    // Non-digits are stripped as they are typed; transit stops at 5 digits, institution at 3.
    await page.getByLabel('Transit number').fill('1a2-3 4');
    await expect(page.getByLabel('Transit number')).toHaveValue('1234');
    await page.getByLabel('Institution number').fill('0x1');
    await expect(page.getByLabel('Institution number')).toHaveValue('01');
    await page.getByLabel('Account number').fill('12 34-567');
    await expect(page.getByLabel('Account number')).toHaveValue('1234567');
    await sign.click();
    await expect(alert).toHaveText('Institution number must be exactly 3 digits');

    await page.getByLabel('Institution number').fill('00123');
    await expect(page.getByLabel('Institution number')).toHaveValue('001');
    await sign.click();
    await expect(alert).toHaveText('Transit number must be exactly 5 digits');

    await page.getByLabel('Transit number').fill('1234567');
    await expect(page.getByLabel('Transit number')).toHaveValue('12345');
    await sign.click();
    await expect(alert).toHaveText('Please confirm that you agree to the terms and conditions');

    await page.getByLabel(/I have read the service agreement/).check();
    await page.route('**/complete-signing', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"success":false,"error":"down"}' }));
    await sign.click();
    await expect(alert).toHaveText('Failed to submit signature. Please try again.');

    await page.unroute('**/complete-signing');
    await sign.click();
    await expect(heading(page, 'Agreement Signed')).toBeVisible();
  });

  test('when the Wi-Fi drops while signing, the drawing and numbers stay for the next try', async ({ page, context }) => {
    const code = await offerWithContract(page);
    await page.goto(`/lease/${code}`);
    await page.getByRole('button', { name: 'Proceed to Sign' }).click();
    await drawSignature(page);
    await fillBanking(page);
    await page.getByLabel(/I have read the service agreement/).check();

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Sign Agreement' }).click();
    await expect(page.getByRole('alert')).toHaveText('Failed to submit signature. Please try again.');
    expect(await inkedPixels(page)).toBeGreaterThan(100);
    await expect(page.getByLabel('Account number')).toHaveValue('1234567');

    await context.setOffline(false);
    await page.getByRole('button', { name: 'Sign Agreement' }).click();
    await expect(heading(page, 'Agreement Signed')).toBeVisible();
  });

  test('signing an agreement signed meanwhile shows what was recorded, then completes', async ({ page }) => {
    const code = await offerWithContract(page);
    await page.goto(`/lease/${code}`);
    await page.getByRole('button', { name: 'Proceed to Sign' }).click();
    await expect(heading(page, 'Sign the Agreement')).toBeVisible();

    // Another device signs first.
    const png = await page.evaluate(() => {
      const c = document.createElement('canvas');
      c.width = 40;
      c.height = 20;
      const ctx = c.getContext('2d')!;
      ctx.fillRect(5, 5, 30, 3);
      return c.toDataURL('image/png');
    });
    const first = await page.request.post(`/public-api/lease-offers/${code}/complete-signing`, {
      data: { signature: png, banking: { transit_number: '54321', institution_number: '002', account_number: '987654321' } },
    });
    expect(first.ok()).toBe(true);

    await drawSignature(page);
    await fillBanking(page);
    await page.getByLabel(/I have read the service agreement/).check();
    await page.getByRole('button', { name: 'Sign Agreement' }).click();

    await expect(heading(page, 'Agreement Already Signed')).toBeVisible();
    await expect(page.getByText(company.contact_name)).toBeVisible();
    await expect(page.getByText(company.company_name)).toBeVisible();
    await expect(page.getByText('54321')).toBeVisible();
    await expect(page.getByText('987654321')).toHaveCount(0);
    await expect(page.getByRole('img', { name: `Signature of ${company.contact_name}` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download PDF' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Continue to Contract' }).click();
    await expect(heading(page, 'Agreement Signed')).toBeVisible();
  });

  test('an expired offer and an unknown code each get their own page', async ({ page }) => {
    const code = await createOffer(page);
    await adminApi(page, 'POST', `/admin-api/lease-offers/${code}/expire`);
    await page.goto(`/lease/${code}`);
    await expect(heading(page, 'Offer Expired')).toBeVisible();
    await expect(page.getByText('This lease offer has expired. Please contact us for assistance.')).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto('/lease/NoSuchOfferCode0123456789');
    await expect(heading(page, 'Unable to Load Offer')).toBeVisible();
    await expect(page.getByText('Unable to load the lease offer. Please try again.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();
    await expectNoAxeViolations(page);

    // A link mangled by a mail client is not even sent to the server.
    await page.goto('/lease/%3Cscript%3E');
    await expect(heading(page, 'Unable to Load Offer')).toBeVisible();
  });

  test('failures to send details, load the contract or fetch the PDF each say so', async ({ page }) => {
    const code = await createOffer(page);
    await page.goto(`/lease/${code}`);
    await page.getByRole('button', { name: 'Accept This Offer' }).click();
    for (const [label, value] of [
      ['Company name', company.company_name],
      ['Contact name', company.contact_name],
      ['Phone', company.phone],
      ['Address', company.address],
      ['City', company.city],
      ['Postal code', company.postal_code],
    ] as const) {
      await page.getByLabel(label).fill(value);
    }
    await page.getByLabel('Province').selectOption('ON');

    await page.route('**/submit-info', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"error":"down"}' }));
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toHaveText('Failed to submit information. Please try again.');
    await page.unroute('**/submit-info');

    const contractData = (url: URL) => url.pathname.endsWith('/contract-data');
    await page.route(contractData, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"error":"down"}' }));
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(heading(page, 'Service Agreement')).toBeVisible();
    await expect(page.getByText('Error loading contract')).toBeVisible();
    await page.unroute(contractData);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('article', { name: 'Service Agreement' })).toContainText(company.company_name);

    // Signed on another device while this one is at the signature: the contract read again (in
    // French, one tap away) says so and offers the PDF, a failed download of which is an alert.
    await page.getByRole('button', { name: 'Proceed to Sign' }).click();
    await expect(heading(page, 'Sign the Agreement')).toBeVisible();
    await page.request.post(`/public-api/lease-offers/${code}/complete-signing`, {
      data: { signature: await page.evaluate(() => document.createElement('canvas').toDataURL('image/png')), banking: { transit_number: '12345', institution_number: '001', account_number: '1234567' } },
    });
    await page.getByRole('button', { name: 'Lire en français / Read in French' }).click();
    await expect(heading(page, 'Service Agreement')).toBeVisible();
    await expect(page.getByText('You have signed this agreement.')).toBeVisible();
    await page.route((url) => url.pathname.endsWith('/download-pdf'), (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"error":"down"}' }));
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole('button', { name: 'Download PDF' }).click();
    await expect.poll(() => alerts).toEqual(['Failed to download PDF. Please try again.']);
    // The device kept the contract step: a reload opens at the signed agreement, the server's word winning.
    await expect.poll(async () => (await storedProgress(page))?.step).toBe('contract');
    await page.reload();
    await expect(heading(page, 'Agreement Signed')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download PDF' })).toBeVisible();
  });

  test('before an English signature the French version is offered, one tap from the contract in French', async ({ page }) => {
    const code = await offerWithContract(page);
    await page.goto(`/lease/${code}`);
    await expect(heading(page, 'Service Agreement')).toBeVisible();
    await expect(page.getByText('Ce contrat est aussi offert en français.')).toBeVisible();
    await page.getByRole('button', { name: 'Proceed to Sign' }).click();
    await expect(heading(page, 'Sign the Agreement')).toBeVisible();
    await expect(page.getByText('This contract is also offered in French.')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Lire en français / Read in French' }).click();
    await expect(heading(page, 'Service Agreement')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Français', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('article')).toHaveAttribute('lang', 'fr-CA');
    await expect(page.getByText('Ce contrat est aussi offert en français.')).toHaveCount(0);
  });

  test('in French: the pages, the contract language kept per offer, and the French PDF', async ({ page }) => {
    const code = await offerWithContract(page);
    await page.goto(`/lease/${code}`);
    await expect(heading(page, 'Service Agreement')).toBeVisible();
    await expect(page.getByRole('button', { name: 'English', exact: true })).toHaveAttribute('aria-pressed', 'true');
    const english = await page.getByRole('article').innerText();

    await page.getByRole('button', { name: 'Passer au français' }).click();
    await expect(heading(page, 'Contrat de service')).toBeVisible();
    await page.getByRole('button', { name: 'Français', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Français', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => page.getByRole('article').innerText()).not.toBe(english);
    await expect(page.getByRole('article')).toHaveAttribute('lang', 'fr-CA');
    await expectNoAxeViolations(page);

    await expect.poll(async () => (await storedProgress(page))?.language).toBe('fr');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Français', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'Passer à la signature' }).click();
    await expect(heading(page, 'Signer le contrat')).toBeVisible();
    await page.getByRole('button', { name: 'Signer le contrat' }).click();
    await expect(page.getByRole('alert')).toHaveText('Veuillez fournir votre signature');
    await drawSignature(page);
    await page.getByLabel('Numéro de transit').fill('12345');
    await page.getByLabel('Numéro d’institution').fill('001');
    await page.getByLabel('Numéro de compte').fill('1234567');
    await page.getByLabel(/J’ai lu le contrat de service/).check();
    await page.getByRole('button', { name: 'Signer le contrat' }).click();
    await expect(heading(page, 'Contrat signé')).toBeVisible();
    await expectNoAxeViolations(page);

    const frenchPdf = page.waitForRequest((request) => request.url().includes('/download-pdf?language=fr'));
    const downloadEvent = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Télécharger le PDF' }).click();
    await frenchPdf;
    expect((await downloadEvent).suggestedFilename()).toBe(`Service-Agreement-${company.company_name}-${code}.pdf`);
  });

  test('no lease data reaches the service worker caches, and no banking number or signature any storage', async ({ page }) => {
    const code = await offerWithContract(page);
    await page.goto(`/lease/${code}`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.getByRole('button', { name: 'Proceed to Sign' }).click();
    await drawSignature(page);
    await fillBanking(page, { transit: '24680', institution: '135', account: '97531864' });
    await page.getByLabel(/I have read the service agreement/).check();
    await page.getByRole('button', { name: 'Sign Agreement' }).click();
    await expect(heading(page, 'Agreement Signed')).toBeVisible();

    const stored = await page.evaluate(async () => {
      const cached: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) cached.push(request.url);
      }
      const idb: string[] = [];
      for (const info of await indexedDB.databases()) {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const open = indexedDB.open(info.name!);
          open.onsuccess = () => resolve(open.result);
          open.onerror = () => reject(open.error);
        });
        for (const storeName of Array.from(db.objectStoreNames)) {
          const all = await new Promise<unknown[]>((resolve) => {
            const req = db.transaction(storeName).objectStore(storeName).getAll();
            req.onsuccess = () => resolve(req.result);
          });
          idb.push(JSON.stringify(all));
        }
        db.close();
      }
      return { cached, idb: idb.join('\n'), local: JSON.stringify({ ...localStorage }), session: JSON.stringify({ ...sessionStorage }) };
    });
    expect(stored.cached.filter((url) => url.includes('/lease-offers/'))).toEqual([]);
    expect(stored.idb).toContain('"step":"completed"');
    for (const place of [stored.idb, stored.local, stored.session]) {
      for (const secret of ['97531864', '24680', 'data:image/png']) expect(place).not.toContain(secret);
    }
  });
});

test.describe('lease offer on a phone', changesSharedData, () => {
  test.use(phone);

  test('the flow fits a phone from the offer to the signature', async ({ page }) => {
    const code = await createOffer(page, { move_in_fee_type: 'none' });
    await page.goto(`/lease/${code}`);
    await expect(page.getByRole('row', { name: /Move-in fee \(waived\)/ })).toContainText('$0.00');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Accept This Offer' }).click();
    for (const [label, value] of [
      ['Company name', company.company_name],
      ['Contact name', company.contact_name],
      ['Phone', company.phone],
      ['Address', company.address],
      ['City', company.city],
      ['Postal code', company.postal_code],
    ] as const) {
      await page.getByLabel(label).fill(value);
    }
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Proceed to Sign' }).click();
    await drawSignature(page);
    await fillBanking(page);
    await page.getByLabel(/I have read the service agreement/).check();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Sign Agreement' }).click();
    await expect(heading(page, 'Agreement Signed')).toBeVisible();
  });
});
