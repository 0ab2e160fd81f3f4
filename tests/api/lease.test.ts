import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { decryptBanking } from '../../src/server/secrets/banking-keys.ts';
import { drawSignaturePng } from '../../src/server/lease/signature-image.ts';
import { alreadySignedAnswer, contractDataResponse, leaseOfferResponse, signingSuccess } from '../../src/shared/contract/lease.ts';
import { signingProblemMessages } from '../../src/shared/domain/banking.ts';
import { blankLine, contractPlainText, substituteSections } from '../../src/shared/domain/contract-text.ts';
import { site } from '../../src/shared/site.ts';
import { backend, testBankingKeys, testNow, type TestApp } from './test-app.ts';
import { buildLeaseTestApp, companyInfo, createOffer, pdfText, post, sign, signature, signedOffer, submitInfo, validBanking } from './lease-fixtures.ts';

const api = (code: string, rest = '') => `/public-api/lease-offers/${code}${rest}`;
const nbsp = '\u00a0';
/** The small-supplier switch: site.ts is read when the contract is built. */
const taxes = site.taxes as { enabled: boolean };

describe(`lease offers, SPEC calls 5 to 9 (${backend})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildLeaseTestApp();
  });
  afterAll(() => t.close());

  describe('call 5: GET /public-api/lease-offers/{code}', () => {
    it('answers the offer of SPEC §3 with its services, and no-store', async () => {
      const { code, url } = await createOffer(t, {
        office_ids: ['OFF-101', 'PRK-01'],
        company_name: 'Prefilled Co',
        monthly_rate: 1350.5,
        monthly_discount: 50,
        signup_discount: 100,
        move_in_fee_type: 'fixed_amount',
        move_in_fee_amount: 300,
        start_date: '2026-12-15',
      });
      expect(url).toBe(`http://localhost:5173/lease/${code}`);
      const res = await t.app.request(api(code));
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const { offer } = leaseOfferResponse.parse(await res.json());
      expect(offer).toMatchObject({
        code,
        email: 'tenant@example.com',
        status: 'new',
        monthly_rate: 1350.5,
        monthly_discount: 50,
        signup_discount: 100,
        lease_term_months: 12,
        start_date: '2026-12-15',
        move_in_fee_type: 'fixed_amount',
        move_in_fee_amount: 300,
        company_name: 'Prefilled Co',
        contact_name: null,
        tenant_signature_data: null,
        tenant_signed_at: null,
      });
      expect(offer.services).toEqual([
        { name: 'Office 101 - Window', service_type: 'dedicated_office', location_code: 'F1-101', base_monthly_rate: '1200.00' },
        { name: 'Parking Spot P1', service_type: 'parking_spot', location_code: 'P1-01', base_monthly_rate: '150.00' },
      ]);
    });

    it('gives codes of at least 128 random bits in base64url, and stores only their SHA-256', async () => {
      const codes = await Promise.all([1, 2, 3].map(() => createOffer(t).then((o) => o.code)));
      for (const code of codes) {
        expect(code).toMatch(/^[A-Za-z0-9_-]{22,}$/);
        expect(Buffer.from(code, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
      }
      expect(new Set(codes).size).toBe(3);
      const stored = await t.db.selectFrom('lease_offers').select('code_hash').execute();
      const hashes = stored.map((r) => r.code_hash);
      for (const code of codes) expect(hashes).toContain(createHash('sha256').update(code).digest('hex'));
      const dump = await dumpTextColumns(t);
      for (const code of codes) expect(dump).not.toContain(code);
    });

    it.each([
      ['an unknown code', randomBytes(18).toString('base64url')],
      ['a code too short to be one', 'abc'],
      ['a code with other characters', 'x'.repeat(20) + '%27%20or%201=1'],
    ])('answers 404 JSON to %s, with no-store', async (_label, code) => {
      const res = await t.app.request(api(code));
      expect(res.status).toBe(404);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.json()).toEqual({ success: false, error: 'Lease offer not found' });
    });

    it('answers 410 to an offer staff expired, on every call', async () => {
      const { code } = await createOffer(t);
      const expire = await post(t, `/admin-api/lease-offers/${code}/expire`, {}, { authorization: 'Bearer test-admin-token-0123456789abcdef' });
      expect(expire.status).toBe(200);
      for (const res of [
        await t.app.request(api(code)),
        await submitInfo(t, code),
        await t.app.request(api(code, '/contract-data?language=en')),
        await t.app.request(api(code, '/download-pdf?language=en')),
        await sign(t, code),
      ]) {
        expect(res.status).toBe(410);
        expect(res.headers.get('cache-control')).toBe('no-store');
        expect(await res.json()).toEqual({ success: false, error: 'This lease offer has expired. Please contact us for assistance.' });
      }
    });

    it('answers 410 once expires_at has passed, but keeps a signed offer open', async () => {
      const open = await createOffer(t, { expires_at: '2026-11-30T12:00:00-05:00' });
      const signed = await createOffer(t, { expires_at: '2026-11-30T12:00:00-05:00' });
      expect((await submitInfo(t, signed.code)).status).toBe(200);
      expect((await sign(t, signed.code)).status).toBe(200);
      const later = createApp({ ...t.deps, clock: () => new Date('2026-12-01T00:00:00Z') });
      expect((await later.request(api(open.code))).status).toBe(410);
      const stillOpen = await later.request(api(signed.code));
      expect(stillOpen.status).toBe(200);
      expect(leaseOfferResponse.parse(await stillOpen.json()).offer.status).toBe('signed');
      expect((await later.request(api(signed.code, '/download-pdf'))).status).toBe(200);
    });
  });

  describe('call 6: POST submit-info', () => {
    it('keeps the company details, defaults the province to QC, and moves the offer to contract_generated', async () => {
      const { code } = await createOffer(t);
      const { province: _province, ...withoutProvince } = companyInfo;
      const res = await submitInfo(t, code, { ...withoutProvince, company_name: '  Acme Analytics inc.  ' });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const body = await res.json();
      expect(body.success).toBe(true);
      const { offer } = leaseOfferResponse.parse(await (await t.app.request(api(code))).json());
      expect(offer).toMatchObject({
        status: 'contract_generated',
        company_name: 'Acme Analytics inc.',
        contact_name: 'Jeanne Tremblay',
        phone: '514-555-0100',
        address: '100 rue Sherbrooke Ouest',
        city: 'Montréal',
        province: 'QC',
        postal_code: 'H2X 1X2',
      });
    });

    it('takes a second submission as a correction', async () => {
      const { code } = await createOffer(t);
      await submitInfo(t, code);
      expect((await submitInfo(t, code, { ...companyInfo, province: 'ON', phone: '416-555-0199' })).status).toBe(200);
      const { offer } = leaseOfferResponse.parse(await (await t.app.request(api(code))).json());
      expect(offer).toMatchObject({ province: 'ON', phone: '416-555-0199', status: 'contract_generated' });
    });

    it.each([
      ['company_name empty', { ...companyInfo, company_name: '' }, 'Please fill in all required fields'],
      ['contact_name blank', { ...companyInfo, contact_name: '   ' }, 'Please fill in all required fields'],
      ['phone missing', { company_name: 'A', contact_name: 'B' }, 'Please fill in all required fields'],
      ['an unknown province', { ...companyInfo, province: 'XX' }, 'province: Choose a Canadian province or territory'],
      ['a company name of 201 characters', { ...companyInfo, company_name: 'x'.repeat(201) }, 'company_name: At most 200 characters'],
    ])('refuses %s with 400', async (_label, body, error) => {
      const { code } = await createOffer(t);
      const res = await submitInfo(t, code, body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ success: false, error });
      const { offer } = leaseOfferResponse.parse(await (await t.app.request(api(code))).json());
      expect(offer.status).toBe('new');
    });

    it('refuses a body that is not JSON with 400, and an unknown code with 404', async () => {
      const { code } = await createOffer(t);
      const bad = await post(t, api(code, '/submit-info'), '{"company_name":');
      expect(bad.status).toBe(400);
      expect(await bad.json()).toEqual({ success: false, error: 'The request body is not valid JSON' });
      expect((await submitInfo(t, randomBytes(18).toString('base64url'))).status).toBe(404);
    });
  });

  describe('call 7: GET contract-data', () => {
    it('answers offer and contract (sections, variables) in English by default', async () => {
      const { code } = await createOffer(t, { start_date: '2026-12-16', move_in_fee_type: 'none', signup_discount: 25 });
      await submitInfo(t, code);
      const res = await t.app.request(api(code, '/contract-data'));
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const body = contractDataResponse.parse(await res.json());
      expect(body.offer.code).toBe(code);
      const titles = body.contract.sections.map((s) => s.title);
      expect(titles).toEqual(['Service Agreement', 'Pre-Authorized Debit (PAD) Agreement', 'General Terms', 'Signatures']);
      for (const section of body.contract.sections) {
        expect(section.content.length).toBeGreaterThan(0);
        for (const c of section.content) expect(c.title).not.toBe('');
      }
      expect(body.contract.variables).toMatchObject({
        company_name: 'Acme Analytics inc.',
        contact_name: 'Jeanne Tremblay',
        start_date: 'December 16, 2026',
        end_date: 'December 15, 2027',
        monthly_rent: '$1,200.00',
        first_month_basis: 'prorated, 16 of 31 days',
        first_month_rent: '$619.35',
        security_deposit: '$1,200.00',
        move_in_fee: '$0.00',
        key_fob_deposit: '$75.00',
        signup_discount: '$25.00',
        // SPEC §9's total, before tax; GST and QST on the rent less the discount ($594.35), never on the deposits.
        initial_payment_subtotal: '$1,869.35',
        initial_payment_gst: '$29.72',
        initial_payment_qst: '$59.29',
        initial_payment_total: '$1,958.36',
        monthly_gst: '$60.00',
        monthly_qst: '$119.70',
        monthly_payment_total: '$1,379.70',
        gst_rate: '5%',
        gst_registration_number: '723456789 RT0001',
        qst_rate: '9.975%',
        qst_registration_number: '1223456789 TQ0001',
        transit_number: null,
        account_number: null,
        signed_date: null,
      });
      // The markers stay in the sections: the client substitutes them (SPEC §3 'Contract data').
      const text = JSON.stringify(body.contract.sections);
      expect(text).toContain('{{company_name}}');
      expect(text).toContain('Office 101 - Window');
    });

    it('carries the disclosures of Payments Canada Rule H1 in both languages', async () => {
      const { code } = await createOffer(t);
      const en = contractDataResponse.parse(await (await t.app.request(api(code, '/contract-data?language=en'))).json());
      const fr = contractDataResponse.parse(await (await t.app.request(api(code, '/contract-data?language=fr'))).json());
      const enText = contractPlainText(en.contract.sections, en.contract.variables);
      const frText = contractPlainText(fr.contract.sections, fr.contract.variables);
      for (const phrase of ['10 calendar days', 'waives', 'recourse rights', 'reimbursement', 'revoke this authorization', 'www.payments.ca', 'hello@espacecowork.ca', 'Julien Gagnon', 'General Manager']) {
        expect(enText).toContain(phrase);
      }
      for (const phrase of ['10 jours civils', 'renonce', 'droits de recours', 'remboursement', 'révoquer la présente autorisation', 'www.paiements.ca', 'Directeur général']) {
        expect(frText).toContain(phrase);
      }
      expect(fr.contract.sections[0]?.title).toBe('Contrat de services');
      expect(fr.contract.variables.monthly_rent).toMatch(/^1\s200,00\s\$$/u);
    });

    it('shows the subtotal, GST and QST with their numbers, the deposits not taxable, the total debited and the monthly payment with its taxes', async () => {
      const { code } = await createOffer(t, { start_date: '2026-12-16', move_in_fee_type: 'fixed_amount', move_in_fee_amount: 300, signup_discount: 25 });
      await submitInfo(t, code);
      const text = async (language: string) => {
        const body = contractDataResponse.parse(await (await t.app.request(api(code, `/contract-data?language=${language}`))).json());
        return contractPlainText(body.contract.sections, body.contract.variables).split('\n');
      };
      // Taxable: $619.35 + $300.00 − $25.00 = $894.35; GST $44.72, QST $89.21 (89.2114).
      const en = await text('en');
      expect(en).toEqual(
        expect.arrayContaining([
          'Initial payment, due on signing',
          "- First month's rent (prorated, 16 of 31 days): $619.35",
          "- Security deposit (one month's rent), not taxable: $1,200.00",
          '- Move-in fee: $300.00',
          '- Key fob deposit, not taxable: $75.00',
          '- Less signup discount: $25.00',
          '- Subtotal: $2,169.35',
          '- GST (5%), no. 723456789 RT0001: $44.72',
          '- QST (9.975%), no. 1223456789 TQ0001: $89.21',
          '- Total initial payment, taxes included: $2,303.28',
          'Monthly payment, debited on the 1st of each month',
          '- Monthly rent: $1,200.00',
          '- GST (5%), no. 723456789 RT0001: $60.00',
          '- QST (9.975%), no. 1223456789 TQ0001: $119.70',
          '- Total monthly payment, taxes included: $1,379.70',
          '- The initial payment of $2,303.28, taxes included, once, on or after the signing of this Agreement.',
          '- The monthly payment of $1,379.70 (the monthly rent of $1,200.00 plus GST and QST), on the 1st of each month, for the term and any renewal.',
        ]),
      );
      const fr = await text('fr');
      expect(fr).toEqual(
        expect.arrayContaining([
          'Paiement initial, exigible à la signature',
          '- Loyer du premier mois (au prorata, 16 jours sur 31) : 619,35 $'.replaceAll(' $', `${nbsp}$`),
          `- Dépôt de garantie (un mois de loyer), non taxable : 1${nbsp}200,00${nbsp}$`,
          `- Dépôt pour porte-clés électronique, non taxable : 75,00${nbsp}$`,
          `- Sous-total : 2${nbsp}169,35${nbsp}$`,
          `- TPS (5${nbsp}%), no${nbsp}723456789 RT0001 : 44,72${nbsp}$`,
          `- TVQ (9,975${nbsp}%), no${nbsp}1223456789 TQ0001 : 89,21${nbsp}$`,
          `- Paiement initial total, taxes incluses : 2${nbsp}303,28${nbsp}$`,
          'Paiement mensuel, prélevé le 1er de chaque mois',
          `- Loyer mensuel : 1${nbsp}200,00${nbsp}$`,
          `- TPS (5${nbsp}%), no${nbsp}723456789 RT0001 : 60,00${nbsp}$`,
          `- TVQ (9,975${nbsp}%), no${nbsp}1223456789 TQ0001 : 119,70${nbsp}$`,
          `- Paiement mensuel total, taxes incluses : 1${nbsp}379,70${nbsp}$`,
        ]),
      );
    });

    it('without taxes (a small supplier): no tax line, and the total is SPEC’s', async () => {
      taxes.enabled = false;
      try {
        const { code } = await createOffer(t, { start_date: '2026-12-16', move_in_fee_type: 'none', signup_discount: 25 });
        for (const language of ['en', 'fr']) {
          const body = contractDataResponse.parse(await (await t.app.request(api(code, `/contract-data?language=${language}`))).json());
          const text = contractPlainText(body.contract.sections, body.contract.variables);
          expect(text).not.toMatch(/GST|QST|TPS|TVQ|taxable|taxes|Subtotal|Sous-total/);
          expect(body.contract.variables.initial_payment_total).toBe(language === 'en' ? '$1,869.35' : `1${nbsp}869,35${nbsp}$`);
        }
      } finally {
        taxes.enabled = true;
      }
    });

    it('leaves what is not known yet as blank lines', async () => {
      const { code } = await createOffer(t);
      const body = contractDataResponse.parse(await (await t.app.request(api(code, '/contract-data'))).json());
      expect(body.contract.variables.tenant_phone).toBeNull();
      const text = contractPlainText(body.contract.sections, body.contract.variables);
      expect(text).toContain(`Telephone: ${blankLine}`);
      expect(text).toContain(`Transit number: ${blankLine}`);
    });

    it('refuses a language other than en or fr with 400', async () => {
      const { code } = await createOffer(t);
      const res = await t.app.request(api(code, '/contract-data?language=de'));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ success: false, error: 'language must be en or fr' });
    });
  });

  describe('call 9: POST complete-signing', () => {
    async function readyOffer() {
      const { code } = await createOffer(t);
      await submitInfo(t, code);
      return code;
    }

    it('refuses to sign before the company details are in', async () => {
      const { code } = await createOffer(t);
      const res = await sign(t, code);
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ success: false, error: 'Submit the company information before signing' });
    });

    it.each([
      ['no signature', { signature: '', banking: validBanking }, signingProblemMessages.signatureMissing],
      ['no signature and bad banking', { signature: '', banking: { transit_number: '1', institution_number: '', account_number: 'x' } }, signingProblemMessages.signatureMissing],
      ['an empty banking field', { signature, banking: { ...validBanking, account_number: '' } }, signingProblemMessages.bankingIncomplete],
      ['banking missing entirely', { signature }, signingProblemMessages.bankingIncomplete],
      ['a numeric banking field', { signature, banking: { ...validBanking, transit_number: 12345 } }, signingProblemMessages.bankingIncomplete],
      ['a 2-digit institution', { signature, banking: { ...validBanking, institution_number: '03' } }, signingProblemMessages.institutionNumberLength],
      ['bad institution and transit', { signature, banking: { ...validBanking, institution_number: '0003', transit_number: '1' } }, signingProblemMessages.institutionNumberLength],
      ['a 6-digit transit', { signature, banking: { ...validBanking, transit_number: '123456' } }, signingProblemMessages.transitNumberLength],
      ['an account with a dash', { signature, banking: { ...validBanking, account_number: '1234-567' } }, signingProblemMessages.accountNumberDigits],
      ['an account of 13 digits (the PAD file holds 12)', { signature, banking: { ...validBanking, account_number: '1'.repeat(13) } }, 'Account number must be 7 to 12 digits'],
      ['an account of 6 digits', { signature, banking: { ...validBanking, account_number: '123456' } }, 'Account number must be 7 to 12 digits'],
      ['a JPEG data URL', { signature: 'data:image/jpeg;base64,/9j/4AAQ', banking: validBanking }, signingProblemMessages.signatureMissing],
      ['a script URL', { signature: 'javascript:alert(1)', banking: validBanking }, signingProblemMessages.signatureMissing],
      ['base64 that is not a PNG', { signature: `data:image/png;base64,${Buffer.from('GIF89a not a png at all, just text padding').toString('base64')}`, banking: validBanking }, signingProblemMessages.signatureMissing],
      ['a PNG of 5000 pixels wide', { signature: drawSignaturePng(5000, 2, []), banking: validBanking }, signingProblemMessages.signatureMissing],
    ])('refuses %s with 400 and its message', async (_label, body, error) => {
      const code = await readyOffer();
      const res = await sign(t, code, body);
      expect(res.status).toBe(400);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.json()).toEqual({ success: false, error });
      const { offer } = leaseOfferResponse.parse(await (await t.app.request(api(code))).json());
      expect(offer.status).toBe('contract_generated');
    });

    it('refuses a signature image over the size limit', async () => {
      const code = await readyOffer();
      const huge = `data:image/png;base64,${randomBytes(600 * 1024).toString('base64')}`;
      const res = await sign(t, code, { signature: huge, banking: validBanking });
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe(signingProblemMessages.signatureMissing);
      const tooBig = await sign(t, code, { signature: `data:image/png;base64,${'A'.repeat(1_100_000)}`, banking: validBanking });
      expect(tooBig.status).toBe(413);
      expect(await tooBig.json()).toEqual({ success: false, error: 'The request body is too large (at most 1024 KB)' });
    });

    it('signs: encrypts banking, records the audit trail, moves the offer to signed', async () => {
      const code = await readyOffer();
      // The tenant read the French contract last: the audit trail records that language.
      await t.app.request(api(code, '/contract-data?language=fr'));
      const res = await sign(t, code, { signature, banking: { transit_number: ' 12345 ', institution_number: '003', account_number: '98765432101' } }, { 'x-forwarded-for': '203.0.113.77', 'user-agent': 'Mozilla/5.0 (iPad)' });
      expect(res.status).toBe(200);
      const body = signingSuccess.parse(await res.json());
      expect(body.signed_at).toBe(testNow.toISOString());
      expect(body.offer?.status).toBe('signed');

      const { offer } = leaseOfferResponse.parse(await (await t.app.request(api(code))).json());
      expect(offer.status).toBe('signed');
      expect(offer.tenant_signature_data).toBe(signature);
      expect(offer.tenant_signed_at).toBe(testNow.toISOString());

      const row = await t.db
        .selectFrom('lease_signatures as s')
        .innerJoin('lease_offers as o', 'o.id', 's.offer_id')
        .selectAll('s')
        .where('o.code_hash', '=', createHash('sha256').update(code).digest('hex'))
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ ip_address: '203.0.113.77', user_agent: 'Mozilla/5.0 (iPad)', language: 'fr', signer_name: 'Jeanne Tremblay', company_name: 'Acme Analytics inc.' });
      expect(new Date(row.signed_at).toISOString()).toBe(testNow.toISOString());
      expect(row.contract_sha256).toBe(createHash('sha256').update(row.contract_text).digest('hex'));
      expect(row.contract_text).toContain('Contrat de services');
      expect(row.contract_text).toContain('Acme Analytics inc.');
      expect(row.banking_encrypted).not.toContain('98765432101');
      expect(decryptBanking(testBankingKeys, row.banking_encrypted, row.offer_id)).toEqual({ transit_number: '12345', institution_number: '003', account_number: '98765432101' });
      // Bound to its offer: the same ciphertext on another row does not decrypt.
      expect(() => decryptBanking(testBankingKeys, row.banking_encrypted, row.offer_id + 1)).toThrow();
    });

    it('the signed text is the contract as shown before signing, whose hash the audit trail keeps', async () => {
      const code = await readyOffer();
      const shown = contractDataResponse.parse(await (await t.app.request(api(code, '/contract-data?language=en'))).json());
      expect((await sign(t, code)).status).toBe(200);
      const row = await t.db
        .selectFrom('lease_signatures as s')
        .innerJoin('lease_offers as o', 'o.id', 's.offer_id')
        .select(['s.contract_text', 's.contract_sha256', 's.language'])
        .where('o.code_hash', '=', createHash('sha256').update(code).digest('hex'))
        .executeTakeFirstOrThrow();
      expect(row.language).toBe('en');
      expect(row.contract_text).toBe(contractPlainText(shown.contract.sections, shown.contract.variables));
    });

    describe('the French version offered before an English signature (Charter of the French language, s. 55)', () => {
      const frenchOfferedAt = async (code: string) =>
        (
          await t.db
            .selectFrom('lease_signatures as s')
            .innerJoin('lease_offers as o', 'o.id', 's.offer_id')
            .select(['s.french_offered_at', 's.language'])
            .where('o.code_hash', '=', createHash('sha256').update(code).digest('hex'))
            .executeTakeFirstOrThrow()
        );

      it('an English signature that says so records the signing instant', async () => {
        const code = await readyOffer();
        expect((await sign(t, code, { signature, banking: validBanking, language: 'en', frenchVersionOffered: true })).status).toBe(200);
        const row = await frenchOfferedAt(code);
        expect(row.language).toBe('en');
        expect(row.french_offered_at?.toISOString()).toBe(testNow.toISOString());
      });

      it('a French signature records nothing, even when a client says it offered French', async () => {
        const code = await readyOffer();
        expect((await sign(t, code, { signature, banking: validBanking, language: 'fr', frenchVersionOffered: true })).status).toBe(200);
        expect(await frenchOfferedAt(code)).toEqual({ french_offered_at: null, language: 'fr' });
      });

      it('an English signature from a client that does not say it records nothing', async () => {
        const code = await readyOffer();
        expect((await sign(t, code, { signature, banking: validBanking, language: 'en' })).status).toBe(200);
        expect(await frenchOfferedAt(code)).toEqual({ french_offered_at: null, language: 'en' });
      });

      it('refuses a flag that is not a boolean', async () => {
        const code = await readyOffer();
        const res = await sign(t, code, { signature, banking: validBanking, language: 'en', frenchVersionOffered: 'yes' });
        expect(res.status).toBe(400);
        expect((await res.json()).error).toMatch(/^frenchVersionOffered: /);
      });
    });

    it('answers every later signing with the already-signed body (409), account masked', async () => {
      const code = await readyOffer();
      expect((await sign(t, code)).status).toBe(200);
      for (const body of [{ signature, banking: validBanking }, { signature: '', banking: {} }, {}]) {
        const again = await sign(t, code, body);
        expect(again.status).toBe(409);
        const answer = alreadySignedAnswer.parse(await again.json());
        expect(answer).toEqual({
          success: false,
          error: 'This agreement has already been signed',
          already_signed: true,
          signer: 'Jeanne Tremblay',
          company: 'Acme Analytics inc.',
          signed_at: testNow.toISOString(),
          signature,
          banking: { transit_number: '12345', institution_number: '003', account_number: '****2101' },
        });
      }
      const info = await submitInfo(t, code, { ...companyInfo, company_name: 'Changed after signing' });
      expect(info.status).toBe(409);
      expect((await info.json()).already_signed).toBe(true);
    });

    it('two signings racing give one signature and one already-signed answer', async () => {
      const code = await readyOffer();
      const [a, b] = await Promise.all([sign(t, code), sign(t, code, { signature, banking: { ...validBanking, account_number: '1111111' } })]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const count = await t.db
        .selectFrom('lease_signatures as s')
        .innerJoin('lease_offers as o', 'o.id', 's.offer_id')
        .select(t.db.fn.countAll<string>().as('n'))
        .where('o.code_hash', '=', createHash('sha256').update(code).digest('hex'))
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(1);
    });

    it('keeps no account number in clear anywhere in the database', async () => {
      const account = '80417362950';
      const { code } = await createOffer(t);
      await submitInfo(t, code);
      expect((await sign(t, code, { signature, banking: { ...validBanking, account_number: account } })).status).toBe(200);
      const dump = await dumpTextColumns(t);
      expect(dump.length).toBeGreaterThan(1000);
      expect(dump).toContain('Acme Analytics inc.');
      expect(dump).not.toContain(account);
      expect(dump).not.toContain(validBanking.account_number);
    });
  });

  describe('call 8: GET download-pdf', () => {
    it('refuses before signing', async () => {
      const { code } = await createOffer(t);
      await submitInfo(t, code);
      const res = await t.app.request(api(code, '/download-pdf?language=en'));
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ success: false, error: 'The agreement can be downloaded once it has been signed' });
    });

    it('gives the signed agreement in English with the company, signed date, signature and audit trail', async () => {
      const code = await signedOffer(t);
      const res = await t.app.request(api(code, '/download-pdf?language=en'));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('content-disposition')).toContain(`filename="Service-Agreement-Acme Analytics inc.-${code}.pdf"`);
      const pdf = Buffer.from(await res.arrayBuffer());
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdf.subarray(-6).toString()).toContain('%%EOF');
      expect(pdf.toString('latin1')).toMatch(/\/Subtype \/Image/);
      const text = pdfText(pdf);
      expect(text).toContain('Acme Analytics inc.');
      expect(text).toContain('Signed on November 23, 2026');
      expect(text).toContain('Julien Gagnon, General Manager');
      expect(text).toContain('Audit trail');
      expect(text).toContain('198.51.100.23');
      expect(text).toContain('Tablet Browser 1.0');
      expect(text).toContain(testNow.toISOString());
      const row = await t.db.selectFrom('lease_signatures').select('contract_sha256').where('ip_address', '=', '198.51.100.23').orderBy('offer_id', 'desc').executeTakeFirstOrThrow();
      expect(text).toContain(row.contract_sha256);
      expect(text).toContain('Account number: ****2101');
      expect(text).not.toContain(validBanking.account_number);
    });

    it('gives the French agreement with its accents', async () => {
      const code = await signedOffer(t, {}, { ...companyInfo, company_name: 'Café Lumière ltée' });
      const res = await t.app.request(api(code, '/download-pdf?language=fr'));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent(`Service-Agreement-Café Lumière ltée-${code}.pdf`)}`);
      const text = pdfText(Buffer.from(await res.arrayBuffer()));
      expect(text).toContain('Contrat de services');
      expect(text).toContain('Café Lumière ltée');
      expect(text).toContain('Signé le 23 novembre 2026');
      expect(text).toContain('Piste de vérification');
      expect(text).toContain('Accord de débit préautorisé (DPA)');
    });

    it('carries the taxes of the initial and monthly payments, in English and in French', async () => {
      const code = await signedOffer(t);
      // $1,200 from December 1st: taxable $1,200.00 (the rent), GST $60.00, QST $119.70; no move-in fee given, so one month's rent.
      // pdfText decodes Windows-1252 as Latin-1: the bullet (0x95) comes out as U+0095.
      const lines = async (language: string) =>
        pdfText(Buffer.from(await (await t.app.request(api(code, `/download-pdf?language=${language}`))).arrayBuffer()))
          .split('\n')
          .map((line) => line.replace(/^\u0095 /, '\u2022 '));
      const en = await lines('en');
      for (const line of [
        "\u2022 Security deposit (one month's rent), not taxable: $1,200.00",
        '\u2022 Key fob deposit, not taxable: $75.00',
        '\u2022 Subtotal: $3,675.00',
        '\u2022 GST (5%), no. 723456789 RT0001: $120.00',
        '\u2022 QST (9.975%), no. 1223456789 TQ0001: $239.40',
        '\u2022 Total initial payment, taxes included: $4,034.40',
        '\u2022 Monthly rent: $1,200.00',
        '\u2022 GST (5%), no. 723456789 RT0001: $60.00',
        '\u2022 QST (9.975%), no. 1223456789 TQ0001: $119.70',
        '\u2022 Total monthly payment, taxes included: $1,379.70',
      ]) {
        expect(en).toContain(line);
      }
      const fr = await lines('fr');
      for (const line of [
        `\u2022 Sous-total : 3${nbsp}675,00${nbsp}$`,
        `\u2022 TPS (5${nbsp}%), no${nbsp}723456789 RT0001 : 120,00${nbsp}$`,
        `\u2022 TVQ (9,975${nbsp}%), no${nbsp}1223456789 TQ0001 : 239,40${nbsp}$`,
        `\u2022 Paiement initial total, taxes incluses : 4${nbsp}034,40${nbsp}$`,
        `\u2022 Paiement mensuel total, taxes incluses : 1${nbsp}379,70${nbsp}$`,
      ]) {
        expect(fr).toContain(line);
      }
    });

    it('shows in its audit trail that the French version was offered before an English signature, in both versions', async () => {
      const { code } = await createOffer(t);
      await submitInfo(t, code);
      expect((await sign(t, code, { signature, banking: validBanking, language: 'en', frenchVersionOffered: true })).status).toBe(200);
      const en = pdfText(Buffer.from(await (await t.app.request(api(code, '/download-pdf?language=en'))).arrayBuffer())).split('\n');
      const enRow = en.indexOf('French version offered before signing in English');
      expect(enRow).toBeGreaterThan(en.indexOf('Audit trail'));
      expect(en[enRow + 1]).toMatch(new RegExp(`^${testNow.toISOString().replaceAll('.', '\\.')} \\(November 23, 2026`));
      const fr = pdfText(Buffer.from(await (await t.app.request(api(code, '/download-pdf?language=fr'))).arrayBuffer())).split('\n');
      const frRow = fr.indexOf('Version française offerte avant la signature en anglais');
      expect(frRow).toBeGreaterThan(fr.indexOf('Piste de vérification'));
      expect(fr[frRow + 1]).toMatch(new RegExp(`^${testNow.toISOString().replaceAll('.', '\\.')} \\(23 novembre 2026`));
    });

    it('says nothing of a French offer when the agreement was signed in French', async () => {
      const { code } = await createOffer(t);
      await submitInfo(t, code);
      expect((await sign(t, code, { signature, banking: validBanking, language: 'fr', frenchVersionOffered: true })).status).toBe(200);
      for (const language of ['en', 'fr']) {
        const text = pdfText(Buffer.from(await (await t.app.request(api(code, `/download-pdf?language=${language}`))).arrayBuffer()));
        expect(text).not.toContain('French version offered');
        expect(text).not.toContain('Version française offerte');
      }
    });

    it('refuses a language other than en or fr', async () => {
      const code = await signedOffer(t);
      expect((await t.app.request(api(code, '/download-pdf?language=es'))).status).toBe(400);
    });
  });

  describe('an XSS payload in the company name', () => {
    const payload = `<script>alert("x")</script><img src=x onerror=alert(1)> & 'Co'`;

    it('is stored and returned exactly as text, in JSON, and printed as text in the PDF', async () => {
      const code = await signedOffer(t, {}, { ...companyInfo, company_name: payload });
      const res = await t.app.request(api(code));
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(leaseOfferResponse.parse(await res.json()).offer.company_name).toBe(payload);
      const stored = await t.db.selectFrom('lease_offers').select('company_name').where('company_name', '=', payload).execute();
      expect(stored).toHaveLength(1);
      const contract = contractDataResponse.parse(await (await t.app.request(api(code, '/contract-data'))).json());
      expect(contract.contract.variables.company_name).toBe(payload);
      const shown = JSON.stringify(substituteSections(contract.contract.sections, contract.contract.variables));
      expect(shown).toContain(JSON.stringify(payload).slice(1, -1));
      const pdf = await t.app.request(api(code, '/download-pdf?language=en'));
      expect(pdf.headers.get('content-disposition')).not.toMatch(/filename="[^"]*"[^;]*"/);
      expect(pdfText(Buffer.from(await pdf.arrayBuffer()))).toContain(payload);
    });
  });
});

/** Every text-like column of every table in the database, as one string. */
async function dumpTextColumns(t: TestApp): Promise<string> {
  const columns = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'bytea')
  `.execute(t.db);
  expect(columns.rows.length).toBeGreaterThan(10);
  const parts: string[] = [];
  for (const { table_name, column_name } of columns.rows) {
    const rows = await sql<{ v: string | null }>`select ${sql.ref(column_name)}::text as v from ${sql.table(table_name)}`.execute(t.db);
    for (const r of rows.rows) if (r.v) parts.push(r.v);
  }
  return parts.join('\n');
}
