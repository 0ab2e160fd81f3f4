import { sql } from 'kysely';

const formats = {
  s: 'YYYY-MM-DD"T"HH24:MI:SS"Z"',
  ms: 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"',
  us: 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"',
} as const;

/**
 * A timestamptz column as an ISO 8601 instant in UTC, written by PostgreSQL itself (a null stays
 * null): to the second, the millisecond (what a JavaScript Date keeps) or the microsecond (what
 * PostgreSQL keeps, for a list's cursor). `T` types the answer: `string | null` for a nullable column.
 */
export function utcInstantText<T extends string | null = string>(column: string, precision: keyof typeof formats = 'ms') {
  return sql<T>`to_char(${sql.ref(column)} at time zone 'UTC', ${sql.lit(formats[precision])})`;
}

/** A creation instant as instantPosition writes it. */
export function positionText(column: string) {
  return utcInstantText(column, 'us');
}
