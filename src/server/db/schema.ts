import type { ColumnType, Generated } from 'kysely';

export interface OfficesTable {
  id: Generated<number>;
  office_id: string;
  service_code: string | null;
  name: string;
  service_type: string;
  location_code: string | null;
  seating_capacity: number | null;
  /** numeric(10,2): read it back with ::text so every driver gives the same string. */
  base_monthly_rate: ColumnType<string | null, string | number | null, string | number | null>;
  is_available: boolean;
  /** date: read it back with ::text for the same reason. */
  next_available_date: ColumnType<string | null, string | null, string | null>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface Database {
  offices: OfficesTable;
}
