// @vitest-environment jsdom
/// <reference types="vite/client" />
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useImperativeHandle, type ReactNode, type Ref } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LeaseOffer } from '../../src/shared/contract/lease.ts';
import { site } from '../../src/shared/site.ts';
import { LanguageProvider, type Lang } from '../../src/web/i18n/i18n.tsx';
import { ContractStep } from '../../src/web/features/lease/contract-step.tsx';
import { InfoStep } from '../../src/web/features/lease/info-step.tsx';
import { SignatureStep } from '../../src/web/features/lease/signature-step.tsx';
import { SummaryStep } from '../../src/web/features/lease/summary-step.tsx';

/** The drawing the stand-in pad hands over; a canvas cannot draw in jsdom. */
const pad = vi.hoisted(() => ({ signature: null as string | null }));
vi.mock('../../src/web/features/lease/signature-pad.tsx', () => ({
  default: function StandInPad({ handle }: { handle: Ref<{ signature: () => string | null; clear: () => void }> }) {
    useImperativeHandle(handle, () => ({ signature: () => pad.signature, clear: () => (pad.signature = null) }), []);
    return <div>pad</div>;
  },
}));

const nbsp = '\u00a0';
/** The small-supplier switch: site.ts is read as it is at render time. */
const taxes = site.taxes as { enabled: boolean };

const offer: LeaseOffer = {
  code: 'Code0123456789abcdef',
  email: 'tenant@example.com',
  status: 'new',
  services: [{ name: 'Office 101 - Window', service_type: 'dedicated_office', location_code: 'F1-101', base_monthly_rate: '1100.00' }],
  monthly_rate: 1000,
  monthly_discount: 0,
  signup_discount: 100,
  lease_term_months: 12,
  start_date: '2026-03-15',
  move_in_fee_type: 'fixed_amount',
  move_in_fee_amount: 250,
  company_name: 'Atelier Boréal',
  contact_name: 'Camille Tremblay',
};

function renderIn(ui: ReactNode, lang: Lang = 'en') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <LanguageProvider initial={lang}>
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </LanguageProvider>,
  );
}

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

afterEach(() => {
  taxes.enabled = true;
  cleanup();
  vi.unstubAllGlobals();
  pad.signature = null;
});

describe('the offer summary', () => {
  const amountOf = (row: string | RegExp) => within(screen.getByRole('row', { name: row })).getByRole('cell').textContent;
  /** Each row of a table as [what, amount], header row left out. */
  const rowsOf = (name: string) =>
    within(screen.getByRole('table', { name }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => [within(row).getByRole('rowheader').textContent, within(row).getByRole('cell').textContent]);

  it('shows every line of the initial payment for a mid-month start', () => {
    renderIn(<SummaryStep offer={offer} onAccept={() => undefined} />);
    expect(amountOf(/First month’s rent \(prorated: 17 of 31 days\)/)).toBe('$548.39');
    expect(amountOf(/Security deposit/)).toBe('$1,000.00');
    expect(amountOf(/^Move-in fee/)).toBe('$250.00');
    expect(amountOf(/Key fob deposit/)).toBe('$75.00');
    expect(amountOf(/Signup discount/)).toBe('−$100.00');
    expect(amountOf(/Total initial payment/)).toBe('$1,877.97');
    expect(screen.getByText('Office 101 - Window')).toBeTruthy();
    expect(screen.getByText('12 months')).toBeTruthy();
  });

  it('taxes the rent and the move-in fee less the discount, never the deposits, and shows the total debited', () => {
    renderIn(<SummaryStep offer={offer} onAccept={() => undefined} />);
    // Taxable: $548.39 + $250.00 − $100.00 = $698.39; GST 5% = $34.92, QST 9.975% = $69.66.
    expect(rowsOf('Initial payment, line by line')).toEqual([
      ['First month’s rent (prorated: 17 of 31 days)', '$548.39'],
      ['Security deposit (one month’s rent) Not taxable', '$1,000.00'],
      ['Move-in fee', '$250.00'],
      ['Key fob deposit Not taxable', '$75.00'],
      ['Signup discount', '−$100.00'],
      ['Subtotal', '$1,773.39'],
      ['GST (5%), no. 723456789 RT0001', '$34.92'],
      ['QST (9.975%), no. 1223456789 TQ0001', '$69.66'],
      ['Total initial payment, taxes included', '$1,877.97'],
    ]);
    // Every later month: the rent and its taxes, debited on the 1st.
    expect(screen.getByRole('heading', { name: 'Every month after that' })).toBeTruthy();
    expect(rowsOf('Monthly payment, line by line')).toEqual([
      ['Monthly rent', '$1,000.00'],
      ['GST (5%), no. 723456789 RT0001', '$50.00'],
      ['QST (9.975%), no. 1223456789 TQ0001', '$99.75'],
      ['Total debited on the 1st of each month', '$1,149.75'],
    ]);
  });

  it('in French, with French typography', () => {
    renderIn(<SummaryStep offer={offer} onAccept={() => undefined} />, 'fr');
    expect(rowsOf('Paiement initial, poste par poste')).toEqual([
      ['Loyer du premier mois (au prorata : 17 jours sur 31)', `548,39${nbsp}$`],
      ['Dépôt de garantie (un mois de loyer) Non taxable', `1${nbsp}000,00${nbsp}$`],
      ['Frais d’emménagement', `250,00${nbsp}$`],
      ['Dépôt pour la puce d’accès Non taxable', `75,00${nbsp}$`],
      ['Rabais à la signature', `−100,00${nbsp}$`],
      ['Sous-total', `1${nbsp}773,39${nbsp}$`],
      [`TPS (5${nbsp}%), no${nbsp}723456789 RT0001`, `34,92${nbsp}$`],
      [`TVQ (9,975${nbsp}%), no${nbsp}1223456789 TQ0001`, `69,66${nbsp}$`],
      ['Total du paiement initial, taxes incluses', `1${nbsp}877,97${nbsp}$`],
    ]);
    expect(rowsOf('Paiement mensuel, poste par poste')).toEqual([
      ['Loyer mensuel', `1${nbsp}000,00${nbsp}$`],
      [`TPS (5${nbsp}%), no${nbsp}723456789 RT0001`, `50,00${nbsp}$`],
      [`TVQ (9,975${nbsp}%), no${nbsp}1223456789 TQ0001`, `99,75${nbsp}$`],
      ['Total prélevé le 1er de chaque mois', `1${nbsp}149,75${nbsp}$`],
    ]);
  });

  it('without taxes (a small supplier), no tax line: SPEC’s total and the rent alone each month', () => {
    taxes.enabled = false;
    renderIn(<SummaryStep offer={offer} onAccept={() => undefined} />);
    expect(rowsOf('Initial payment, line by line')).toEqual([
      ['First month’s rent (prorated: 17 of 31 days)', '$548.39'],
      ['Security deposit (one month’s rent)', '$1,000.00'],
      ['Move-in fee', '$250.00'],
      ['Key fob deposit', '$75.00'],
      ['Signup discount', '−$100.00'],
      ['Total initial payment', '$1,773.39'],
    ]);
    expect(screen.queryByText(/GST|QST|Subtotal|taxable/i)).toBeNull();
    expect(screen.queryByRole('table', { name: 'Monthly payment, line by line' })).toBeNull();
    expect(screen.getByText('After that, $1,000.00 per month, paid on the 1st of each month.')).toBeTruthy();
  });

  it.each([
    ['monthly_rate', /Move-in fee \(one month’s rent\)/, '$1,000.00'],
    ['none', /Move-in fee \(waived\)/, '$0.00'],
  ])('names the %s move-in fee', (type, label, amount) => {
    renderIn(<SummaryStep offer={{ ...offer, move_in_fee_type: type }} onAccept={() => undefined} />);
    expect(amountOf(label)).toBe(amount);
  });

  it('bills a full first month from the 1st and never totals below zero', () => {
    renderIn(<SummaryStep offer={{ ...offer, start_date: '2026-04-01', signup_discount: 99_999 }} onAccept={() => undefined} />);
    expect(amountOf('First month’s rent $1,000.00')).toBe('$1,000.00');
    // Only the deposits would be left, and they bear no tax: nothing is taxed, nothing is due.
    expect(rowsOf('Initial payment, line by line').slice(-4)).toEqual([
      ['Subtotal', '$0.00'],
      ['GST (5%), no. 723456789 RT0001', '$0.00'],
      ['QST (9.975%), no. 1223456789 TQ0001', '$0.00'],
      ['Total initial payment, taxes included', '$0.00'],
    ]);
  });

  it('accepts the offer with its button', async () => {
    const onAccept = vi.fn();
    renderIn(<SummaryStep offer={offer} onAccept={onAccept} />);
    await userEvent.click(screen.getByRole('button', { name: 'Accept This Offer' }));
    expect(onAccept).toHaveBeenCalledOnce();
  });
});

describe('the company form', () => {
  const blank = { ...offer, company_name: null, contact_name: null };

  it('asks for the required fields, with QC as the default province', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderIn(<InfoStep code={offer.code} offer={blank} onSubmitted={() => undefined} onBack={() => undefined} />);
    expect(((await screen.findByLabelText('Province')) as HTMLSelectElement).value).toBe('QC');
    expect(within(screen.getByLabelText('Province')).getAllByRole('option').map((o) => o.textContent)).toEqual(['QC', 'ON', 'BC', 'AB', 'MB', 'SK', 'NS', 'NB', 'NL', 'PE', 'NT', 'YT', 'NU']);
    await userEvent.type(screen.getByLabelText(/Company name/), 'Atelier');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert').textContent).toBe('Please fill in all required fields');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the details and moves on, or says that sending failed', async () => {
    const fetchMock = vi.fn(async () => json(500, { success: false, error: 'down' }));
    vi.stubGlobal('fetch', fetchMock);
    const onSubmitted = vi.fn();
    renderIn(<InfoStep code={offer.code} offer={blank} onSubmitted={onSubmitted} onBack={() => undefined} />);
    await userEvent.type(await screen.findByLabelText(/Company name/), 'Atelier Boréal');
    await userEvent.type(screen.getByLabelText(/Contact name/), 'Camille');
    await userEvent.type(screen.getByLabelText(/Phone/), '514-555-0100');
    await userEvent.selectOptions(screen.getByLabelText('Province'), 'ON');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to submit information. Please try again.');
    expect(onSubmitted).not.toHaveBeenCalled();

    fetchMock.mockImplementation(async () => json(200, { success: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await vi.waitFor(() => expect(onSubmitted).toHaveBeenCalledOnce());
    const [url, init] = fetchMock.mock.calls.at(-1) as unknown as [string, RequestInit];
    expect(url).toBe(`/public-api/lease-offers/${offer.code}/submit-info`);
    expect(JSON.parse(String(init.body))).toEqual({
      company_name: 'Atelier Boréal',
      contact_name: 'Camille',
      phone: '514-555-0100',
      address: '',
      city: '',
      province: 'ON',
      postal_code: '',
    });
  });
});

describe('the contract viewer', () => {
  const xss = '<img src=x onerror="window.hacked=1">';
  const contractAnswer = (status = 'contract_generated') => ({
    success: true,
    offer: { ...offer, status, company_name: xss },
    contract: {
      sections: [
        {
          title: 'Parties',
          content: [
            {
              title: 'The tenant',
              description: 'Between the provider and {{company_name}}, represented by {{contact_name}}.',
              details: [{ title: 'Premises', description: 'Unit {{unit}}', items: ['Term: {{term}} months'] }],
            },
          ],
        },
      ],
      variables: { company_name: xss, contact_name: 'Camille Tremblay', term: 12 },
    },
  });

  it('substitutes the variables as text, with a blank line for a missing one', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(200, contractAnswer())));
    renderIn(<ContractStep code={offer.code} language="en" onLanguage={() => undefined} onProceed={() => undefined} />);
    const article = await screen.findByRole('article', { name: 'Service Agreement' });
    expect(within(article).getByText(`Between the provider and ${xss}, represented by Camille Tremblay.`)).toBeTruthy();
    expect(within(article).getByText('Unit ________')).toBeTruthy();
    expect(within(article).getByText('Term: 12 months')).toBeTruthy();
    expect(article.querySelector('img')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download PDF' })).toBeNull();
    expect(screen.getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('offers the English reader the French version, one tap away (Charter of the French language, s. 55)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(200, contractAnswer())));
    const onLanguage = vi.fn();
    renderIn(<ContractStep code={offer.code} language="en" onLanguage={onLanguage} onProceed={() => undefined} />);
    await screen.findByRole('article');
    expect(screen.getByText('Ce contrat est aussi offert en français.').getAttribute('lang')).toBe('fr-CA');
    expect(screen.getByText('This contract is also offered in French.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Lire en français / Read in French' }));
    expect(onLanguage).toHaveBeenCalledWith('fr');
  });

  it('does not offer French to a tenant reading it in French', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(200, contractAnswer())));
    renderIn(<ContractStep code={offer.code} language="fr" onLanguage={() => undefined} onProceed={() => undefined} />);
    await screen.findByRole('article');
    expect(screen.queryByText('Ce contrat est aussi offert en français.')).toBeNull();
  });

  it('asks for the contract in the chosen language and offers the PDF once signed', async () => {
    const fetchMock = vi.fn(async () => json(200, contractAnswer('signed')));
    vi.stubGlobal('fetch', fetchMock);
    const onLanguage = vi.fn();
    renderIn(<ContractStep code={offer.code} language="fr" onLanguage={onLanguage} onProceed={() => undefined} />);
    expect(await screen.findByRole('button', { name: 'Download PDF' })).toBeTruthy();
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe(`/public-api/lease-offers/${offer.code}/contract-data?language=fr`);
    await userEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(onLanguage).toHaveBeenCalledWith('en');
  });

  it('says when the contract cannot be loaded, and tries again', async () => {
    const fetchMock = vi.fn(async () => json(500, { success: false, error: 'down' }));
    vi.stubGlobal('fetch', fetchMock);
    const onProceed = vi.fn();
    renderIn(<ContractStep code={offer.code} language="en" onLanguage={() => undefined} onProceed={onProceed} />);
    expect(await screen.findByText('Error loading contract', undefined, { timeout: 4000 })).toBeTruthy();
    fetchMock.mockImplementation(async () => json(200, contractAnswer()));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Proceed to Sign' }));
    expect(onProceed).toHaveBeenCalledOnce();
  });
});

describe('signing', () => {
  const png = 'data:image/png;base64,iVBORw0KGgo=';

  function renderSignature(lang: Lang = 'en', contractLanguage: 'en' | 'fr' = 'en') {
    const props = { onSigned: vi.fn(), onContinue: vi.fn(), onBack: vi.fn(), onReadFrench: vi.fn() };
    renderIn(<SignatureStep code={offer.code} language={contractLanguage} {...props} />, lang);
    return props;
  }

  it('runs the checks in SPEC order, each with its message', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderSignature();
    const sign = screen.getByRole('button', { name: 'Sign Agreement' });
    const message = () => screen.getByRole('alert').textContent;
    await screen.findByText('pad');

    await userEvent.click(sign);
    expect(message()).toBe('Please provide your signature');
    pad.signature = png;
    await userEvent.click(sign);
    expect(message()).toBe('Please fill in all banking information fields');
    await userEvent.type(screen.getByLabelText('Transit number'), '12-34');
    await userEvent.type(screen.getByLabelText('Institution number'), '1a');
    await userEvent.type(screen.getByLabelText('Account number'), '98 76 543');
    expect((screen.getByLabelText('Account number') as HTMLInputElement).value).toBe('9876543');
    await userEvent.click(sign);
    expect(message()).toBe('Institution number must be exactly 3 digits');
    await userEvent.type(screen.getByLabelText('Institution number'), '23');
    expect((screen.getByLabelText('Institution number') as HTMLInputElement).value).toBe('123');
    await userEvent.click(sign);
    expect(message()).toBe('Transit number must be exactly 5 digits');
    await userEvent.type(screen.getByLabelText('Transit number'), '567');
    expect((screen.getByLabelText('Transit number') as HTMLInputElement).value).toBe('12345');
    await userEvent.click(sign);
    expect(message()).toBe('Please confirm that you agree to the terms and conditions');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  async function fillAndSign() {
    pad.signature = png;
    await screen.findByText('pad');
    await userEvent.type(screen.getByLabelText('Transit number'), '12345');
    await userEvent.type(screen.getByLabelText('Institution number'), '001');
    await userEvent.type(screen.getByLabelText('Account number'), '9876543');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Sign Agreement' }));
  }

  it('sends the signature, banking and language, then completes; in English, with the French version offered first', async () => {
    const fetchMock = vi.fn(async () => json(200, { success: true, signed_at: '2026-11-23T15:00:00.000Z' }));
    vi.stubGlobal('fetch', fetchMock);
    const props = renderSignature();
    expect(screen.getByText('After submitting, please e-mail a photo of a void cheque to admin@espacecowork.ca.')).toBeTruthy();
    expect(screen.getByText('Ce contrat est aussi offert en français.')).toBeTruthy();
    expect(screen.getByText('This contract is also offered in French.')).toBeTruthy();
    await fillAndSign();
    await vi.waitFor(() => expect(props.onSigned).toHaveBeenCalledOnce());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`/public-api/lease-offers/${offer.code}/complete-signing`);
    expect(JSON.parse(String(init.body))).toEqual({
      signature: png,
      banking: { transit_number: '12345', institution_number: '001', account_number: '9876543' },
      language: 'en',
      frenchVersionOffered: true,
    });
  });

  it('before an English signature, one tap opens the contract in French', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const props = renderSignature();
    await userEvent.click(screen.getByRole('button', { name: 'Lire en français / Read in French' }));
    expect(props.onReadFrench).toHaveBeenCalledOnce();
  });

  it('a French signature neither shows the offer nor says it was made', async () => {
    const fetchMock = vi.fn(async () => json(200, { success: true, signed_at: '2026-11-23T15:00:00.000Z' }));
    vi.stubGlobal('fetch', fetchMock);
    const props = renderSignature('en', 'fr');
    expect(screen.queryByText('Ce contrat est aussi offert en français.')).toBeNull();
    expect(screen.queryByRole('button', { name: /Read in French/ })).toBeNull();
    await fillAndSign();
    await vi.waitFor(() => expect(props.onSigned).toHaveBeenCalledOnce());
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ signature: png, banking: { transit_number: '12345', institution_number: '001', account_number: '9876543' }, language: 'fr' });
  });

  it('says when the signature could not be sent', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(400, { success: false, error: 'bad' })));
    const props = renderSignature();
    await fillAndSign();
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to submit signature. Please try again.');
    expect(props.onSigned).not.toHaveBeenCalled();
  });

  it('shows the already-signed answer, even on an error status, and continues from it', async () => {
    const answer = {
      success: false,
      error: 'This agreement has already been signed',
      already_signed: true,
      signer: 'Camille Tremblay',
      company: 'Atelier Boréal',
      signed_at: '2026-11-20T15:30:00.000Z',
      signature: png,
      banking: { transit_number: '12345', institution_number: '001', account_number: '****6543' },
    };
    vi.stubGlobal('fetch', vi.fn(async () => json(409, answer)));
    const props = renderSignature();
    await fillAndSign();
    expect(await screen.findByRole('heading', { name: 'Agreement Already Signed' })).toBeTruthy();
    expect(screen.getByText('Camille Tremblay')).toBeTruthy();
    expect(screen.getByText('Atelier Boréal')).toBeTruthy();
    expect(screen.getByText('****6543')).toBeTruthy();
    expect(screen.getByText(/Nov 20, 2026/)).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Signature of Camille Tremblay' }).getAttribute('src')).toBe(png);
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Contract' }));
    expect(props.onContinue).toHaveBeenCalledOnce();
  });

  it('speaks French to a French-speaking tenant', async () => {
    vi.stubGlobal('fetch', vi.fn());
    renderSignature('fr');
    await screen.findByText('pad');
    await userEvent.click(screen.getByRole('button', { name: 'Signer le contrat' }));
    expect(screen.getByRole('alert').textContent).toBe('Veuillez fournir votre signature');
  });
});
