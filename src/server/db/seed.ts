import { sql, type Insertable } from 'kysely';
import { addDays, type IsoDate } from '../../shared/domain/time.ts';
import type { Db } from './database.ts';
import type { OfficesTable } from './schema.ts';

/** A demo unit, with `next`: days from today to the next available date; null for none; 'now' when available. */
type SeedUnit = Pick<Insertable<OfficesTable>, 'office_id' | 'service_code' | 'name' | 'service_type' | 'location_code' | 'seating_capacity'> & {
  base_monthly_rate: string | null;
  next: number | null | 'now';
};

/**
 * The demo inventory. Occupied units cover every availability category (no date, ≤30, ≤90,
 * ≤180 and >180 days), with dates counted from the day of seeding so the demo never goes stale.
 */
const units: SeedUnit[] = [
  { office_id: 'OFF-101', service_code: 'DO-101', name: 'Office 101 - Window', service_type: 'dedicated_office', location_code: 'F1-101', seating_capacity: 2, base_monthly_rate: '1200.00', next: 'now' },
  { office_id: 'OFF-102', service_code: 'DO-102', name: 'Office 102 - Courtyard', service_type: 'dedicated_office', location_code: 'F1-102', seating_capacity: 4, base_monthly_rate: '2100.00', next: 'now' },
  { office_id: 'OFF-103', service_code: 'DO-103', name: 'Office 103 - Corner', service_type: 'dedicated_office', location_code: 'F1-103', seating_capacity: 6, base_monthly_rate: '2950.00', next: 14 },
  { office_id: 'OFF-201', service_code: 'DO-201', name: 'Office 201 - Studio', service_type: 'dedicated_office', location_code: 'F2-201', seating_capacity: 1, base_monthly_rate: '850.00', next: 60 },
  { office_id: 'OFF-202', service_code: 'DO-202', name: 'Office 202 - Team Room', service_type: 'dedicated_office', location_code: 'F2-202', seating_capacity: 8, base_monthly_rate: '3600.00', next: 150 },
  { office_id: 'OFF-203', service_code: 'DO-203', name: 'Office 203 - Garden View', service_type: 'dedicated_office', location_code: 'F2-203', seating_capacity: 3, base_monthly_rate: '1650.00', next: 320 },
  { office_id: 'OFF-204', service_code: 'DO-204', name: 'Office 204 - Atelier', service_type: 'dedicated_office', location_code: 'F2-204', seating_capacity: 2, base_monthly_rate: '1150.00', next: null },
  { office_id: 'OFF-301', service_code: 'DO-301', name: 'Office 301 - Executive Suite', service_type: 'dedicated_office', location_code: 'F3-301', seating_capacity: 10, base_monthly_rate: null, next: 'now' },
  { office_id: 'DSK-01', service_code: 'AD-01', name: 'Desk A1', service_type: 'assigned_desk', location_code: 'F1-OPEN-A1', seating_capacity: 1, base_monthly_rate: '450.00', next: 'now' },
  { office_id: 'DSK-02', service_code: 'AD-02', name: 'Desk A2', service_type: 'assigned_desk', location_code: 'F1-OPEN-A2', seating_capacity: 1, base_monthly_rate: '450.00', next: 'now' },
  { office_id: 'DSK-03', service_code: 'AD-03', name: 'Desk B1', service_type: 'assigned_desk', location_code: 'F1-OPEN-B1', seating_capacity: 1, base_monthly_rate: '475.00', next: 25 },
  { office_id: 'DSK-04', service_code: 'AD-04', name: 'Desk B2', service_type: 'assigned_desk', location_code: 'F1-OPEN-B2', seating_capacity: 1, base_monthly_rate: '475.00', next: null },
  { office_id: 'HOT-01', service_code: 'HD-01', name: 'Hot Desk Membership - Lounge', service_type: 'hotdesk', location_code: 'F1-LOUNGE', seating_capacity: 1, base_monthly_rate: '250.00', next: 'now' },
  { office_id: 'HOT-02', service_code: 'HD-02', name: 'Hot Desk Membership - Library', service_type: 'hotdesk', location_code: 'F2-LIBRARY', seating_capacity: 1, base_monthly_rate: '275.00', next: 80 },
  { office_id: 'PRK-01', service_code: 'PK-01', name: 'Parking Spot P1', service_type: 'parking_spot', location_code: 'P1-01', seating_capacity: 1, base_monthly_rate: '150.00', next: 'now' },
  { office_id: 'PRK-02', service_code: 'PK-02', name: 'Parking Spot P2', service_type: 'parking_spot', location_code: 'P1-02', seating_capacity: 1, base_monthly_rate: '150.00', next: 190 },
  { office_id: 'PRK-03', service_code: 'PK-03', name: 'Parking Spot P3 - EV charger', service_type: 'parking_spot', location_code: 'P1-03', seating_capacity: 1, base_monthly_rate: '185.00', next: 10 },
  { office_id: 'CONF-A', service_code: 'CR-A', name: 'Conference Room Saint-Laurent', service_type: 'conference_room', location_code: 'F2-CONF-A', seating_capacity: 12, base_monthly_rate: '350.00', next: 'now' },
  { office_id: 'CONF-B', service_code: 'CR-B', name: 'Meeting Room Mont-Royal', service_type: 'conference_room', location_code: 'F1-CONF-B', seating_capacity: 6, base_monthly_rate: '220.00', next: 'now' },
  { office_id: 'DAYPASS', service_code: 'DP-1', name: 'Day Pass - Hot Desk Access', service_type: 'day_pass', location_code: 'F1-LOUNGE', seating_capacity: 1, base_monthly_rate: '35.00', next: 'now' },
  { office_id: 'MAILBOX-BASIC', service_code: 'MB-BASIC', name: 'Mailbox Basic', service_type: 'mailbox', location_code: 'RECEPTION', seating_capacity: 1, base_monthly_rate: '39.00', next: 'now' },
  { office_id: 'MAILBOX-SCAN', service_code: 'MB-SCAN', name: 'Mailbox + Mail Scanning', service_type: 'mailbox', location_code: 'RECEPTION', seating_capacity: 1, base_monthly_rate: '59.00', next: 'now' },
  { office_id: 'MAILBOX-FORWARD', service_code: 'MB-FORWARD', name: 'Mailbox + Mail Forwarding', service_type: 'mailbox', location_code: 'RECEPTION', seating_capacity: 1, base_monthly_rate: '69.00', next: 'now' },
  { office_id: 'MAILBOX-PREMIUM', service_code: 'MB-PREMIUM', name: 'Mailbox Premium (Scan + Forward)', service_type: 'mailbox', location_code: 'RECEPTION', seating_capacity: 1, base_monthly_rate: '99.00', next: 'now' },
  { office_id: 'VIRTUAL-BASIC', service_code: 'VO-BASIC', name: 'Virtual Office - Business Address', service_type: 'mailbox', location_code: 'RECEPTION', seating_capacity: 1, base_monthly_rate: '129.00', next: 'now' },
];

/** The four table categories a larger operator has many of, with their codes' prefixes and price bands. */
const tableKinds = [
  { service_type: 'dedicated_office', prefix: 'OFF', code: 'DO', label: 'Office', seats: [1, 2, 3, 4, 6, 8], rate: 900 },
  { service_type: 'assigned_desk', prefix: 'DSK', code: 'AD', label: 'Desk', seats: [1], rate: 425 },
  { service_type: 'hotdesk', prefix: 'HOT', code: 'HD', label: 'Hot Desk Membership', seats: [1], rate: 240 },
  { service_type: 'parking_spot', prefix: 'PRK', code: 'PK', label: 'Parking Spot', seats: [1], rate: 140 },
] as const;

/**
 * Units beyond the demo's, up to `total` in all, spread over the four table categories and
 * four sites, every availability category among them: what a multi-site operator lists. For
 * measuring and testing the list at size (SEED_UNITS); the demo's own units stay as they are.
 */
export function scaleUnits(total: number): SeedUnit[] {
  const extra: SeedUnit[] = [];
  const nexts: SeedUnit['next'][] = ['now', 'now', 'now', 12, 45, 120, 240, null];
  for (let i = 0; extra.length < total - units.length; i++) {
    const kind = tableKinds[i % tableKinds.length]!;
    const n = Math.floor(i / tableKinds.length) + 1;
    const site = `S${(n % 4) + 1}`;
    const floor = (n % 9) + 1;
    const seats = kind.seats[n % kind.seats.length]!;
    extra.push({
      office_id: `${kind.prefix}-${site}-${String(n).padStart(4, '0')}`,
      service_code: `${kind.code}-${site}-${n}`,
      name: `${kind.label} ${site}-${floor}${String(n).padStart(3, '0')}`,
      service_type: kind.service_type,
      location_code: `${site}-F${floor}-${kind.code}${n}`,
      seating_capacity: seats,
      base_monthly_rate: `${kind.rate + (seats - 1) * 150 + (n % 7) * 25}.00`,
      next: nexts[(n * 3 + i) % nexts.length]!,
    });
  }
  return extra;
}

/** The advisory lock two instances starting on one empty database take turns on to seed it. */
const seedLock = 7300;

/**
 * Fills an empty inventory with the demo units (and generated ones up to totalUnits); leaves a database that has any alone. Two
 * instances starting together take turns, so only the first seeds.
 */
export async function seedDemo(db: Db, today: IsoDate, totalUnits = units.length): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${seedLock})`.execute(trx);
    const existing = await trx.selectFrom('offices').select(trx.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    if (Number(existing.n) > 0) return false;
    await trx
      .insertInto('offices')
      .values(
        [...units, ...scaleUnits(totalUnits)].map(({ next, ...unit }) => ({
          ...unit,
          is_available: next === 'now',
          next_available_date: next === 'now' || next === null ? null : addDays(today, next),
        })),
      )
      .execute();
    return true;
  });
}
