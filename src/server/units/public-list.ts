import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Office } from '../../shared/contract/offices.ts';
import type { Db } from '../db/database.ts';
import { utcInstantText } from '../db/instant-text.ts';
import { compress, type Bytes, type Encoding } from '../http/compression.ts';

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

async function listOffices(db: Db): Promise<{ offices: Office[]; lastUpdated: string }> {
  const rows = await db
    .selectFrom('offices')
    .select([...unitColumns, utcInstantText('updated_at', 's').as('updated_at'), sql<boolean>`retired_at is not null`.as('retired')])
    .orderBy('id')
    .execute();
  // A retirement is a change of the list too, though the unit itself is no longer offered (its orders still name it).
  const lastUpdated = rows.reduce((latest, r) => (r.updated_at > latest ? r.updated_at : latest), '');
  return {
    offices: rows.filter((r) => !r.retired).map(({ updated_at: _updatedAt, retired: _retired, ...office }) => office),
    lastUpdated: lastUpdated || new Date(0).toISOString(),
  };
}

/** One version of the public list: its bytes, their validator and their compressed copies. */
export interface OfficesListVersion {
  /** The list as the API sends it, UTF-8: `{ success: true, data: { offices, lastUpdated } }`. */
  readonly body: Bytes;
  /** A weak validator of the body, the same for every encoding. */
  readonly etag: string;
  /**
   * The body in this encoding, compressed once for the version: quickly at first, replaced by a
   * thorough pass when it is done (a second or two for br at 2,000 units, too long to wait for).
   */
  encoded(encoding: Encoding): Promise<Bytes>;
}

/** The public list, serialized: read often, changed only when a unit is rented or edited. */
export interface OfficesList {
  current(): Promise<OfficesListVersion>;
  /** A unit was rented or edited here: the next read goes to the database. */
  invalidate(): void;
}

/**
 * The list kept for a moment: this process drops its copy at once when it changes a unit
 * (invalidate), and another instance's change shows within maxAgeMs. Checkout always checks
 * availability against the database itself. A version is the body's hash: a refresh that reads
 * the same bytes keeps the version and so its compressed copies.
 */
export function createOfficesList(db: Db, options: { maxAgeMs?: number; compress?: typeof compress } = {}): OfficesList {
  const { maxAgeMs = 2000, compress: compressBody = compress } = options;
  let fresh: { version: Promise<OfficesListVersion>; at: number } | undefined;
  let latest: OfficesListVersion | undefined;
  // One thorough pass at a time, and none for a list already replaced: a burst of staff edits
  // is a burst of versions, and each br pass holds one of zlib's few threads for over a second.
  let polishing = Promise.resolve();

  function versionOf(body: Bytes, etag: string): OfficesListVersion {
    const copies = new Map<Encoding, Promise<Bytes>>();
    const version: OfficesListVersion = {
      body,
      etag,
      encoded(encoding) {
        let bytes = copies.get(encoding);
        if (!bytes) {
          bytes = compressBody(body, encoding, 'quick');
          copies.set(encoding, bytes);
          polishing = polishing
            .then(async () => {
              if (version === latest) copies.set(encoding, Promise.resolve(await compressBody(body, encoding, 'thorough')));
            })
            // The quick copy stays.
            .catch(() => undefined);
        }
        return bytes;
      },
    };
    return version;
  }

  async function read(): Promise<OfficesListVersion> {
    const body = new TextEncoder().encode(JSON.stringify({ success: true, data: await listOffices(db) }));
    const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
    if (latest?.etag !== etag) latest = versionOf(body, etag);
    return latest;
  }

  return {
    current() {
      const now = Date.now();
      // Requests that arrive while the list is read share that one read.
      if (!fresh || now - fresh.at >= maxAgeMs) {
        const version = read();
        fresh = { version, at: now };
        // A failed read is not kept: the next request asks the database again.
        version.catch(() => {
          if (fresh?.version === version) fresh = undefined;
        });
      }
      return fresh.version;
    },
    invalidate() {
      fresh = undefined;
    },
  };
}
