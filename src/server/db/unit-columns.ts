import { sql } from 'kysely';

/** A unit's fields as the public list gives them (SPEC call 3); the staff console reads the same. */
export const unitColumns = [
  'id',
  'office_id',
  'service_code',
  'name',
  'service_type',
  'location_code',
  'seating_capacity',
  sql<string | null>`base_monthly_rate::text`.as('base_monthly_rate'),
  'is_available',
  sql<string | null>`next_available_date::text`.as('next_available_date'),
] as const;
