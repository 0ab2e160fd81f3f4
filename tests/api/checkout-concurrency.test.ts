import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductChoice } from '../../src/shared/domain/pricing.ts';
import { backend, buildTestApp, type TestApp } from './test-app.ts';
import { booked, checkoutBody, postCheckout } from './checkout-helpers.ts';

async function race(t: TestApp, bodies: unknown[]) {
  const responses = await Promise.all(bodies.map((b, i) => postCheckout(t, b, `192.0.2.${i + 1}`)));
  const answers = await Promise.all(responses.map(async (r) => ({ status: r.status, body: (await r.json()) as { success: boolean; error?: string } })));
  return answers;
}

async function activeReservations(t: TestApp, officeId: string) {
  return t.db
    .selectFrom('reservations')
    .innerJoin('offices', 'offices.id', 'reservations.office_id')
    .select(['reservations.order_id', 'reservations.status'])
    .where('offices.office_id', '=', officeId)
    .where('reservations.status', 'in', ['held', 'booked'])
    .execute();
}

describe(`no double booking under concurrent checkouts (${backend})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('50 visitors ask for one room on one date at once: exactly one hold, 49 × 409 already booked', async () => {
    const body = await checkoutBody(t, 'CONF-A', { product: 'conference_room', date: '2026-11-25' });
    const answers = await race(t, Array.from({ length: 50 }, () => body));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const losers = answers.filter((a) => a.status !== 200);
    expect(losers).toHaveLength(49);
    for (const l of losers) expect(l).toEqual({ status: 409, body: { success: false, error: 'Conference Room Saint-Laurent is already booked on 2026-11-25. Please choose another date.' } });
    expect(await activeReservations(t, 'CONF-A')).toHaveLength(1);
    expect(await booked(t, 'CONF-A', '2026-11-01', '2026-11-30')).toEqual(['2026-11-25']);
  });

  it('50 visitors rent one desk at once: exactly one hold', async () => {
    const body = await checkoutBody(t, 'DSK-02', { product: 'standard' });
    const answers = await race(t, Array.from({ length: 50 }, () => body));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(49);
    expect(await activeReservations(t, 'DSK-02')).toHaveLength(1);
  });

  it('overlapping day sets and a rental of the same office at once: the winners never overlap', async () => {
    const choices: ProductChoice[] = [
      { product: 'office_monthly' },
      { product: 'office_lease' },
      { product: 'office_daily', dates: ['2026-11-24', '2026-11-25'] },
      { product: 'office_daily', dates: ['2026-11-25', '2026-11-26'] },
      { product: 'office_daily', dates: ['2026-11-27'] },
      { product: 'office_daily', dates: ['2026-11-26', '2026-11-27', '2026-11-28'] },
    ];
    const bodies = await Promise.all(Array.from({ length: 30 }, (_, i) => checkoutBody(t, 'OFF-102', choices[i % choices.length]!)));
    const answers = await race(t, bodies);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1);
    for (const a of answers) expect([200, 409]).toContain(a.status);
    const rows = await t.db
      .selectFrom('reservations')
      .select(['kind', (eb) => eb.cast<string>('start_date', 'text').as('start')])
      .where('office_id', '=', (await t.db.selectFrom('offices').select('id').where('office_id', '=', 'OFF-102').executeTakeFirstOrThrow()).id)
      .where('status', '=', 'held')
      .execute();
    const rentals = rows.filter((r) => r.kind === 'rental');
    if (rentals.length > 0) {
      expect(rows).toHaveLength(1);
    } else {
      const days = rows.map((r) => r.start);
      expect(new Set(days).size).toBe(days.length);
    }
  });
});
