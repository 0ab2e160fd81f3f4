import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, migrationsDone, openDatabase } from '../../src/server/db/database.ts';
import { migrations } from '../../src/server/db/migrations/index.ts';
import { freshPostgresDatabase } from '../api/test-app.ts';

/**
 * Instances of a deployment start together on an empty database, and each runs the migrations
 * at start: they must not trip over one another (Kysely's migration lock, a transaction-scoped
 * advisory lock, lets one run them while the others wait and then find nothing left to do).
 */
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error('The fleet tests need a PostgreSQL server: set TEST_DATABASE_URL');

describe('migrations run by several instances at once on an empty database', () => {
  it.each([1, 2, 3])('all succeed and each migration runs exactly once (round %i)', async () => {
    const fresh = await freshPostgresDatabase(serverUrl, 'migrate');
    const instances = await Promise.all(Array.from({ length: 5 }, () => openDatabase(fresh.url, '')));
    try {
      const results = await Promise.allSettled(instances.map((db) => migrateToLatest(db)));
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      const { rows } = await sql<{ name: string; n: number }>`select name, count(*)::int as n from kysely_migration group by name order by name`.execute(instances[0]!);
      expect(rows).toEqual(Object.keys(migrations).sort().map((name) => ({ name, n: 1 })));
      for (const db of instances) expect(await migrationsDone(db)).toBe(true);
    } finally {
      await Promise.all(instances.map((db) => db.destroy()));
      await fresh.drop();
    }
  });
});
