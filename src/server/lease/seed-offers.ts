import type { LeaseOfferStatus } from '../../shared/contract/lease.ts';
import { offerExpiry } from '../../shared/contract/staff-console.ts';
import { spaceToday } from '../../shared/domain/zoned-time.ts';
import type { Db } from '../db/database.ts';
import type { BankingKeyring } from '../secrets/banking-keys.ts';
import { createOffer, expireOffer, signOffer, submitCustomerInfo, type NewOffer } from './lease-offers.ts';
import { sampleSignature } from './signature-image.ts';

export interface DemoOffer {
  status: LeaseOfferStatus;
  company: string;
  code: string;
  url: string;
}

interface DemoSpec {
  status: LeaseOfferStatus;
  offices: string[];
  offer: Omit<NewOffer, 'office_ids' | 'start_date' | 'expires_at'>;
  startInDays: 'next-month-1st' | 'next-month-15th';
  info?: { phone: string; address: string; city: string; province: 'QC' | 'ON'; postal_code: string };
}

const demoSpecs: DemoSpec[] = [
  {
    status: 'new',
    offices: ['OFF-101'],
    startInDays: 'next-month-1st',
    offer: {
      email: 'camille.roy@studiolumiere.example',
      company_name: 'Studio Lumière inc.',
      contact_name: 'Camille Roy',
      monthly_rate_cents: 114_000,
      monthly_discount_cents: 0,
      signup_discount_cents: 25_000,
      lease_term_months: 12,
      move_in_fee_type: 'monthly_rate',
      move_in_fee_amount_cents: null,
    },
  },
  {
    status: 'contract_generated',
    offices: ['OFF-102', 'PRK-01'],
    startInDays: 'next-month-15th',
    offer: {
      email: 'finance@nordik.example',
      company_name: 'Nordik Analytics',
      contact_name: 'Alex Martin',
      monthly_rate_cents: 225_000,
      monthly_discount_cents: 10_000,
      signup_discount_cents: 0,
      lease_term_months: 12,
      move_in_fee_type: 'fixed_amount',
      move_in_fee_amount_cents: 50_000,
    },
    info: { phone: '514-555-0187', address: '400 boulevard De Maisonneuve Ouest', city: 'Montréal', province: 'QC', postal_code: 'H3A 1L4' },
  },
  {
    status: 'signed',
    // A desk no demo checkout needs: the signing takes it from the lease's start on.
    offices: ['DSK-03'],
    startInDays: 'next-month-1st',
    offer: {
      email: 'bonjour@boulangerie-numerique.example',
      company_name: 'Boulangerie Numérique',
      contact_name: 'Élise Bouchard',
      monthly_rate_cents: 45_000,
      monthly_discount_cents: 0,
      signup_discount_cents: 5_000,
      lease_term_months: 6,
      move_in_fee_type: 'none',
      move_in_fee_amount_cents: null,
    },
    info: { phone: '438-555-0123', address: '55 rue Saint-Viateur Est', city: 'Montréal', province: 'QC', postal_code: 'H2T 1A3' },
  },
  {
    status: 'expired',
    offices: ['OFF-103'],
    startInDays: 'next-month-1st',
    offer: {
      email: 'hello@ateliervert.example',
      company_name: 'Atelier Vert',
      contact_name: 'Sam Nguyen',
      monthly_rate_cents: 295_000,
      monthly_discount_cents: 0,
      signup_discount_cents: 0,
      lease_term_months: 12,
      move_in_fee_type: 'monthly_rate',
      move_in_fee_amount_cents: null,
    },
  },
];

function nextMonthDay(today: string, day: 1 | 15): string {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const y = month === 12 ? year + 1 : year;
  const m = month === 12 ? 1 : month + 1;
  return `${y}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * Demo offers in each state, made only when there are none. Codes are stored hashed, so this is
 * the one moment they can be shown: the caller prints them (and keeps them in a file).
 */
export async function seedDemoOffers(db: Db, bankingKeys: BankingKeyring, now: Date, baseUrl: string, provider: 'stripe' | 'test'): Promise<DemoOffer[] | null> {
  const existing = await db.selectFrom('lease_offers').select(db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  if (Number(existing.n) > 0) return null;
  const offices = await db.selectFrom('offices').select(['id', 'office_id']).execute();
  const today = spaceToday(now);
  const made: DemoOffer[] = [];
  for (const spec of demoSpecs) {
    const unitIds = spec.offices.map((code) => offices.find((o) => o.office_id === code)?.id).filter((id): id is number => id !== undefined);
    if (unitIds.length === 0) continue;
    const startDate = nextMonthDay(today, spec.startInDays === 'next-month-1st' ? 1 : 15);
    const { id, code } = await createOffer(
      db,
      // Open as long as staff's offers are: 30 days, never past the start (offerExpiry).
      { ...spec.offer, office_ids: unitIds, start_date: startDate, expires_at: offerExpiry(startDate, today) },
      now,
      // Demo offers are printed at start; nobody is invited.
      null,
    );
    if (spec.info) {
      await submitCustomerInfo(db, id, { company_name: spec.offer.company_name ?? '', contact_name: spec.offer.contact_name ?? '', ...spec.info }, now);
    }
    if (spec.status === 'signed') {
      await signOffer(db, bankingKeys, id, {
        signature: sampleSignature(),
        banking: { transit_number: '10482', institution_number: '815', account_number: '7301946' },
        language: 'fr',
        ipAddress: '127.0.0.1',
        userAgent: 'demo seed',
        now,
        provider,
        silent: true,
      });
    }
    if (spec.status === 'expired') await expireOffer(db, id);
    made.push({ status: spec.status, company: spec.offer.company_name ?? '', code, url: `${baseUrl}/lease/${code}` });
  }
  return made;
}

export function demoOffersText(offers: readonly DemoOffer[]): string {
  return offers.map((o) => `${o.status.padEnd(18)} ${o.company.padEnd(24)} ${o.url}`).join('\n');
}
