import type { Migration } from 'kysely';
import * as offices from './0001-offices.ts';

/** Every migration, by name; names sort in the order they run. */
export const migrations: Record<string, Migration> = {
  '0001-offices': offices,
};
